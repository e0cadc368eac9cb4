import { randomBytes, randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Sql } from '@wfm/service-kit';
import { testVisitorToken } from '@wfm/service-kit/testing';

/** A client address of its own, so each test starts with fresh per-IP rate-limit counters. */
export const randomIp = (): string => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

export interface Visitor {
  token: string;
  ip: string;
}
/** A visitor with a token as identity issues it (signed with the test secret). */
export const newVisitor = (): Visitor => ({ token: testVisitorToken(), ip: randomIp() });

/** A word no other test uses, for searches. */
export const uniqueWord = (prefix = 'w'): string => `${prefix}${randomBytes(5).toString('hex')}`;

export function post(app: FastifyInstance, url: string, payload?: unknown, visitor: Visitor = newVisitor()) {
  return app.inject({
    method: 'POST',
    url,
    remoteAddress: visitor.ip,
    headers: { 'x-anon-token': visitor.token },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

export function get(app: FastifyInstance, url: string, visitor: Visitor = newVisitor()) {
  return app.inject({ method: 'GET', url, remoteAddress: visitor.ip, headers: { 'x-anon-token': visitor.token } });
}

export const validTool = (overrides: Record<string, unknown> = {}) => ({
  name: 'Erlang Planner',
  category: 'Forecasting',
  url: 'https://erlang.example.com/planner',
  short_desc: 'Erlang C staffing calculator with interval forecasts.',
  submitted_by: 'planner_one',
  ...overrides,
});

export const validTemplate = (overrides: Record<string, unknown> = {}) => ({
  name: 'Weekly schedule grid',
  category: 'Scheduling Templates',
  short_desc: 'A grid for weekly shift planning.',
  url: 'https://templates.example.com/weekly-grid',
  submitted_by: 'planner_one',
  ...overrides,
});

export const validPoll = (overrides: Record<string, unknown> = {}) => ({
  title: 'Which forecasting method do you use?',
  description: 'Tell us what your team relies on for interval forecasts.',
  category: 'metrics',
  options: ['Erlang C', 'Simulation', 'Machine learning'],
  created_by: 'planner_one',
  ...overrides,
});

export async function createTool(app: FastifyInstance, overrides: Record<string, unknown> = {}, visitor?: Visitor) {
  const res = await post(app, '/api/tools', validTool(overrides), visitor);
  if (res.statusCode !== 201) throw new Error(`create tool: ${res.statusCode} ${res.body}`);
  return res.json<{ id: number; votes: number; linked_posts: number; name: string }>();
}

export interface PollAnswer {
  id: number;
  status: string;
  total_votes: number;
  userVote: number | null;
  expires_at: number | null;
  options: Array<{ id: number; text: string; votes: number; percentage: number }>;
}

export async function createPoll(app: FastifyInstance, overrides: Record<string, unknown> = {}, visitor?: Visitor) {
  const res = await post(app, '/api/polls', validPoll(overrides), visitor);
  if (res.statusCode !== 201) throw new Error(`create poll: ${res.statusCode} ${res.body}`);
  return res.json<PollAnswer>();
}

/** Events waiting in the outbox (services built with relay: false keep them there). */
export async function outboxEvents(sql: Sql, subject: string): Promise<Record<string, unknown>[]> {
  const rows = await sql<{ payload: Record<string, unknown> }[]>`
    SELECT payload FROM outbox WHERE subject = ${subject} ORDER BY id`;
  return rows.map((r) => r.payload);
}

/** Sends `count` requests at once over real HTTP connections (not app.inject), all released together. */
export async function parallel(count: number, send: (i: number) => Promise<Response>): Promise<Response[]> {
  return Promise.all(Array.from({ length: count }, (_, i) => send(i)));
}
