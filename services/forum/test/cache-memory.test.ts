import { randomBytes } from 'node:crypto';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestService, TEST_REDIS_URL, type TestService } from '@wfm/service-kit/testing';
import type { PostSort, PostType } from '@wfm/contracts/forum';
import { service } from '../src/app.ts';
import { FeedListCache } from '../src/posts/posts-list-cache.ts';
import { redisListRevision } from '../src/posts/posts-list-revision.ts';
import { listPosts } from '../src/posts/posts-service.ts';
import { SummaryJsonCache } from '../src/posts/posts-summary-cache.ts';
import { createPost } from './helpers.ts';

/**
 * Issue 29 item 5 (memory that stays put): every in-process cache of the forum is bounded in bytes
 * (FORUM_SUMMARY_CACHE_MIB, FORUM_FEED_LIST_CACHE_MIB). Each test feeds a cache many times its
 * bound; held without a bound, what it was fed would show.
 */

// The heap is measured after a full collection: V8's gc() made callable in this process.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const MIB = 1024 * 1024;
const heapUsed = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};

describe('post summary text', () => {
  it('keeps the heap within its byte bound when fed ten times as much text', () => {
    const bound = 8 * MIB;
    const cache = new SummaryJsonCache(bound);
    const before = heapUsed();
    // 40,000 posts of 2,000 distinct characters each (a flat string apiece): 80 MiB as the cache
    // counts (two bytes a character), 76 MiB as V8 holds them (one byte a character).
    for (let id = 1; id <= 40_000; id++) cache.set(id, String(id), `{"id":${id},"body":"${randomBytes(1_000).toString('hex')}"}`);
    const grown = heapUsed() - before;
    expect(cache.size).toBeLessThanOrEqual(bound);
    // The bound plus room for the Map's own slots: far below the 76 MiB an unbounded cache holds.
    expect(grown).toBeLessThan(bound + 4 * MIB);
    // The newest are the ones held.
    expect(cache.get(40_000, '40000')).toBeDefined();
    expect(cache.get(1, '1')).toBeUndefined();
  });
});

describe('feed lists', () => {
  let t: TestService;
  let redis: Redis;
  beforeAll(async () => {
    redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 2 });
    t = await buildTestService(service, { redis });
    for (let i = 0; i < 60; i++) await createPost(t.app, { type: (['Question', 'Idea', 'Tool'] as const)[i % 3], title: `memory list ${i}` });
  });
  afterAll(async () => {
    await t?.close();
    redis?.disconnect();
  });

  it('holds only what fits its byte bound, however many lists are read, and still answers every page', async () => {
    const revision = redisListRevision(redis, `test:list-revision:${randomBytes(6).toString('hex')}`);
    const one = new FeedListCache(revision, Date.now);
    const summaries = new SummaryJsonCache();
    const read = (cache: FeedListCache, sort: PostSort, type: PostType | undefined) =>
      listPosts(t.ctx, { sort, type, limit: 20, offset: 0 }, () => null, summaries, cache);
    // The size of the largest list (all 60 posts), measured by a cache without a tight bound.
    await read(one, 'latest', undefined);
    const listSize = one.size;
    expect(listSize).toBeGreaterThan(60 * 72);

    // Room for about one and a half lists: twelve lists (three orders, four type filters) are read.
    const bound = Math.floor(listSize * 1.5);
    const lists = new FeedListCache(revision, Date.now, bound);
    for (const sort of ['latest', 'trending', 'upvotes'] as const) {
      for (const type of [undefined, 'Question', 'Idea', 'Tool'] as const) {
        const page = JSON.parse(await read(lists, sort, type)) as { posts: unknown[] };
        expect(page.posts.length).toBe(20);
        expect(lists.size).toBeLessThanOrEqual(bound);
      }
    }
    expect(lists.size).toBeGreaterThan(0);
  });
});
