import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestService, type TestService } from '@wfm/service-kit/testing';
import { service } from '../src/app.ts';
import { listPosts as listWholeRows, type PostFilters } from '../src/posts/posts-search-repository.ts';
import { listPosts, type ListPostsInput } from '../src/posts/posts-service.ts';
import { SummaryJsonCache } from '../src/posts/posts-summary-cache.ts';
import { createPost, get, post, uniqueWord } from './helpers.ts';

/**
 * Feed pages (latest, trending, upvotes; all posts or one type) are made of the JSON text each
 * process holds per post at its row version (posts-summary-cache.ts). These tests hold that text to
 * what whole rows make, and show that every kind of change to a post reaches the next page, in the
 * process that wrote it and in another one.
 */
let t: TestService;
beforeAll(async () => {
  t = await buildTestService(service, { relay: false });
});
afterAll(async () => {
  await t?.close();
});

/** Counts the texts it makes, so a test can tell a page read from held text from one read whole. */
class CountingCache extends SummaryJsonCache {
  made = 0;
  override set(id: number, version: string, json: string): void {
    this.made++;
    super.set(id, version, json);
  }
}

const noVisitor = () => null;
const input = (query: Partial<ListPostsInput>): ListPostsInput => ({ sort: 'latest', limit: 20, offset: 0, ...query });
const filtersOf = (query: ListPostsInput): PostFilters => ({ sort: query.sort, type: query.type, q: query.q });

/** The page as whole rows answer it, serialized as the list always was. */
async function wholeRowAnswer(query: ListPostsInput) {
  return JSON.stringify(await listWholeRows(t.sql, filtersOf(query), { limit: query.limit, offset: query.offset }));
}

type Page = { posts: Array<Record<string, unknown> & { id: number }>; total: number };
const page = async (url: string): Promise<Page> => {
  const res = await get(t.app, url);
  expect(res.statusCode, res.body).toBe(200);
  return JSON.parse(res.body) as Page;
};
const listed = (answer: Page, id: number) => answer.posts.find((p) => p.id === id);

describe('feed pages from held text', () => {
  beforeAll(async () => {
    for (let i = 0; i < 30; i++) await createPost(t.app, { type: i % 3 === 0 ? 'Idea' : 'Question', title: `feed text ${i} "quoted" \\ é 😀` });
  });

  it.each([
    ['latest', input({})],
    ['latest, one type', input({ type: 'Idea', limit: 7, offset: 2 })],
    ['trending', input({ sort: 'trending', limit: 50 })],
    ['upvotes, one type', input({ sort: 'upvotes', type: 'Question', limit: 5, offset: 4 })],
    ['past the end', input({ offset: 100_000 })],
    ['ranked search', input({ q: 'feed text' })],
    ['ranked search, one type, further on', input({ q: 'quoted', type: 'Idea', limit: 4, offset: 3 })],
  ] as const)('a %s page is byte for byte what whole rows make, first read and held', async (_name, query) => {
    const cache = new CountingCache();
    const first = await listPosts(t.ctx, query, noVisitor, cache);
    expect(first).toBe(await wholeRowAnswer(query));
    const made = cache.made;
    expect(made).toBe((JSON.parse(first) as Page).posts.length);
    // The second read takes every post's text from the cache: no row is read or serialized again.
    const second = await listPosts(t.ctx, query, noVisitor, cache);
    expect(second).toBe(first);
    expect(cache.made).toBe(made);
  });

  /** Reads the page, changes one counter of its `index`th post, reads again: only that post is made anew. */
  async function changeOneAndReadAgain(query: ListPostsInput, index: number, column: 'upvotes' | 'comment_count', by: number) {
    const cache = new CountingCache();
    const before = JSON.parse(await listPosts(t.ctx, query, noVisitor, cache)) as Page;
    const changed = before.posts[index]!.id;
    await t.sql`UPDATE posts SET ${t.sql(column)} = ${t.sql(column)} + ${by} WHERE id = ${changed}`;
    const made = cache.made;
    const after = await listPosts(t.ctx, query, noVisitor, cache);
    expect(cache.made).toBe(made + 1);
    expect(listed(JSON.parse(after) as Page, changed)![column]).toBe((before.posts[index]![column] as number) + by);
    expect(after).toBe(await wholeRowAnswer(query));
    return before;
  }

  it('a ranked search page finds the posts and reads again only the one that changed', async () => {
    const before = await changeOneAndReadAgain(input({ q: 'quoted', limit: 10 }), 2, 'comment_count', 2);
    expect(before.posts).toHaveLength(10);
    expect(before.total).toBe(30);
  });

  it('reads again only the post that changed', async () => {
    await changeOneAndReadAgain(input({ limit: 10 }), 3, 'upvotes', 5);
  });

  it('shows every kind of change on the next page, in the replica that wrote it and in another', async () => {
    const word = uniqueWord('fresh');
    const id = await createPost(t.app, { type: 'Question', title: `${word} question` });
    const query = input({ type: 'Question', limit: 50 });
    // The app's route is one replica; another replica is its own cache over the same database.
    const otherReplica = new SummaryJsonCache();
    const inOther = async () => listed(JSON.parse(await listPosts(t.ctx, query, noVisitor, otherReplica)) as Page, id);
    const inThis = async () => listed(await page('/api/posts?type=Question&limit=50'), id);
    // Both hold the post's text now.
    expect(await inThis()).toMatchObject({ upvotes: 0, comment_count: 0 });
    expect(await inOther()).toMatchObject({ upvotes: 0, comment_count: 0 });

    const upvote = await post(t.app, `/api/posts/${id}/upvote`, {});
    expect(upvote.statusCode, upvote.body).toBe(200);
    const comment = await post(t.app, '/api/comments', { post_id: id, body: 'a comment', author_name: 'Anonymous' });
    expect(comment.statusCode, comment.body).toBe(201);
    expect(await inThis()).toMatchObject({ upvotes: 1, comment_count: 1 });
    expect(await inOther()).toMatchObject({ upvotes: 1, comment_count: 1 });

    await t.sql`UPDATE posts SET title = ${`${word} edited`}, status = 'resolved' WHERE id = ${id}`;
    expect(await inThis()).toMatchObject({ title: `${word} edited`, status: 'resolved' });
    expect(await inOther()).toMatchObject({ title: `${word} edited`, status: 'resolved' });

    await t.sql`DELETE FROM posts WHERE id = ${id}`;
    expect(await inThis()).toBeUndefined();
    expect(await inOther()).toBeUndefined();
  });
});

describe('SummaryJsonCache', () => {
  it('answers a post only at the version it holds', () => {
    const cache = new SummaryJsonCache();
    cache.set(1, '100', '{"id":1}');
    expect(cache.get(1, '100')).toBe('{"id":1}');
    expect(cache.get(1, '101')).toBeUndefined();
    expect(cache.get(2, '100')).toBeUndefined();
    cache.set(1, '101', '{"id":1,"x":2}');
    expect(cache.get(1, '100')).toBeUndefined();
    expect(cache.get(1, '101')).toBe('{"id":1,"x":2}');
  });

  it('keeps within its bytes, forgetting the oldest first', () => {
    const text = 'x'.repeat(1_000);
    const cache = new SummaryJsonCache(10 * (text.length * 2 + 64));
    for (let id = 1; id <= 15; id++) cache.set(id, 'v', text);
    expect(cache.size).toBeLessThanOrEqual(10 * (text.length * 2 + 64));
    expect(cache.get(1, 'v')).toBeUndefined();
    expect(cache.get(5, 'v')).toBeUndefined();
    expect(cache.get(6, 'v')).toBe(text);
    expect(cache.get(15, 'v')).toBe(text);
    // A text larger than the whole budget is not kept.
    cache.set(99, 'v', 'y'.repeat(20_000));
    expect(cache.get(99, 'v')).toBeUndefined();
    expect(cache.get(15, 'v')).toBe(text);
  });
});
