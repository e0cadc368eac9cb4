import { randomInt } from 'node:crypto';

/**
 * A client address for one simulated visitor. Every test talks to the site from 127.0.0.1; the
 * gateway trusts x-forwarded-for from loopback (as it would from an ingress), so giving each
 * visitor its own address keeps the per-IP abuse limits per visitor, as for real visitors.
 */
export const visitorAddress = () => `198.18.${randomInt(0, 256)}.${randomInt(1, 255)}`;

/** Calls the site's API as one visitor would (JSON in and out); throws on a non-2xx answer. */
export async function apiCall<T>(site: string, method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const headers: Record<string, string> = { 'x-forwarded-for': visitorAddress() };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers['x-anon-token'] = token;
  const res = await fetch(`${site}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}
