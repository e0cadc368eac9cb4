// A verified visitor as the web app makes one: POST /api/session issues the visitor token that
// every per-visitor rule (one vote, one booking, rate limits) rests on.
import http from 'k6/http';
import { check } from 'k6';
import { BASE_URL, JSON_HEADERS } from './config.js';

/** A new visitor: their token and the headers that carry it. */
export function newVisitor() {
  const res = http.post(`${BASE_URL}/api/session`, null, { tags: { name: 'visitor_token' } });
  check(res, { 'visitor token issued': (r) => r.status === 201 || r.status === 200 });
  const token = res.status < 300 ? String(res.json('anon_token')) : '';
  return { token, headers: { ...JSON_HEADERS, 'x-anon-token': token } };
}

/**
 * GET `path` of the site as JSON (null on any non-200), tagged `name` for the thresholds.
 * @param {string} path
 * @param {string} name
 * @param {Record<string, string>} [headers]
 * @returns {any}
 */
export function getJson(path, name, headers = {}) {
  const res = http.get(`${BASE_URL}${path}`, { headers, tags: { name } });
  check(res, { [`${name} answered`]: (r) => r.status === 200 });
  return res.status === 200 ? res.json() : null;
}
