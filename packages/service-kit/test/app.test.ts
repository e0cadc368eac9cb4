import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { createServiceApp } from '../src/app.ts';
import { createMemoryBus } from '../src/bus/memory.ts';
import { createLogger } from '../src/logger.ts';
import { serveMetrics } from '../src/metrics.ts';
import { signStaffHeaders } from '../src/staff-signature.ts';
import { buildTestService, TEST_REDIS_URL, TEST_STAFF_SECRET, TEST_VISITOR_SECRET, testVisitorToken, type TestService } from '../src/testing.ts';
import { fixtureService, uid } from './helpers.ts';

let svc: TestService;

beforeAll(async () => {
  svc = await buildTestService(fixtureService);
});
afterAll(async () => {
  await svc?.close();
});

const json = (body: unknown) => ({ payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } });

describe('routes and validation', () => {
  it('runs a route against the migrated schema', async () => {
    const res = await svc.app.inject({ method: 'POST', url: '/items', ...json({ name: `item-${uid()}`, qty: 1 }) });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ id: expect.any(Number) });
  });

  it('answers a schema message as written (400)', async () => {
    const res = await svc.app.inject({ method: 'POST', url: '/items', ...json({ name: 'ab', qty: 1 }) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Name must be at least 3 characters' });
  });

  it('says where a generic validation problem is (400)', async () => {
    const res = await svc.app.inject({ method: 'POST', url: '/items', ...json({ name: 'abcd' }) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'body.qty: Invalid input: expected number, received undefined' });
  });

  it('answers a ZodError thrown by a handler with 400', async () => {
    const res = await svc.app.inject({ method: 'GET', url: '/parse' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'n: Invalid input: expected number, received string' });
  });

  it('answers malformed JSON with 400', async () => {
    const res = await svc.app.inject({
      method: 'POST',
      url: '/items',
      payload: '{"name": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Request body is not valid JSON' });
  });

  it('treats an empty JSON body as no body', async () => {
    const res = await svc.app.inject({
      method: 'POST',
      url: '/items',
      payload: '',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^body: /);
  });

  it('answers a body over the limit with 413', async () => {
    const res = await svc.app.inject({ method: 'POST', url: '/items', ...json({ name: 'x'.repeat(2000), qty: 1 }) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'Request body is too large' });
  });

  it('answers HttpErrors with their status, message and code', async () => {
    const teapot = await svc.app.inject({ method: 'GET', url: '/teapot' });
    expect(teapot.statusCode).toBe(418);
    expect(teapot.json()).toEqual({ message: 'I am a teapot', code: 'TEAPOT' });
    const bad = await svc.app.inject({ method: 'GET', url: '/bad' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'Nope' });
  });

  it('hides the details of unexpected errors (500)', async () => {
    const res = await svc.app.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Internal Server Error' });
    expect(res.body).not.toContain('secret');
  });

  it('answers unknown routes with a JSON 404', async () => {
    const res = await svc.app.inject({ method: 'GET', url: '/no/such/route' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not Found' });
    // Its per-address limit (not-found-ip) is proved in rate-limit.test.ts.
  });
});

describe('request ids and client address', () => {
  it('echoes a valid incoming x-request-id and generates one otherwise', async () => {
    const given = await svc.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'gw-123.abc' } });
    expect(given.headers['x-request-id']).toBe('gw-123.abc');
    const generated = await svc.app.inject({ method: 'GET', url: '/healthz' });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const hostile = await svc.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'a b\nc' } });
    expect(hostile.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('takes the client IP from x-forwarded-for set by a trusted proxy only', async () => {
    // buildTestService trusts loopback, where the gateway stands in tests.
    const fromGateway = await svc.app.inject({
      method: 'GET',
      url: '/whoami',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(fromGateway.json().ip).toBe('203.0.113.9');
    const fromElsewhere = await svc.app.inject({
      method: 'GET',
      url: '/whoami',
      remoteAddress: '10.1.2.3',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(fromElsewhere.json().ip).toBe('10.1.2.3');
  });

  it('trusts no proxy unless told (TRUST_PROXY default): a spoofed x-forwarded-for is ignored', async () => {
    const app = await createServiceApp(fixtureService, {
      sql: svc.sql,
      bus: svc.bus,
      staffSecret: TEST_STAFF_SECRET,
      visitorSecret: TEST_VISITOR_SECRET,
      logger: createLogger('test', 'silent'),
    });
    try {
      const res = await app.inject({
        method: 'GET',
        url: '/whoami',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': '203.0.113.9' },
      });
      expect(res.json().ip).toBe('127.0.0.1');
    } finally {
      await app.close();
    }
  });
});

describe('health, readiness and metrics', () => {
  it('answers /healthz and /readyz when the database and bus are fine', async () => {
    expect((await svc.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const ready = await svc.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', checks: { db: true, bus: true } });
  });

  it('stays ready when the bus is not (writes wait in the outbox), reporting the bus', async () => {
    const bus = createMemoryBus();
    const app = await createServiceApp(fixtureService, {
      sql: svc.sql,
      bus,
      staffSecret: TEST_STAFF_SECRET, visitorSecret: TEST_VISITOR_SECRET,
      logger: createLogger('test', 'silent'),
    });
    await bus.close();
    const res = await app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', checks: { db: true, bus: false } });
    await app.close();
  });

  it('exposes request durations by route template and process metrics on the internal listener', async () => {
    await svc.app.inject({ method: 'GET', url: '/teapot' });
    const internal = await serveMetrics(svc.app.metricsRegistry, { port: 0, host: '127.0.0.1' });
    try {
      const res = await fetch(`${internal.url}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/plain');
      const body = await res.text();
      expect(body).toMatch(
        /http_request_duration_seconds_count\{service="forum",route="\/teapot",method="GET",status_code="418"\} \d+/,
      );
      expect(body).toContain('process_cpu_user_seconds_total');
      const elsewhere = await fetch(`${internal.url}/healthz`);
      expect(elsewhere.status).toBe(404);
      expect(await elsewhere.json()).toEqual({ message: expect.any(String) });
    } finally {
      await internal.close();
    }
  });

  it('answers /metrics on the public port with a JSON 404', async () => {
    const res = await svc.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: expect.any(String) });
  });

  it('keeps metrics of two apps in one process apart', async () => {
    const other = await createServiceApp(fixtureService, {
      sql: svc.sql,
      bus: svc.bus,
      staffSecret: TEST_STAFF_SECRET, visitorSecret: TEST_VISITOR_SECRET,
      logger: createLogger('test', 'silent'),
    });
    for (let i = 0; i < 3; i++) await other.inject({ method: 'GET', url: '/teapot' });
    const theirs = await other.metricsRegistry.metrics();
    expect(theirs).toMatch(/_count\{service="forum",route="\/teapot",method="GET",status_code="418"\} 3\n/);
    expect(theirs).not.toMatch(/route="\/items"/);
    expect(await svc.app.metricsRegistry.metrics()).toMatch(/route="\/items"/);
    await other.close();
  });
});

describe('staff identity', () => {
  const staffHeaders = (role: 'Moderator' | 'Admin' | 'Super Admin', method: string, url: string) =>
    svc.staffHeaders({ id: 5, username: 'mod', role }, { method, url });

  it('sets request.staff from valid signed headers and ignores unsigned ones', async () => {
    const signed = await svc.app.inject({ method: 'GET', url: '/whoami', headers: staffHeaders('Admin', 'GET', '/whoami') });
    expect(signed.json().staff).toEqual({ id: 5, username: 'mod', role: 'Admin' });
    const unsigned = await svc.app.inject({
      method: 'GET',
      url: '/whoami',
      headers: { 'x-staff-id': '5', 'x-staff-username': 'mod', 'x-staff-role': 'Super Admin' },
    });
    expect(unsigned.json().staff).toBeNull();
  });

  it('requireStaff answers 401 without valid headers, 403 for another role', async () => {
    const none = await svc.app.inject({ method: 'GET', url: '/staff-only' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ message: 'Authentication required' });

    const forged = signStaffHeaders('not-the-shared-secret-000000000000000', { id: 5, username: 'x', role: 'Super Admin' }, {
      method: 'DELETE',
      url: '/admin-only',
    });
    const forgedRes = await svc.app.inject({ method: 'DELETE', url: '/admin-only', headers: forged });
    expect(forgedRes.statusCode).toBe(401);

    const mod = await svc.app.inject({ method: 'DELETE', url: '/admin-only', headers: staffHeaders('Moderator', 'DELETE', '/admin-only') });
    expect(mod.statusCode).toBe(403);
    expect(mod.json()).toEqual({ message: 'Insufficient permissions' });

    const admin = await svc.app.inject({ method: 'DELETE', url: '/admin-only', headers: staffHeaders('Admin', 'DELETE', '/admin-only') });
    expect(admin.statusCode).toBe(200);
    const any = await svc.app.inject({ method: 'GET', url: '/staff-only', headers: staffHeaders('Moderator', 'GET', '/staff-only') });
    expect(any.json()).toEqual({ id: 5 });
  });
});

describe('rate limits', () => {
  const hit = (app: TestService['app'], key: string, token?: string) =>
    app.inject({ method: 'GET', url: '/limited', headers: { 'x-test-key': key, ...(token ? { 'x-anon-token': token } : {}) } });

  it('answers 429 with the message once a route limit is used up (memory store)', async () => {
    const key = uid();
    expect((await hit(svc.app, key)).statusCode).toBe(200);
    expect((await hit(svc.app, key)).statusCode).toBe(200);
    const limited = await hit(svc.app, key);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: 'Too many requests, please try again later.' });
    expect(limited.headers['retry-after']).toBeDefined();
    // Another (verified) visitor has its own budget.
    expect((await hit(svc.app, key, testVisitorToken())).statusCode).toBe(200);
  });

  it('shares counters through Redis across app instances', async () => {
    const redis = new Redis(TEST_REDIS_URL);
    const deps = { sql: svc.sql, bus: svc.bus, redis, staffSecret: TEST_STAFF_SECRET, visitorSecret: TEST_VISITOR_SECRET, logger: createLogger('test', 'silent') };
    const [one, two] = await Promise.all([createServiceApp(fixtureService, deps), createServiceApp(fixtureService, deps)]);
    try {
      const key = uid();
      expect((await hit(one, key)).statusCode).toBe(200);
      expect((await hit(two, key)).statusCode).toBe(200);
      const limited = await hit(one, key);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({ message: 'Too many requests, please try again later.' });
      const keys = await redis.keys(`wfm-rl:forum:*${key}*`);
      expect(keys.length).toBe(1);
      await redis.del(...keys);
    } finally {
      await Promise.all([one.close(), two.close()]);
      await redis.quit();
    }
  });
});
