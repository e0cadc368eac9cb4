import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createLogger, createServiceApp, createSql, type Sql } from '@wfm/service-kit';
import { buildTestService, TEST_STAFF_SECRET, TEST_VISITOR_SECRET, type TestService } from '@wfm/service-kit/testing';
import { COMMENT_MESSAGES, Comment, POST_MESSAGES, PostDetail } from '@wfm/contracts/forum';
import { service } from '../src/app.ts';
import { createPost, get, newVisitor, outboxEvents, post, randomIp, type Visitor } from './helpers.ts';

let t: TestService;
/** A second app on the same database with twice the test pool, so more votes race at once. */
let wide: { app: FastifyInstance; sql: Sql };
beforeAll(async () => {
  t = await buildTestService(service, { relay: false });
  const sql = createSql(t.databaseUrl, { schema: 'forum', max: 10 });
  const app = await createServiceApp(service, { sql, bus: t.bus, staffSecret: TEST_STAFF_SECRET, visitorSecret: TEST_VISITOR_SECRET,
    nodeEnv: 'test',
    logger: createLogger('forum', 'silent'),
  });
  await app.ready();
  wide = { app, sql };
});
afterAll(async () => {
  await wide?.app.close();
  await wide?.sql.end({ timeout: 1 });
  await t?.close();
});

const upvote = (app: FastifyInstance, id: number | string, visitor: Visitor = newVisitor()) =>
  post(app, `/api/posts/${id}/upvote`, undefined, visitor);

describe('POST /api/posts/{id}/upvote', () => {
  it('counts one upvote per visitor and answers {upvotes}', async () => {
    const id = await createPost(t.app);
    const me = newVisitor();
    const first = await upvote(t.app, id, me);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ upvotes: 1 });
    expect((await upvote(t.app, id, me)).json()).toEqual({ upvotes: 1 });
    expect((await upvote(t.app, id)).json()).toEqual({ upvotes: 2 });
    expect((await get(t.app, `/api/posts/${id}`)).json().upvotes).toBe(2);
  });

  it('100 parallel upvotes from one visitor count once', async () => {
    const id = await createPost(t.app);
    const { token } = newVisitor();
    // Each from its own address, so the per-(address, post) limit stays out of the race.
    const results = await Promise.all(Array.from({ length: 100 }, () => upvote(wide.app, id, { token, ip: randomIp() })));
    expect(results.map((r) => r.statusCode)).toEqual(Array(100).fill(200));
    for (const r of results) expect(r.json()).toEqual({ upvotes: 1 });
    expect((await get(t.app, `/api/posts/${id}`)).json().upvotes).toBe(1);
    const votes = await t.sql`SELECT count(*)::int AS n FROM post_upvotes WHERE post_id = ${id}`;
    expect(votes[0]!.n).toBe(1);
  });

  it('100 parallel upvotes from 100 visitors count 100', async () => {
    const id = await createPost(t.app);
    const results = await Promise.all(Array.from({ length: 100 }, () => upvote(wide.app, id)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(100).fill(200));
    const counts = results.map((r) => r.json<{ upvotes: number }>().upvotes).sort((a, b) => a - b);
    expect(counts).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    expect((await get(t.app, `/api/posts/${id}`)).json().upvotes).toBe(100);
  });

  it('a visitor without a token cannot upvote (no falling back to the address)', async () => {
    const id = await createPost(t.app);
    const ip = randomIp();
    const anon = () => t.app.inject({ method: 'POST', url: `/api/posts/${id}/upvote`, remoteAddress: ip });
    const res = await anon();
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('A valid x-anon-token header is required');
    expect((await get(t.app, `/api/posts/${id}`)).json().upvotes).toBe(0);
  });

  it('bad ids 400, unknown 404', async () => {
    for (const id of ['0', '-1', 'abc', '1.5']) {
      const res = await upvote(t.app, id);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: POST_MESSAGES.invalidId });
    }
    const res = await upvote(t.app, 987654321);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: POST_MESSAGES.notFound });
  });

  it('writes forum.post.upvoted {post_id, upvotes} once per counted vote', async () => {
    const id = await createPost(t.app);
    const me = newVisitor();
    await upvote(t.app, id, me);
    await upvote(t.app, id, me);
    await upvote(t.app, id);
    const events = (await outboxEvents(t.sql, 'forum.post.upvoted')).filter((e) => e.post_id === id);
    expect(events).toEqual([
      { post_id: id, upvotes: 1 },
      { post_id: id, upvotes: 2 },
    ]);
  });
});

describe('POST /api/comments', () => {
  const comment = (payload: Record<string, unknown>, visitor?: Visitor) => post(t.app, '/api/comments', payload, visitor);

  it('adds a comment, answers 201 with it, and the detail lists comments oldest first', async () => {
    const id = await createPost(t.app);
    const first = await comment({ post_id: id, body: '  First **reply**  ', author_name: 'helper' });
    expect(first.statusCode).toBe(201);
    const created = Comment.parse(first.json());
    expect(created).toMatchObject({ post_id: id, body: 'First **reply**', author_name: 'helper' });
    await comment({ post_id: id, body: 'Second', author_name: 'helper', isAnonymous: true });

    const detail = PostDetail.parse((await get(t.app, `/api/posts/${id}`)).json());
    expect(detail.comment_count).toBe(2);
    expect(detail.comments.map((c) => [c.body, c.author_name])).toEqual([
      ['First **reply**', 'helper'],
      ['Second', 'Anonymous'],
    ]);
  });

  it('body: 5000 characters after trimming pass, 5001 and blank are refused', async () => {
    const id = await createPost(t.app);
    const ok = await comment({ post_id: id, body: `  ${'x'.repeat(5000)}  `, author_name: 'a' });
    expect(ok.statusCode).toBe(201);
    const long = await comment({ post_id: id, body: 'x'.repeat(5001), author_name: 'a' });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ message: COMMENT_MESSAGES.bodyTooLong });
    const blank = await comment({ post_id: id, body: ' \n\t ', author_name: 'a' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ message: COMMENT_MESSAGES.bodyRequired });
  });

  it('author: 1 to 40 characters', async () => {
    const id = await createPost(t.app);
    expect((await comment({ post_id: id, body: 'b', author_name: 'x'.repeat(40) })).statusCode).toBe(201);
    const long = await comment({ post_id: id, body: 'b', author_name: 'x'.repeat(41) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ message: COMMENT_MESSAGES.authorTooLong });
    const empty = await comment({ post_id: id, body: 'b', author_name: '' });
    expect(empty.json()).toEqual({ message: COMMENT_MESSAGES.authorRequired });
  });

  it('post_id must be a positive integer of an existing post', async () => {
    for (const postId of [0, -1, 'abc', 1.5, undefined]) {
      const res = await comment({ post_id: postId, body: 'b', author_name: 'a' });
      expect(res.statusCode).toBe(400);
    }
    const res = await comment({ post_id: 987654321, body: 'b', author_name: 'a' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: POST_MESSAGES.notFound });
  });

  it('writes forum.comment.created with the comment', async () => {
    const id = await createPost(t.app);
    const visitor = newVisitor();
    const created = (await comment({ post_id: id, body: 'evented', author_name: 'a' }, visitor)).json();
    const events = (await outboxEvents(t.sql, 'forum.comment.created')).filter((e) => e.post_id === id);
    expect(events).toEqual([created]);
    expect(JSON.stringify(events)).not.toContain(visitor.token);
  });
});
