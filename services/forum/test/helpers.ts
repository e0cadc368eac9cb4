import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { createVisitorVerifier } from '@wfm/service-kit';
import { newVisitor, post, TEST_VISITOR_SECRET, testVisitorToken, type Visitor } from '@wfm/service-kit/testing';

// The kit's visitor client and outbox reader, under the names this folder's tests use.
export { get, newVisitor, outboxEvents, post, randomIp, type Visitor } from '@wfm/service-kit/testing';

/** A fresh visitor token as identity issues it (signed with the test secret the test apps verify with). */
export const newToken = (): string => testVisitorToken();

const forumVisitor = createVisitorVerifier(TEST_VISITOR_SECRET, 'forum');

/** What the forum stores for a token: the kit's keyed forum hash of an issued token (any other string: a stand-in hash). */
export const hashToken = (token: string): Buffer =>
  forumVisitor(token)?.hash ?? createHash('sha256').update(token).digest();

/** A word no other test uses, for searches and author filters. */
export const uniqueWord = (prefix = 'w'): string => `${prefix}${randomBytes(5).toString('hex')}`;

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

export async function createPost(
  app: FastifyInstance,
  overrides: Record<string, unknown> = {},
  visitor: Visitor = newVisitor(),
): Promise<number> {
  const res = await post(app, '/api/posts', validPost(overrides), visitor);
  if (res.statusCode !== 201) throw new Error(`create post: ${res.statusCode} ${res.body}`);
  return res.json<{ id: number }>().id;
}
