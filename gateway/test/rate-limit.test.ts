import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { startFakeServices, startGateway, type FakeServices } from './helpers.ts';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

let services: FakeServices;

beforeAll(async () => {
  services = await startFakeServices();
});

afterAll(async () => {
  await services?.close();
});

/** A client address no other test (or earlier run) has used, sent through a trusted proxy hop. */
const freshClient = () => ({ 'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` });

describe('per-IP rate limit on /api', () => {
  it('answers 429 JSON once a client used up its requests, across all /api routes', async () => {
    const gateway = await startGateway(services, { rateLimitPerMinute: 3, trustProxy: true });
    try {
      const client = freshClient();
      const urls = ['/api/posts', '/api/jobs', '/api/nothing-here'];
      for (const url of urls) {
        const res = await gateway.app.inject({ method: 'GET', url, headers: client });
        expect(res.statusCode, url).not.toBe(429);
      }
      const limited = await gateway.app.inject({ method: 'GET', url: '/api/tools', headers: client });
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({ message: expect.any(String) });
      expect(limited.headers['retry-after']).toBeDefined();

      // Another client is unaffected, and so is everything outside /api.
      const other = await gateway.app.inject({ method: 'GET', url: '/api/tools', headers: freshClient() });
      expect(other.statusCode).toBe(200);
      const health = await gateway.app.inject({ method: 'GET', url: '/healthz', headers: client });
      expect(health.statusCode).toBe(200);
      // Reads the gateway answers from its cache cost no more than the check and reach no service.
      const cached = await gateway.app.inject({ method: 'GET', url: '/api/posts', headers: client });
      expect(cached.statusCode).toBe(200);
      expect(cached.headers['x-cache']).toBe('HIT');
    } finally {
      await gateway.close();
    }
  });

  it('shares the counters of all replicas through Redis', async () => {
    const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 2 });
    const replicaA = await startGateway(services, { rateLimitPerMinute: 2, trustProxy: true, redis });
    const replicaB = await startGateway(services, { rateLimitPerMinute: 2, trustProxy: true, redis });
    try {
      const client = freshClient();
      expect((await replicaA.app.inject({ method: 'GET', url: '/api/jobs', headers: client })).statusCode).toBe(200);
      expect((await replicaB.app.inject({ method: 'GET', url: '/api/jobs', headers: client })).statusCode).toBe(200);
      const limited = await replicaA.app.inject({ method: 'GET', url: '/api/jobs', headers: client });
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({ message: expect.any(String) });
    } finally {
      await replicaA.close();
      await replicaB.close();
      await redis.quit();
    }
  });
});
