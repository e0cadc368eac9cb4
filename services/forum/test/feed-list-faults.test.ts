import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisClientOptions } from '@wfm/service-kit';
import { buildTestService, startRedisServer, type FaultServer, type TestService } from '@wfm/service-kit/testing';
import { service } from '../src/app.ts';
import { listPosts as listWholeRows } from '../src/posts/posts-search-repository.ts';
import { createPost, get, post, validPost } from './helpers.ts';

/**
 * The feed lists' revision lives in Redis (posts-list-revision.ts). With that Redis crashed or
 * frozen, feed pages are read from PostgreSQL and writes still succeed; nothing is answered stale.
 * A Redis of the test's own, killed and frozen on purpose (the machine's Redis is never touched).
 */
let redisServer: FaultServer;
let redis: Redis;
let t: TestService;
beforeAll(async () => {
  redisServer = await startRedisServer();
  redis = new Redis(redisServer.url, redisClientOptions(300));
  redis.on('error', () => {});
  t = await buildTestService(service, { redis });
  for (let i = 0; i < 5; i++) await createPost(t.app, { title: `fault list ${i}` });
}, 60_000);
afterAll(async () => {
  await t?.close();
  redis?.disconnect();
  await redisServer?.close();
});

type Page = { posts: Array<{ id: number }>; total: number };
const feed = async () => {
  const res = await get(t.app, '/api/posts?sort=latest&limit=50');
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
};
const wholeRows = async () => JSON.stringify(await listWholeRows(t.sql, { sort: 'latest' }, { limit: 50, offset: 0 }));

describe('feed lists when Redis fails', () => {
  it('answers pages from PostgreSQL and still takes writes while Redis is down, and uses lists again once it is back', async () => {
    expect(await feed()).toBe(await wholeRows());
    await redisServer.kill();
    const created = await post(t.app, '/api/posts', validPost({ title: 'written while Redis was down' }));
    expect(created.statusCode, created.body).toBe(201);
    const page = await feed();
    expect(page).toBe(await wholeRows());
    expect((JSON.parse(page) as Page).posts[0]!.id).toBe(created.json<{ id: number }>().id);

    await redisServer.start();
    await expect.poll(async () => (await redis.ping().catch(() => 'down')) === 'PONG', { timeout: 10_000 }).toBe(true);
    const after = await post(t.app, '/api/posts', validPost({ title: 'written after Redis came back' }));
    expect(after.statusCode).toBe(201);
    expect((JSON.parse(await feed()) as Page).posts[0]!.id).toBe(after.json<{ id: number }>().id);
    expect(await feed()).toBe(await wholeRows());
  }, 30_000);

  it('answers, never stale, while Redis is frozen (its commands time out)', async () => {
    redisServer.freeze();
    try {
      const created = await post(t.app, '/api/posts', validPost({ title: 'written while Redis was frozen' }));
      expect(created.statusCode, created.body).toBe(201);
      const page = await feed();
      expect(page).toBe(await wholeRows());
      expect((JSON.parse(page) as Page).posts[0]!.id).toBe(created.json<{ id: number }>().id);
    } finally {
      redisServer.thaw();
    }
  }, 30_000);
});
