import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { createVisitorVerifier, type Sql } from '@wfm/service-kit';
import { TEST_VISITOR_SECRET, testVisitorToken } from '@wfm/service-kit/testing';

/** A client address of its own, so each test starts with fresh per-IP rate-limit counters. */
export const randomIp = (): string => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/** A fresh visitor token as identity issues it (signed with the test secret the test apps verify with). */
export const newToken = (): string => testVisitorToken();

const forumVisitor = createVisitorVerifier(TEST_VISITOR_SECRET, 'forum');

/** What the forum stores for a token: the kit's keyed forum hash of an issued token (any other string: a stand-in hash). */
export const hashToken = (token: string): Buffer =>
  forumVisitor(token)?.hash ?? createHash('sha256').update(token).digest();

/** A word no other test uses, for searches and author filters. */
export const uniqueWord = (prefix = 'w'): string => `${prefix}${randomBytes(5).toString('hex')}`;

export interface Visitor {
  token: string;
  ip: string;
}
export const newVisitor = (): Visitor => ({ token: newToken(), ip: randomIp() });

export const validPost = (overrides: Record<string, unknown> = {}) => ({
  type: 'Question',
  title: 'How do you forecast weekend volume?',
  body: 'We see **spiky** Saturday volume. Any tips?',
  tags: 'forecast,volume',
  author_name: 'planner_one',
  tool_links: [],
  attachments: [],
  status: 'open',
  isAnonymous: false,
  ...overrides,
});

export function post(app: FastifyInstance, url: string, payload: unknown, visitor: Visitor = newVisitor()) {
  return app.inject({
    method: 'POST',
    url,
    remoteAddress: visitor.ip,
    headers: { 'x-anon-token': visitor.token },
    payload: payload as Record<string, unknown>,
  });
}

export function get(app: FastifyInstance, url: string, visitor: Visitor = newVisitor()) {
  return app.inject({ method: 'GET', url, remoteAddress: visitor.ip, headers: { 'x-anon-token': visitor.token } });
}

export async function createPost(
  app: FastifyInstance,
  overrides: Record<string, unknown> = {},
  visitor: Visitor = newVisitor(),
): Promise<number> {
  const res = await post(app, '/api/posts', validPost(overrides), visitor);
  if (res.statusCode !== 201) throw new Error(`create post: ${res.statusCode} ${res.body}`);
  return res.json<{ id: number }>().id;
}

/** Events waiting in the outbox (services built with relay: false keep them there). */
export async function outboxEvents(sql: Sql, subject: string): Promise<Record<string, unknown>[]> {
  const rows = await sql<{ payload: Record<string, unknown> }[]>`
    SELECT payload FROM outbox WHERE subject = ${subject} ORDER BY id`;
  return rows.map((r) => r.payload);
}
