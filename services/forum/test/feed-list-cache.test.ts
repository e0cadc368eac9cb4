import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeEvent } from '@wfm/service-kit';
import { buildTestService, freePort, TEST_REDIS_URL, type TestService } from '@wfm/service-kit/testing';
import { service } from '../src/app.ts';
import { FeedListCache, LIST_DEPTH, LIST_MAX_AGE_MS } from '../src/posts/posts-list-cache.ts';
import { LIST_REVISION_KEY, redisListRevision } from '../src/posts/posts-list-revision.ts';
import { listPosts as listWholeRows } from '../src/posts/posts-search-repository.ts';
import { listPosts, type ListPostsInput } from '../src/posts/posts-service.ts';
import { SummaryJsonCache } from '../src/posts/posts-summary-cache.ts';
import { createPost, get } from './helpers.ts';

/**
 * Feed lists (latest, trending, upvotes; all posts or one type) keep their order of ids and row
 * versions under a list revision shared in Redis (posts-list-cache.ts, posts-list-revision.ts).
 * These tests hold the pages to what PostgreSQL answers, show when a list is read again, and that
 * every way the revision moves (a write's answer, the relay before an event, a restore) happens
 * before anybody can ask for the change.
 */
let t: TestService;
let redis: Redis;
beforeAll(async () => {
  redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 2 });
  t = await buildTestService(service, { redis });
  for (let i = 0; i < 40; i++) await createPost(t.app, { type: i % 3 === 0 ? 'Idea' : 'Question', title: `list cache ${i} "quoted" é` });
});
afterAll(async () => {
  await t?.close();
  redis?.disconnect();
});

const noVisitor = () => null;
const input = (query: Partial<ListPostsInput>): ListPostsInput => ({ sort: 'latest', limit: 20, offset: 0, ...query });
const wholeRows = async (query: ListPostsInput) =>
  JSON.stringify(await listWholeRows(t.sql, { sort: query.sort, type: query.type }, { limit: query.limit, offset: query.offset }));

/** A list cache on a revision key of its own (other tests and runs share Redis), with a clock the test moves. */
function ownCache() {
  const key = `test:list-revision:${randomBytes(6).toString('hex')}`;
  const revision = redisListRevision(redis, key);
  const clock = { now: 1_000_000 };
  const lists = new FeedListCache(revision, () => clock.now);
  const summaries = new SummaryJsonCache();
  const read = (query: ListPostsInput) => listPosts(t.ctx, query, noVisitor, summaries, lists);
  return { lists, revision, clock, read };
}

const QUERIES = [
  input({}),
  input({ type: 'Idea', limit: 7, offset: 2 }),
  input({ sort: 'trending', limit: 50 }),
  input({ sort: 'upvotes', type: 'Question', limit: 5, offset: 4 }),
  input({ offset: 30, limit: 15 }),
  input({ offset: 100_000 - 50, limit: 50 }),
];

describe('feed pages from held lists', () => {
  it('answers every page byte for byte as PostgreSQL does, reading each list once per revision', async () => {
    const { lists, read } = ownCache();
    for (const query of QUERIES) expect(await read(query)).toBe(await wholeRows(query));
    // latest, latest/Idea, trending, upvotes/Question: the pages within LIST_DEPTH share four lists.
    expect(lists.builds).toBe(4);
    for (const query of QUERIES) expect(await read(query)).toBe(await wholeRows(query));
    expect(lists.builds).toBe(4);
  });

  it('keeps a list until the revision moves on, then shows the change', async () => {
    const { lists, revision, read } = ownCache();
    const before = JSON.parse(await read(input({}))) as { posts: Array<{ id: number }>; total: number };
    const id = await createPost(t.app, { title: 'after the list was read' });
    // Same revision (this cache's key did not move): the held order, without the new post.
    const held = JSON.parse(await read(input({}))) as { posts: Array<{ id: number }>; total: number };
    expect(held).toEqual(before);
    await revision.bump();
    const after = JSON.parse(await read(input({}))) as { posts: Array<{ id: number }>; total: number };
    expect(after.posts[0]!.id).toBe(id);
    expect(after.total).toBe(before.total + 1);
    expect(lists.builds).toBe(2);
  });

  it(`reads a list again after ${LIST_MAX_AGE_MS} ms under one revision`, async () => {
    const { lists, clock, read } = ownCache();
    await read(input({}));
    clock.now += LIST_MAX_AGE_MS - 1;
    await read(input({}));
    expect(lists.builds).toBe(1);
    clock.now += 1;
    await read(input({}));
    expect(lists.builds).toBe(2);
  });

  it('shares one read among the requests that arrive while it runs', async () => {
    const { lists, read } = ownCache();
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => read(input({ offset: i, limit: 5 }))));
    expect(lists.builds).toBe(1);
    expect(answers).toEqual(await Promise.all(Array.from({ length: 10 }, (_, i) => wholeRows(input({ offset: i, limit: 5 })))));
  });

  it('reads the page whole when a listed post was deleted after its list was read', async () => {
    const { lists, read } = ownCache();
    const id = await createPost(t.app, { title: 'deleted after the list was read' });
    await lists.page(t.sql, { sort: 'latest' }, { limit: 20, offset: 0 });
    // Gone behind the held list's back (its revision key does not move): its text is not held either.
    await t.sql`DELETE FROM posts WHERE id = ${id}`;
    const answer = await read(input({}));
    expect(answer).toBe(await wholeRows(input({})));
    expect((JSON.parse(answer) as { posts: Array<{ id: number }> }).posts.map((p) => p.id)).not.toContain(id);
  });

  it(`reads pages beyond the first ${LIST_DEPTH} posts from PostgreSQL`, async () => {
    const { lists } = ownCache();
    expect(await lists.page(t.sql, { sort: 'latest' }, { limit: 20, offset: LIST_DEPTH - 20 })).not.toBeNull();
    expect(await lists.page(t.sql, { sort: 'latest' }, { limit: 20, offset: LIST_DEPTH - 19 })).toBeNull();
  });

  it('reads from PostgreSQL when the revision cannot be read (Redis down)', async () => {
    const down = new Redis({ port: await freePort(), lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0, retryStrategy: () => null });
    down.on('error', () => {});
    try {
      const lists = new FeedListCache(redisListRevision(down));
      expect(await lists.page(t.sql, { sort: 'latest' }, { limit: 20, offset: 0 })).toBeNull();
      const query = input({ sort: 'trending' });
      expect(await listPosts(t.ctx, query, noVisitor, new SummaryJsonCache(), lists)).toBe(await wholeRows(query));
      expect(lists.builds).toBe(0);
    } finally {
      down.disconnect();
    }
  });
});

describe('the list revision moves before anybody can ask for a change', () => {
  const revisionNow = async () => Number((await redis.get(LIST_REVISION_KEY)) ?? 0);

  it("a write's answer leaves after the move: the writer's next page, from any replica, has the write", async () => {
    // Another replica: its own caches on the shared revision, holding the feed from before the write.
    const other = new FeedListCache(redisListRevision(redis));
    const otherRead = () => listPosts(t.ctx, input({}), noVisitor, new SummaryJsonCache(), other);
    await otherRead();
    const before = await revisionNow();
    const id = await createPost(t.app, { title: 'seen by the writer at once' });
    expect(await revisionNow()).toBeGreaterThan(before);
    const page = JSON.parse((await get(t.app, '/api/posts?sort=latest')).body) as { posts: Array<{ id: number }> };
    expect(page.posts[0]!.id).toBe(id);
    expect((JSON.parse(await otherRead()) as { posts: Array<{ id: number }> }).posts[0]!.id).toBe(id);
  });

  it('the relay moves it before it publishes a post or comment event', async () => {
    const seen: number[] = [];
    const before = await revisionNow();
    const stop = await t.bus.subscribe('forum.post.deleted', async (evt) => {
      if ((evt.data as { id: number }).id === 987_654) seen.push(await revisionNow());
    });
    try {
      // Written without a request, so only the relay can move the revision.
      await writeEvent(t.sql, 'forum.post.deleted', { id: 987_654, at: Date.now() });
      await expect.poll(() => seen.length).toBe(1);
      expect(seen[0]).toBeGreaterThan(before);
    } finally {
      await stop();
    }
  });

  it('a database restore moves it', async () => {
    const before = await revisionNow();
    await t.bus.publish('admin.database.restored', { backupFileName: 'b.dump', at: Date.now() }, { msgId: `restore-${randomBytes(4).toString('hex')}` });
    await expect.poll(revisionNow).toBeGreaterThan(before);
  });
});
