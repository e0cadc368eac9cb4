import { randomBytes, randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { ConfigError, describeLimits, loadRateLimitSettings, RATE_LIMIT_MESSAGE, resolveLimits } from '@wfm/service-kit';
import { loadGatewayConfig } from '../src/env.ts';
import { GATEWAY_LIMITS } from '../src/rate-limits.ts';
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
      expect((await replicaA.app.inject({ method: 'GET', url: '/api/jobs/mine', headers: client })).statusCode).toBe(200);
      expect((await replicaB.app.inject({ method: 'GET', url: '/api/jobs/mine', headers: client })).statusCode).toBe(200);
      const limited = await replicaA.app.inject({ method: 'GET', url: '/api/jobs/mine', headers: client });
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({ message: expect.any(String) });
    } finally {
      await replicaA.close();
      await replicaB.close();
      await redis.quit();
    }
  });
});

const statuses = (responses: Array<{ statusCode: number }>) => {
  const counts: Record<number, number> = {};
  for (const r of responses) counts[r.statusCode] = (counts[r.statusCode] ?? 0) + 1;
  return counts;
};

/** Uncached /api reads a browsing agent makes (the read cache is off in these tests, so all count). */
const AGENT_CALLS = ['/api/posts', '/api/posts?sort=trending', '/api/jobs', '/api/tools', '/api/posts/1', '/api/stats'];

for (const store of ['memory', 'redis'] as const) {
  describe(`a contact centre behind one address (${store} store)`, () => {
    let redis: Redis | undefined;
    beforeAll(() => {
      redis = store === 'redis' ? new Redis(REDIS_URL, { maxRetriesPerRequest: 2 }) : undefined;
    });
    afterAll(async () => {
      await redis?.quit();
    });

    it('300 agents browsing at once (6 uncached calls each, in parallel) never meet the default /api limit', { timeout: 120_000 }, async () => {
      const gateway = await startGateway(services, { trustProxy: true, readCache: false, ...(redis ? { redis } : {}) });
      try {
        const client = freshClient();
        const calls = Array.from({ length: 300 }, () => AGENT_CALLS).flat();
        const responses = await Promise.all(calls.map((url) => gateway.app.inject({ method: 'GET', url, headers: client })));
        expect(responses).toHaveLength(1800);
        expect(statuses(responses)[429]).toBeUndefined();
      } finally {
        await gateway.close();
      }
    });

    it('counts a parallel burst exactly and IPv6 clients per /64', async () => {
      // RATE_LIMIT_GATEWAY_API_IP sets the limit; 40 parallel calls from one /64 let exactly 25 through.
      const rateLimits = loadRateLimitSettings({ RATE_LIMIT_GATEWAY_API_IP: '25' });
      const gateway = await startGateway(services, { trustProxy: true, readCache: false, rateLimits, ...(redis ? { redis } : {}) });
      try {
        const network = `2001:db8:${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}`;
        const responses = await Promise.all(
          Array.from({ length: 40 }, (_, i) =>
            gateway.app.inject({ method: 'GET', url: '/api/jobs', headers: { 'x-forwarded-for': `${network}:${i.toString(16)}::${i + 1}` } }),
          ),
        );
        expect(statuses(responses)).toEqual({ 200: 25, 429: 15 });
        expect(responses.find((r) => r.statusCode === 429)!.json()).toEqual({ message: RATE_LIMIT_MESSAGE });
        // Another /64 has its own count.
        const neighbour = await gateway.app.inject({
          method: 'GET',
          url: '/api/jobs',
          headers: { 'x-forwarded-for': `2001:db8:${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}::1` },
        });
        expect(neighbour.statusCode).toBe(200);
      } finally {
        await gateway.close();
      }
    });
  });
}

describe('RATE_LIMIT_SCALE and single limits at the gateway', () => {
  it('RATE_LIMIT_SCALE multiplies the /api limit: twice the scale lets twice the calls through', async () => {
    expect(resolveLimits(GATEWAY_LIMITS, loadRateLimitSettings({ RATE_LIMIT_SCALE: '2' }))['api-ip'].max).toBe(20_000);
    for (const [scale, allowed] of [
      ['0.0005', 5],
      ['0.001', 10],
    ] as const) {
      const gateway = await startGateway(services, {
        trustProxy: true,
        readCache: false,
        rateLimits: loadRateLimitSettings({ RATE_LIMIT_SCALE: scale }),
      });
      try {
        const client = freshClient();
        const responses = await Promise.all(
          Array.from({ length: 15 }, () => gateway.app.inject({ method: 'GET', url: '/api/jobs', headers: client })),
        );
        expect(statuses(responses)).toEqual({ 200: allowed, 429: 15 - allowed });
      } finally {
        await gateway.close();
      }
    }
  });

  it('reads the limits once at boot and refuses a bad value, naming it', () => {
    const ok = loadGatewayConfig({ RATE_LIMIT_SCALE: '1.5', RATE_LIMIT_GATEWAY_API_IP: '20000' });
    expect(ok.rateLimits.scale).toBe(1.5);
    expect(ok.rateLimits.overrides.get('RATE_LIMIT_GATEWAY_API_IP')).toBe(20_000);
    // The former name still sets the /api limit.
    expect(loadGatewayConfig({ RATE_LIMIT_PER_MINUTE: '3000' }).rateLimits.overrides.get('RATE_LIMIT_GATEWAY_API_IP')).toBe(3000);
    for (const [name, value] of [
      ['RATE_LIMIT_SCALE', 'double'],
      ['RATE_LIMIT_SCALE', '0'],
      ['RATE_LIMIT_GATEWAY_API_IP', '0'],
      ['RATE_LIMIT_GATEWAY_API_IP', '1.5'],
      ['RATE_LIMIT_PER_MINUTE', '-1'],
      ['RATE_LIMIT_GATEWAY_NO_SUCH_LIMIT', '10'],
    ]) {
      const load = () => loadGatewayConfig({ [name!]: value });
      expect(load, `${name}=${value}`).toThrow(ConfigError);
      expect(load, `${name}=${value}`).toThrow(name);
    }
  });

  it('docs/operations.md lists every gateway limit with its default, key, window and variable', () => {
    const docs = readFileSync(new URL('../../docs/operations.md', import.meta.url), 'utf8');
    for (const row of describeLimits(GATEWAY_LIMITS)) expect(docs).toContain(row);
  });
});
