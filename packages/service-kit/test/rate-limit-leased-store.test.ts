import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LeasedRedisStore, leaseSize } from '../src/rate-limit-leased-store.ts';
import { TEST_REDIS_URL } from '../src/testing.ts';

let redis: Redis;
beforeAll(() => {
  redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
});
afterAll(async () => {
  await redis.quit();
});

type Outcome = { current: number; ttl: number };

/** One counted call, as @fastify/rate-limit makes it. */
const incr = (store: LeasedRedisStore, key: string, max: number, windowMs = 60_000) =>
  new Promise<Outcome>((resolve, reject) => store.incr(key, (error, result) => (error ? reject(error) : resolve(result!)), windowMs, max));

/** How many of the outcomes the plugin lets through (it refuses a count above max). */
const allowed = (outcomes: Outcome[], max: number) => outcomes.filter((outcome) => outcome.current <= max).length;

const freshPrefix = () => `wfm-test:leased:${randomBytes(4).toString('hex')}:`;

describe('LeasedRedisStore', () => {
  it('takes a large limit\'s counts from Redis in blocks of 1 % and numbers its calls exactly', async () => {
    const prefix = freshPrefix();
    const store = new LeasedRedisStore(redis, prefix);
    expect(leaseSize(1_000)).toBe(10);
    const outcomes: Outcome[] = [];
    for (let i = 0; i < 25; i++) outcomes.push(await incr(store, 'ip:a', 1_000));
    expect(outcomes.map((o) => o.current)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    // Three blocks of ten: three Redis calls for 25 counted calls.
    expect(await redis.get(`${prefix}ip:a`)).toBe('30');
    for (const outcome of outcomes) expect(outcome.ttl).toBeGreaterThan(50_000);
  });

  it('lets exactly max of a parallel burst through on one replica', async () => {
    const store = new LeasedRedisStore(redis, freshPrefix());
    const outcomes = await Promise.all(Array.from({ length: 1_300 }, () => incr(store, 'ip:burst', 1_000)));
    expect(allowed(outcomes, 1_000)).toBe(1_000);
    expect(new Set(outcomes.map((o) => o.current)).size).toBe(1_300);
  });

  it('shares one count between replicas, refusing at most one block early per other replica', async () => {
    const prefix = freshPrefix();
    const replicas = [new LeasedRedisStore(redis, prefix), new LeasedRedisStore(redis, prefix)];
    const calls = Array.from({ length: 1_400 }, (_, i) => incr(replicas[i % 2]!, 'ip:shared', 1_000));
    const passed = allowed(await Promise.all(calls), 1_000);
    expect(passed).toBeLessThanOrEqual(1_000);
    expect(passed).toBeGreaterThanOrEqual(1_000 - leaseSize(1_000));
  });

  it('counts small limits one call at a time, exactly across replicas', async () => {
    const prefix = freshPrefix();
    const replicas = [new LeasedRedisStore(redis, prefix), new LeasedRedisStore(redis, prefix)];
    expect(leaseSize(50)).toBe(1);
    const outcomes = await Promise.all(Array.from({ length: 70 }, (_, i) => incr(replicas[i % 2]!, 'ip:small', 50)));
    expect(allowed(outcomes, 50)).toBe(50);
    expect(await redis.get(`${prefix}ip:small`)).toBe('70');
  });

  it('starts counting again when the window ends, leases and all', async () => {
    const store = new LeasedRedisStore(redis, freshPrefix());
    const first = await Promise.all(Array.from({ length: 5 }, () => incr(store, 'ip:window', 1_000, 150)));
    expect(first.map((o) => o.current)).toEqual([1, 2, 3, 4, 5]);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect((await incr(store, 'ip:window', 1_000, 150)).current).toBe(1);
  });

  it('counts keys and routes apart', async () => {
    const prefix = freshPrefix();
    const store = new LeasedRedisStore(redis, prefix);
    type RouteOptions = Parameters<LeasedRedisStore['child']>[0];
    const route = store.child({ routeInfo: { method: 'GET', url: '/x' } } as unknown as RouteOptions) as LeasedRedisStore;
    await incr(store, 'ip:one', 1_000);
    expect((await incr(store, 'ip:two', 1_000)).current).toBe(1);
    expect((await incr(route, 'ip:one', 1_000)).current).toBe(1);
    expect(await redis.get(`${prefix}GET/x-ip:one`)).toBe('10');
  });

  it('reports a Redis failure to every waiting call, so the plugin can let them through', async () => {
    const down = new Redis({ port: 1, lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0 });
    try {
      const store = new LeasedRedisStore(down, freshPrefix());
      const results = await Promise.allSettled(Array.from({ length: 3 }, () => incr(store, 'ip:down', 1_000)));
      expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    } finally {
      down.disconnect();
    }
  });
});
