import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestService, type TestService } from '@wfm/service-kit/testing';
import { COMMENT_PAGE, CommentPage, POST_MESSAGES, PostDetail } from '@wfm/contracts/forum';
import { service } from '../src/app.ts';
import { createPost, get, post } from './helpers.ts';

let t: TestService;
beforeAll(async () => {
  t = await buildTestService(service, { relay: false });
});
afterAll(async () => t?.close());

/**
 * `count` comments on the post, written directly (thousands through the API would take minutes),
 * three to a millisecond so the order must fall back on the id; the post's counter follows.
 */
async function addComments(postId: number, count: number): Promise<number[]> {
  const rows = await t.sql<{ id: number }[]>`
    INSERT INTO comments (post_id, body, author_name, created_at)
    SELECT ${postId}, 'comment ' || i, 'member_' || (i % 7), 1700000000000 + i / 3
    FROM generate_series(0, ${count - 1}) AS i
    ORDER BY i
    RETURNING id`;
  await t.sql`UPDATE posts SET comment_count = comment_count + ${count} WHERE id = ${postId}`;
  return rows.map((r) => r.id);
}

async function detail(id: number): Promise<PostDetail> {
  const res = await get(t.app, `/api/posts/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return PostDetail.parse(res.json());
}

async function page(id: number, query: string): Promise<CommentPage> {
  const res = await get(t.app, `/api/posts/${id}/comments${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return CommentPage.parse(res.json());
}

/** The discussion order as the database sees it. */
async function storedOrder(postId: number): Promise<number[]> {
  const rows = await t.sql<{ id: number }[]>`SELECT id FROM comments WHERE post_id = ${postId} ORDER BY created_at, id`;
  return rows.map((r) => r.id);
}

describe('comments in pages', () => {
  it('the detail carries the first 100 comments and a cursor; following it gives all 250, in order, once each', async () => {
    const id = await createPost(t.app);
    await addComments(id, 250);

    const first = await detail(id);
    expect(first.comment_count).toBe(250);
    expect(first.comments).toHaveLength(COMMENT_PAGE.default);
    expect(first.comments_next_cursor).toEqual(expect.any(String));

    const seen = first.comments.map((c) => c.id);
    let cursor = first.comments_next_cursor;
    let pages = 1;
    while (cursor !== null) {
      const next = await page(id, `?after=${encodeURIComponent(cursor)}`);
      expect(next.comments.length).toBeGreaterThan(0);
      seen.push(...next.comments.map((c) => c.id));
      cursor = next.next_cursor;
      pages++;
    }
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(250);
    expect(seen).toEqual(await storedOrder(id));
  });

  it('limit sets the page size; the last page has no cursor', async () => {
    const id = await createPost(t.app);
    const ids = await addComments(id, 7);
    const first = await page(id, '?limit=3');
    expect(first.comments.map((c) => c.id)).toEqual(ids.slice(0, 3));
    const second = await page(id, `?limit=3&after=${first.next_cursor}`);
    expect(second.comments.map((c) => c.id)).toEqual(ids.slice(3, 6));
    const last = await page(id, `?limit=3&after=${second.next_cursor}`);
    expect(last.comments.map((c) => c.id)).toEqual(ids.slice(6));
    expect(last.next_cursor).toBeNull();
    // Exactly a full last page: no cursor to an empty page.
    const exact = await page(id, `?limit=4&after=${first.next_cursor}`);
    expect(exact.comments.map((c) => c.id)).toEqual(ids.slice(3, 7));
    expect(exact.next_cursor).toBeNull();
  });

  it('a post with 5,000 comments answers 100 of them and a cursor', async () => {
    const id = await createPost(t.app);
    const ids = await addComments(id, 5000);
    const first = await detail(id);
    expect(first.comment_count).toBe(5000);
    expect(first.comments.map((c) => c.id)).toEqual(ids.slice(0, 100));
    expect(first.comments_next_cursor).not.toBeNull();
    const deep = await page(id, `?after=${first.comments_next_cursor}&limit=100`);
    expect(deep.comments.map((c) => c.id)).toEqual(ids.slice(100, 200));
  });

  it('a short thread comes whole, without a cursor', async () => {
    const id = await createPost(t.app);
    await addComments(id, 5);
    const first = await detail(id);
    expect(first.comments).toHaveLength(5);
    expect(first.comments_next_cursor).toBeNull();
  });

  it('a comment written after the last page is on the next page of the same cursor', async () => {
    const id = await createPost(t.app);
    await addComments(id, 100);
    const first = await detail(id);
    expect(first.comments_next_cursor).toBeNull();
    const last = first.comments.at(-1)!;
    const res = await post(t.app, '/api/comments', { post_id: id, body: 'late reply', author_name: 'helper' });
    expect(res.statusCode).toBe(201);
    const after = await page(id, `?after=${last.created_at}-${last.id}`);
    expect(after.comments.map((c) => c.body)).toEqual(['late reply']);
  });

  it('unknown post: 404 with a message; existing post past its end: an empty page', async () => {
    const missing = await get(t.app, '/api/posts/999999999/comments');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: POST_MESSAGES.notFound });
    const id = await createPost(t.app);
    expect(await page(id, '')).toEqual({ comments: [], next_cursor: null });
    expect(await page(id, '?after=9999999999999-999999999')).toEqual({ comments: [], next_cursor: null });
  });

  it.each([
    ['bad cursor', '?after=abc'],
    ['cursor without id', '?after=1700000000000-'],
    ['negative cursor', '?after=-5-3'],
    ['oversized cursor', `?after=${'9'.repeat(40)}-1`],
    ['hostile cursor', `?after=${encodeURIComponent("1-1' OR 1=1 --")}`],
    ['repeated cursor', '?after=1-1&after=2-2'],
    ['limit 0', '?limit=0'],
    ['limit 101', '?limit=101'],
    ['limit text', '?limit=many'],
    ['limit fraction', '?limit=2.5'],
  ])('%s: 400 with a message', async (_name, query) => {
    const id = await createPost(t.app);
    const res = await get(t.app, `/api/posts/${id}/comments${query}`);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ message: expect.any(String) });
  });

  it('bad post id: 400 with the invalid-id message', async () => {
    for (const raw of ['0', 'abc', '1e3', '9'.repeat(30)]) {
      const res = await get(t.app, `/api/posts/${raw}/comments`);
      expect(res.statusCode, raw).toBe(400);
      expect(res.json()).toEqual({ message: POST_MESSAGES.invalidId });
    }
  });
});
