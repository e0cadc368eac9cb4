import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { post, type Visitor } from '@wfm/service-kit/testing';

// The kit's visitor client and outbox reader, under the names this folder's tests use.
export { get, newVisitor, outboxEvents, post, randomIp, type Visitor } from '@wfm/service-kit/testing';

/** A word no other test uses, for searches. */
export const uniqueWord = (prefix = 'w'): string => `${prefix}${randomBytes(5).toString('hex')}`;

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

/** Sends `count` requests at once over real HTTP connections (not app.inject), all released together. */
export async function parallel(count: number, send: (i: number) => Promise<Response>): Promise<Response[]> {
  return Promise.all(Array.from({ length: count }, (_, i) => send(i)));
}
