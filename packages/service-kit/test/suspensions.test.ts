import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { ServiceDefinition } from '../src/app.ts';
import type { ServiceRoutes } from '../src/context.ts';
import { outboxStaffActionLog } from '../src/staff-actions.ts';
import { loadRateLimitSettings } from '../src/rate-limit-table.ts';
import {
  addressBlockKey,
  blockAddress,
  liftSuspension,
  STANDING_REFRESH_MS,
  STANDING_TRUST_MS,
  suspendVisitor,
  suspensionMessage,
  unblockAddress,
} from '../src/suspensions.ts';
import { buildTestService, TEST_REDIS_URL, testVisitorToken, type TestService } from '../src/testing.ts';
import { testClock } from '../src/testing-clock.ts';
import { randomIp } from '../src/testing-visitors.ts';
import { requireVisitor } from '../src/visitor.ts';
import { fixtureService } from './helpers.ts';
import { startIdentity, type RunningIdentity } from './suspensions-identity.ts';

// Suspensions and address blocks against the real identity process (it keeps the decisions in its
// PostgreSQL), the real Redis (shared by every service: the change marker) and PostgreSQL (the audit
// row goes through the outbox in the same transaction).

const routes: ServiceRoutes = async (scope) => {
  scope.get('/mine', async (req) => ({ key: requireVisitor(req).key }));
  scope.post('/vote', async (req) => ({ key: requireVisitor(req).key }));
  scope.put('/edit', async (req) => ({ key: requireVisitor(req).key }));
  scope.delete('/mine', async (req) => ({ key: requireVisitor(req).key }));
  scope.post('/api/session', async () => ({ token: 'issued' }));
  scope.post('/api/admin/login', async () => ({ signedIn: true }));
};

const STAFF = { id: 7, username: 'mod-anna', role: 'Moderator' as const };
const clock = testClock();
let redis: Redis;
let identity: RunningIdentity;
let rateLimits: ReturnType<typeof loadRateLimitSettings>;
// Two services of one deployment (own namespace in the shared Redis): forum holds the content,
// jobs is "another service"; both must refuse the suspended visitor's writes.
const services: Record<'forum' | 'jobs', TestService> = {} as never;

beforeAll(async () => {
  identity = await startIdentity();
  redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
  rateLimits = loadRateLimitSettings({ RATE_LIMIT_NAMESPACE: `s${randomBytes(4).toString('hex')}` });
  const defs: ServiceDefinition[] = [
    { ...fixtureService, name: 'forum', routes: [routes], staffActionLog: outboxStaffActionLog('forum') },
    { ...fixtureService, name: 'jobs', routes: [routes], staffActionLog: outboxStaffActionLog('jobs') },
  ];
  const [forum, jobs] = await Promise.all(defs.map((def) => buildTestService(def, { redis, rateLimits, now: clock.now, identityUrl: identity.url, relay: false })));
  services.forum = forum!;
  services.jobs = jobs!;
});
afterAll(async () => {
  await Promise.all(Object.values(services).map((s) => s.close()));
  await redis?.quit();
  await identity?.stop();
});

const call = (app: FastifyInstance, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, ip = randomIp()) =>
  app.inject({ method, url, headers: { 'x-anon-token': token }, remoteAddress: ip });
const writes = (app: FastifyInstance, token: string, ip?: string) =>
  Promise.all([call(app, 'POST', '/vote', token, ip), call(app, 'PUT', '/edit', token, ip), call(app, 'DELETE', '/mine', token, ip)]);

/** Suspends `token`'s visitor as the forum knows them (what forum's suspend-author route does). */
async function suspendInForum(token: string, durationMs: number | null, reason: string) {
  const forum = services.forum;
  const visitor = forum.app.verifyVisitor(token)!.key;
  return suspendVisitor(forum.ctx, STAFF, { service: 'forum', visitor, durationMs, reason, target: { type: 'post', id: 1 } });
}

describe('suspensions', () => {
  it.each(['forum', 'jobs'] as const)('refuse every write of the suspended visitor in %s (reads stay), with time and reason', async (name) => {
    const token = testVisitorToken();
    const other = testVisitorToken();
    const s = await suspendInForum(token, 3_600_000, 'spam links');
    const app = services[name].app;
    const refused = await Promise.all(Array.from({ length: 5 }, () => writes(app, token)));
    for (const res of refused.flat()) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(`Your account is suspended until ${new Date(s.until!).toISOString()}: spam links`);
    }
    expect((await call(app, 'GET', '/mine', token)).statusCode).toBe(200);
    for (const res of await writes(app, other)) expect(res.statusCode).toBe(200);
  });

  it('for good: the message says so, and the audit log has the suspension', async () => {
    const token = testVisitorToken();
    await suspendInForum(token, null, 'threats');
    const res = await call(services.jobs.app, 'POST', '/vote', token);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Your account is suspended: threats');
    const audited = await services.forum.sql`SELECT payload FROM outbox WHERE subject = 'forum.staff.action' AND payload->>'action' = 'visitor.suspend'`;
    expect(audited.length).toBeGreaterThan(0);
    expect((await services.forum.ctx.standings.suspensions()).some((x) => x.reason === 'threats' && x.until === null)).toBe(true);
  });

  it('lifting restores writes everywhere at once', async () => {
    const token = testVisitorToken();
    const s = await suspendInForum(token, 3_600_000, 'flame war');
    expect((await call(services.jobs.app, 'POST', '/vote', token)).statusCode).toBe(403);
    expect(await liftSuspension(services.jobs.ctx, STAFF, { service: s.service, visitor: s.visitor })).toBe(true);
    for (const app of [services.forum.app, services.jobs.app]) for (const res of await writes(app, token)) expect(res.statusCode).toBe(200);
    expect(await liftSuspension(services.jobs.ctx, STAFF, { service: s.service, visitor: s.visitor })).toBe(false);
  });

  it('ends by itself when its time is up (test clock)', async () => {
    const token = testVisitorToken();
    await suspendInForum(token, 120_000, 'cool off');
    expect((await call(services.forum.app, 'POST', '/vote', token)).statusCode).toBe(403);
    clock.advance(120_001);
    expect((await call(services.forum.app, 'POST', '/vote', token)).statusCode).toBe(200);
    expect((await call(services.jobs.app, 'POST', '/vote', token)).statusCode).toBe(200);
  });

  it('a signed staff request is never refused (staff can always act)', async () => {
    const token = testVisitorToken();
    await suspendInForum(token, 3_600_000, 'x');
    const res = await services.forum.app.inject({
      method: 'POST',
      url: '/vote',
      headers: { 'x-anon-token': token, ...services.forum.staffHeaders(STAFF, { method: 'POST', url: '/vote' }) },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('address blocks', () => {
  it('refuse writes of many fresh tokens from the blocked IPv4 address in every service, not from others; reads stay', async () => {
    const ip = randomIp();
    await blockAddress(services.jobs.ctx, STAFF, { address: ip, durationMs: 600_000, reason: 'token-rotating flood' });
    for (const app of [services.forum.app, services.jobs.app]) {
      const tokens = Array.from({ length: 20 }, () => testVisitorToken());
      const results = await Promise.all(tokens.map((t) => call(app, 'POST', '/vote', t, ip)));
      for (const res of results) {
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toMatch(/^Writes from your network are blocked until \d{4}-\d\d-\d\dT/);
      }
      // A token-less write (identity's POST /api/session issues the fresh tokens) is refused too.
      expect((await app.inject({ method: 'POST', url: '/api/session', remoteAddress: ip })).statusCode).toBe(403);
      expect((await call(app, 'GET', '/mine', tokens[0]!, ip)).statusCode).toBe(200);
      const others = await Promise.all(tokens.map((t) => call(app, 'POST', '/vote', t)));
      for (const res of others) expect(res.statusCode).toBe(200);
    }
    // Staff can still sign in from a blocked address (the admin app's calls are never refused).
    expect((await services.forum.app.inject({ method: 'POST', url: '/api/admin/login', remoteAddress: ip })).statusCode).toBe(200);
    expect(await unblockAddress(services.forum.ctx, STAFF, ip)).toBe(true);
    expect((await call(services.forum.app, 'POST', '/vote', testVisitorToken(), ip)).statusCode).toBe(200);
  });

  it('an IPv6 block covers its whole /64 and nothing outside it; it expires', async () => {
    const prefix = `2001:db8:${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}`;
    await blockAddress(services.forum.ctx, STAFF, { address: addressBlockKey(`${prefix}::/64`)!, durationMs: 60_000, reason: 'flood' });
    const inside = Array.from({ length: 10 }, (_, i) => `${prefix}:${i + 1}:${randomBytes(2).toString('hex')}:0:${i}`);
    for (const ip of inside) expect((await call(services.jobs.app, 'POST', '/vote', testVisitorToken(), ip)).statusCode).toBe(403);
    const outside = `2001:db8:ffff:${randomBytes(2).toString('hex')}::1`;
    expect((await call(services.jobs.app, 'POST', '/vote', testVisitorToken(), outside)).statusCode).toBe(200);
    clock.advance(60_001);
    expect((await call(services.jobs.app, 'POST', '/vote', testVisitorToken(), inside[0])).statusCode).toBe(200);
  });
});

describe('without Redis (npm start: every service in one process)', () => {
  it('a decision made through one service app is enforced by the other apps of the process', async () => {
    const memoryLimits = loadRateLimitSettings({ RATE_LIMIT_NAMESPACE: `m${randomBytes(4).toString('hex')}` });
    const [forum, jobs] = await Promise.all(
      (['forum', 'jobs'] as const).map((name) =>
        buildTestService({ ...fixtureService, name, routes: [routes], staffActionLog: outboxStaffActionLog(name) }, { rateLimits: memoryLimits, identityUrl: identity.url }),
      ),
    );
    try {
      const token = testVisitorToken();
      await suspendVisitor(forum!.ctx, STAFF, {
        service: 'forum',
        visitor: forum!.app.verifyVisitor(token)!.key,
        durationMs: 600_000,
        reason: 'one process',
        target: { type: 'post', id: 1 },
      });
      expect((await call(jobs!.app, 'POST', '/vote', token)).json().message).toMatch(/: one process$/);
      const ip = randomIp();
      await blockAddress(jobs!.ctx, STAFF, { address: ip, durationMs: 600_000, reason: 'flood' });
      expect((await call(forum!.app, 'POST', '/vote', testVisitorToken(), ip)).statusCode).toBe(403);
    } finally {
      await Promise.all([forum!.close(), jobs!.close()]);
    }
  });
});

describe('durable: identity PostgreSQL keeps the decisions, Redis only says when to reload', () => {
  const build = (name: 'forum' | 'jobs', over: { redis?: Redis; identityUrl?: string; namespace?: string } = {}) =>
    buildTestService(
      { ...fixtureService, name, routes: [routes], staffActionLog: outboxStaffActionLog(name) },
      {
        ...(over.redis ? { redis: over.redis } : {}),
        rateLimits: over.namespace ? loadRateLimitSettings({ RATE_LIMIT_NAMESPACE: over.namespace }) : rateLimits,
        now: clock.now,
        identityUrl: over.identityUrl ?? identity.url,
      },
    );
  const flushStandings = async () => {
    const keys = await redis.keys(`wfm-standing:${rateLimits.namespace}:*`);
    if (keys.length) await redis.del(...keys);
  };

  it('a Redis flush: replicas keep refusing (their copy, then identity again), and a new replica loads from identity', async () => {
    const token = testVisitorToken();
    const ip = randomIp();
    const s = await suspendInForum(token, 3_600_000, 'flushed');
    await blockAddress(services.forum.ctx, STAFF, { address: ip, durationMs: 600_000, reason: 'flood' });
    expect((await call(services.jobs.app, 'POST', '/vote', token)).statusCode).toBe(403);
    await flushStandings();
    expect((await call(services.jobs.app, 'POST', '/vote', token)).json().message).toBe(suspensionMessage(s));
    // Past the refresh time without a marker, the replica reloads from identity: still refused.
    clock.advance(STANDING_REFRESH_MS + 1);
    expect((await call(services.jobs.app, 'POST', '/vote', token)).statusCode).toBe(403);
    expect((await call(services.forum.app, 'POST', '/vote', testVisitorToken(), ip)).statusCode).toBe(403);
    const fresh = await build('jobs');
    try {
      expect((await call(fresh.app, 'POST', '/vote', token)).json().message).toBe(suspensionMessage(s));
      expect((await call(fresh.app, 'POST', '/vote', testVisitorToken(), ip)).statusCode).toBe(403);
      expect((await call(fresh.app, 'POST', '/vote', testVisitorToken())).statusCode).toBe(200);
    } finally {
      await fresh.close();
    }
  });

  it('a restarted service (with Redis, or without it) keeps refusing the suspended visitor', async () => {
    const token = testVisitorToken();
    const s = await suspendInForum(token, null, 'restarted');
    await services.jobs.close();
    services.jobs = await build('jobs');
    expect((await call(services.jobs.app, 'POST', '/vote', token)).json().message).toBe(suspensionMessage(s));
    const withoutRedis = await build('jobs', { namespace: `r${randomBytes(4).toString('hex')}` });
    try {
      expect((await call(withoutRedis.app, 'POST', '/vote', token)).json().message).toBe(suspensionMessage(s));
    } finally {
      await withoutRedis.close();
    }
  });

  it('identity away: a replica that loaded keeps refusing; one that never loaded lets writes through (fail open)', async () => {
    const second = await startIdentity();
    const namespace = `a${randomBytes(4).toString('hex')}`;
    const forum = await build('forum', { redis, identityUrl: second.url, namespace });
    const jobs = await build('jobs', { redis, identityUrl: second.url, namespace });
    let stopped = false;
    try {
      const token = testVisitorToken();
      const visitor = forum.app.verifyVisitor(token)!.key;
      const s = await suspendVisitor(forum.ctx, STAFF, { service: 'forum', visitor, durationMs: null, reason: 'away', target: { type: 'post', id: 1 } });
      expect((await call(jobs.app, 'POST', '/vote', token)).statusCode).toBe(403);
      await second.stop();
      stopped = true;
      clock.advance(STANDING_TRUST_MS + 1);
      expect((await call(jobs.app, 'POST', '/vote', token)).json().message).toBe(suspensionMessage(s));
      // A decision cannot be taken while identity is away: 503, nothing half-kept.
      const refused = await suspendVisitor(forum.ctx, STAFF, { service: 'forum', visitor, durationMs: null, reason: 'x', target: { type: 'post', id: 1 } }).catch((err: unknown) => err);
      expect(refused).toMatchObject({ statusCode: 503 });
      const started = await build('jobs', { redis, identityUrl: second.url, namespace });
      try {
        expect((await call(started.app, 'POST', '/vote', token)).statusCode).toBe(200);
      } finally {
        await started.close();
      }
    } finally {
      await Promise.all([forum.close(), jobs.close()]);
      if (!stopped) await second.stop();
    }
  });
});
