import { randomBytes } from 'node:crypto';
import type { ServiceRoutes } from '../src/context.ts';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceDefinition } from '../src/app.ts';
import { ConfigError } from '../src/errors.ts';
import { RATE_LIMIT_MESSAGE, byIp, rateLimited } from '../src/rate-limit.ts';
import {
  defineLimits,
  describeLimits,
  limitEnvName,
  loadRateLimitSettings,
  resolveLimits,
  MINUTE,
  type RateLimitSettings,
} from '../src/rate-limit-table.ts';
import { startService } from '../src/server.ts';
import { buildTestService, PG_ADMIN_URL, TEST_REDIS_URL, testVisitorToken, type TestService } from '../src/testing.ts';
// An IPv4 address no other test (or earlier run sharing Redis) uses.
import { randomIp as freshIp } from '../src/testing-visitors.ts';
import { fixtureDir } from './helpers.ts';

const TABLE = defineLimits(
  'jobs',
  {
    'ping-ip': { max: 20, windowMs: MINUTE, key: 'address', protects: 'pings from one address' },
    'vote-visitor': { max: 3, windowMs: MINUTE, key: 'visitor', protects: 'votes, per visitor' },
    'vote-ip-item': { max: 5, windowMs: MINUTE, key: 'address-target', protects: 'votes one address adds to one item' },
    'job-staff': { max: 2, windowMs: MINUTE, key: 'staff', protects: 'heavy staff jobs, per staff member' },
  },
  {
    ping: ['ping-ip'],
    vote: { limits: ['vote-visitor', 'vote-ip-item'], target: (req) => (req.params as { id: string }).id },
    job: ['job-staff'],
  },
);

const routes: ServiceRoutes = async (app) => {
  app.get('/ping', { onRequest: rateLimited(app, 'ping') }, async () => ({ ok: true }));
  app.post('/items/:id/vote', { onRequest: rateLimited(app, 'vote') }, async () => ({ ok: true }));
  app.post('/job', { onRequest: rateLimited(app, 'job') }, async () => ({ ok: true }));
};

const limitedService: ServiceDefinition = {
  name: 'jobs',
  schema: 'kit_rate_limits',
  migrationsDir: fixtureDir('migrations'),
  limits: TABLE,
  routes: [routes],
};

/** A /64 no other test uses, as its first four groups. */
const freshNetwork = () => `2001:db8:${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}`;

const ping = (t: TestService, ip: string) => t.app.inject({ method: 'GET', url: '/ping', remoteAddress: ip });
const vote = (t: TestService, ip: string, item: string, token?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/items/${item}/vote`,
    remoteAddress: ip,
    ...(token ? { headers: { 'x-anon-token': token } } : {}),
  });

const statuses = (responses: Array<{ statusCode: number }>) => {
  const counts: Record<number, number> = {};
  for (const r of responses) counts[r.statusCode] = (counts[r.statusCode] ?? 0) + 1;
  return counts;
};

describe('RATE_LIMIT_* environment', () => {
  it('defaults to scale 1 and no single limits', () => {
    expect(loadRateLimitSettings({})).toEqual({ scale: 1, overrides: new Map() });
  });

  it('reads RATE_LIMIT_SCALE and single limits named RATE_LIMIT_<OWNER>_<NAME>', () => {
    const settings = loadRateLimitSettings({
      RATE_LIMIT_SCALE: '2.5',
      RATE_LIMIT_FORUM_UPVOTE_IP_POST: '50',
      RATE_LIMIT_AMA_BOOKING_BOOK_VISITOR: '7',
      UNRELATED: 'x',
      RATE_LIMIT_GATEWAY_API_IP: '',
    });
    expect(settings.scale).toBe(2.5);
    expect([...settings.overrides]).toEqual([
      ['RATE_LIMIT_FORUM_UPVOTE_IP_POST', 50],
      ['RATE_LIMIT_AMA_BOOKING_BOOK_VISITOR', 7],
    ]);
    expect(limitEnvName('forum', 'upvote-ip-post')).toBe('RATE_LIMIT_FORUM_UPVOTE_IP_POST');
    expect(limitEnvName('ama-booking', 'book-visitor')).toBe('RATE_LIMIT_AMA_BOOKING_BOOK_VISITOR');
  });

  it('reads RATE_LIMIT_NAMESPACE and refuses one that would not fit a Redis key part', () => {
    expect(loadRateLimitSettings({ RATE_LIMIT_NAMESPACE: 'site-b:eu' }).namespace).toBe('site-b:eu');
    for (const value of ['has space', 'a'.repeat(65), 'ä', 'x*y']) {
      expect(() => loadRateLimitSettings({ RATE_LIMIT_NAMESPACE: value })).toThrow('RATE_LIMIT_NAMESPACE');
    }
  });

  it('honours the gateway`s former RATE_LIMIT_PER_MINUTE unless the new name is set', () => {
    expect(loadRateLimitSettings({ RATE_LIMIT_PER_MINUTE: '5000' }).overrides.get('RATE_LIMIT_GATEWAY_API_IP')).toBe(5000);
    const both = loadRateLimitSettings({ RATE_LIMIT_PER_MINUTE: '5000', RATE_LIMIT_GATEWAY_API_IP: '7000' });
    expect(both.overrides.get('RATE_LIMIT_GATEWAY_API_IP')).toBe(7000);
  });

  it.each([
    ['RATE_LIMIT_SCALE', 'abc'],
    ['RATE_LIMIT_SCALE', '0'],
    ['RATE_LIMIT_SCALE', '-1'],
    ['RATE_LIMIT_SCALE', 'Infinity'],
    ['RATE_LIMIT_SCALE', '2x'],
    ['RATE_LIMIT_FORUM_UPVOTE_IP', '0'],
    ['RATE_LIMIT_FORUM_UPVOTE_IP', '-5'],
    ['RATE_LIMIT_FORUM_UPVOTE_IP', '2.5'],
    ['RATE_LIMIT_FORUM_UPVOTE_IP', 'lots'],
    ['RATE_LIMIT_FORUM_UPVOTE_IP', '99999999999999999999'],
    ['RATE_LIMIT_FORUMS_UPVOTE_IP', '10'],
    ['RATE_LIMIT_FORUM_', '10'],
    ['RATE_LIMIT_PER_MINUTE', 'many'],
  ])('refuses %s=%s with a ConfigError naming it', (name, value) => {
    const load = () => loadRateLimitSettings({ [name]: value });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(name);
    try {
      load();
    } catch (err) {
      expect((err as ConfigError).variables).toEqual([name]);
    }
  });

  it('names every bad variable at once', () => {
    expect(() => loadRateLimitSettings({ RATE_LIMIT_SCALE: 'x', RATE_LIMIT_FORUM_POST_IP: '0' })).toThrow(
      /RATE_LIMIT_SCALE.*RATE_LIMIT_FORUM_POST_IP/,
    );
  });
});

describe('resolving a table', () => {
  const settings = (env: Record<string, string>): RateLimitSettings => loadRateLimitSettings(env);

  it('uses the defaults, multiplies every limit by RATE_LIMIT_SCALE and lets one variable set a limit exactly', () => {
    expect(resolveLimits(TABLE)['ping-ip'].max).toBe(20);
    const doubled = resolveLimits(TABLE, settings({ RATE_LIMIT_SCALE: '2', RATE_LIMIT_JOBS_VOTE_VISITOR: '9' }));
    expect(doubled['ping-ip']).toMatchObject({ max: 40, defaultMax: 20, source: 'scale', envName: 'RATE_LIMIT_JOBS_PING_IP' });
    expect(doubled['vote-ip-item'].max).toBe(10);
    // A limit set by name is taken as given, not scaled.
    expect(doubled['vote-visitor']).toMatchObject({ max: 9, source: 'env' });
    // A small scale never takes a limit to 0.
    expect(resolveLimits(TABLE, settings({ RATE_LIMIT_SCALE: '0.01' }))['vote-visitor'].max).toBe(1);
  });

  it('refuses a variable under the owner`s prefix that names none of its limits', () => {
    const resolve = () => resolveLimits(TABLE, settings({ RATE_LIMIT_JOBS_PONG_IP: '3' }));
    expect(resolve).toThrow(ConfigError);
    expect(resolve).toThrow('RATE_LIMIT_JOBS_PONG_IP');
    // Another process's variables are that process's business.
    expect(() => resolveLimits(TABLE, settings({ RATE_LIMIT_FORUM_PONG_IP: '3' }))).not.toThrow();
  });

  it('lists each limit for the docs with its default, key, window and variable', () => {
    expect(describeLimits(TABLE)).toContain(
      '| jobs | `vote-ip-item` | 5 | address + target | minute | `RATE_LIMIT_JOBS_VOTE_IP_ITEM` | votes one address adds to one item |',
    );
  });
});

describe('calls: the one way routes attach limits', () => {
  const spec = { max: 1, windowMs: MINUTE, protects: 'x' } as const;

  it('refuses a call naming a limit the table does not have', () => {
    // @ts-expect-error -- the call names a limit not in the table
    expect(() => defineLimits('jobs', { 'a-ip': { ...spec, key: 'address' } }, { a: ['a-ip', 'b-ip'] })).toThrow(
      'call "a" names "b-ip", which is not in the jobs table',
    );
  });

  it('refuses a call checking a per-target limit without saying what the target is', () => {
    expect(() => defineLimits('jobs', { 'a-ip-item': { ...spec, key: 'address-target' } }, { a: ['a-ip-item'] })).toThrow(
      'counts per target',
    );
  });

  it('refuses a limit that no call checks', () => {
    expect(() =>
      defineLimits('jobs', { 'a-ip': { ...spec, key: 'address' }, 'b-ip': { ...spec, key: 'address' } }, { a: ['a-ip'] }),
    ).toThrow('no jobs call checks b-ip');
  });

  it('refuses to register a route with a call that is not in the table', async () => {
    const bad: ServiceDefinition = {
      ...limitedService,
      routes: [
        async (app) => {
          app.get('/x', { onRequest: rateLimited(app, 'no-such-call') }, async () => ({}));
        },
      ],
    };
    await expect(buildTestService(bad, { relay: false })).rejects.toThrow('rate limit call "no-such-call" is not in the jobs limit table');
  });

  it('counts a staff key per signed-in staff member, and a request without one under its address', async () => {
    const t = await buildTestService(limitedService, { relay: false });
    try {
      const job = (staffId: number | null, ip = '10.9.9.9') =>
        t.app.inject({
          method: 'POST',
          url: '/job',
          remoteAddress: ip,
          headers: staffId === null ? {} : t.staffHeaders({ id: staffId, role: 'Super Admin' }, { method: 'POST', url: '/job' }),
        });
      for (let i = 0; i < 2; i++) expect((await job(1, freshIp())).statusCode).toBe(200);
      const refused = await job(1, freshIp());
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ message: RATE_LIMIT_MESSAGE });
      expect((await job(2)).statusCode).toBe(200);
      const ip = freshIp();
      for (let i = 0; i < 2; i++) expect((await job(null, ip)).statusCode).toBe(200);
      expect((await job(null, ip)).statusCode).toBe(429);
    } finally {
      await t.close();
    }
  });
});

describe('a service refuses to boot on a bad RATE_LIMIT_* value', () => {
  it.each([
    ['RATE_LIMIT_SCALE', 'fast'],
    ['RATE_LIMIT_JOBS_PING_IP', '0'],
    ['RATE_LIMIT_JOBS_NO_SUCH_LIMIT', '10'],
  ])('%s=%s', async (name, value) => {
    const started = startService(limitedService, {
      env: { DATABASE_URL: PG_ADMIN_URL, [name]: value },
      registerSignals: false,
      runMigrations: false,
      port: 0,
      host: '127.0.0.1',
    });
    await expect(started).rejects.toThrow(ConfigError);
    await expect(started).rejects.toThrow(name);
  });
});

function describeStore(store: 'memory' | 'redis') {
  describe(`limits of a service (${store} store)`, () => {
    let redis: Redis | undefined;
    let t: TestService;
    let scaled: TestService;
    beforeAll(async () => {
      redis = store === 'redis' ? new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 2 }) : undefined;
      t = await buildTestService(limitedService, { relay: false, ...(redis ? { redis } : {}) });
      scaled = await buildTestService(limitedService, {
        relay: false,
        ...(redis ? { redis } : {}),
        rateLimits: loadRateLimitSettings({ RATE_LIMIT_SCALE: '2', RATE_LIMIT_JOBS_VOTE_VISITOR: '1' }),
      });
    });
    afterAll(async () => {
      await t?.close();
      await scaled?.close();
      await redis?.quit();
    });

    it('counts parallel requests exactly: of 60 at once, the first 20 pass', async () => {
      const ip = freshIp();
      const responses = await Promise.all(Array.from({ length: 60 }, () => ping(t, ip)));
      expect(statuses(responses)).toEqual({ 200: 20, 429: 40 });
      const refused = responses.find((r) => r.statusCode === 429)!;
      expect(refused.json()).toEqual({ message: RATE_LIMIT_MESSAGE });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Another address is not affected.
      expect((await ping(t, freshIp())).statusCode).toBe(200);
    });

    it('counts IPv6 clients per /64 and an IPv4-mapped address as its IPv4 address', async () => {
      const network = freshNetwork();
      const inNetwork = (n: number) => `${network}:${randomBytes(2).toString('hex')}:0:0:${n.toString(16)}`;
      const first = await Promise.all(Array.from({ length: 20 }, (_, i) => ping(t, inNetwork(i + 1))));
      expect(statuses(first)).toEqual({ 200: 20 });
      // Any other address of the same /64 shares the counter...
      expect((await ping(t, `${network}:ffff:ffff:ffff:fffe`)).statusCode).toBe(429);
      // ...the neighbouring /64 does not.
      expect((await ping(t, `${freshNetwork()}::1`)).statusCode).toBe(200);

      const ip = freshIp();
      await Promise.all(Array.from({ length: 20 }, () => ping(t, ip)));
      expect((await ping(t, `::ffff:${ip}`)).statusCode).toBe(429);
    });

    it('counts a verified visitor on its own, and a request without one under its address', async () => {
      const ip = freshIp();
      const [alice, bob] = [testVisitorToken(), testVisitorToken()];
      for (let i = 0; i < 3; i++) expect((await vote(t, ip, `${i}`, alice)).statusCode).toBe(200);
      expect((await vote(t, ip, '9', alice)).statusCode).toBe(429);
      expect((await vote(t, ip, '9', bob)).statusCode).toBe(200);
      // A token identity never issued is no visitor: such requests share their address's count.
      const forged = () => `${randomBytes(32).toString('base64url')}.${randomBytes(16).toString('base64url')}`;
      for (let i = 0; i < 3; i++) expect((await vote(t, ip, `${10 + i}`, forged())).statusCode).toBe(200);
      expect((await vote(t, ip, '20', forged())).statusCode).toBe(429);
      expect((await vote(t, ip, '20')).statusCode).toBe(429);
    });

    it('counts per (address, target): many visitors of one address add at most max to one item', async () => {
      const ip = freshIp();
      const responses = await Promise.all(Array.from({ length: 40 }, () => vote(t, ip, '7', testVisitorToken())));
      expect(statuses(responses)).toEqual({ 200: 5, 429: 35 });
      // Another item, or another address, has its own count.
      expect((await vote(t, ip, '8', testVisitorToken())).statusCode).toBe(200);
      expect((await vote(t, freshIp(), '7', testVisitorToken())).statusCode).toBe(200);
    });

    it('RATE_LIMIT_SCALE=2 doubles a limit, RATE_LIMIT_JOBS_VOTE_VISITOR sets one', async () => {
      expect(scaled.app.rateLimitTable['ping-ip']!.max).toBe(40);
      const ip = freshIp();
      const responses = await Promise.all(Array.from({ length: 50 }, () => ping(scaled, ip)));
      expect(statuses(responses)).toEqual({ 200: 40, 429: 10 });

      const token = testVisitorToken();
      expect((await vote(scaled, freshIp(), '1', token)).statusCode).toBe(200);
      expect((await vote(scaled, freshIp(), '2', token)).statusCode).toBe(429);
    });

    it('limits unknown URLs per address (not-found-ip, every service)', async () => {
      expect(t.app.rateLimitTable['not-found-ip']).toMatchObject({ max: 600, key: 'address' });
      const ip = freshIp();
      const responses = await Promise.all(
        Array.from({ length: 601 }, () => t.app.inject({ method: 'GET', url: '/no/such/route', remoteAddress: ip })),
      );
      expect(statuses(responses)).toEqual({ 404: 600, 429: 1 });
    });
  });
}

describeStore('memory');
describeStore('redis');

describe('RATE_LIMIT_NAMESPACE in Redis', () => {
  const redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 2 });
  const services: TestService[] = [];
  const build = async (namespace: string) => {
    const built = await buildTestService(limitedService, {
      relay: false,
      redis,
      rateLimits: loadRateLimitSettings({ RATE_LIMIT_NAMESPACE: namespace }),
    });
    services.push(built);
    return built;
  };
  afterAll(async () => {
    for (const built of services) await built.close();
    await redis.quit();
  });

  it('keeps the counters of two deployments sharing one Redis apart, and shares them within one', async () => {
    const tag = randomBytes(4).toString('hex');
    const [siteA, siteA2, siteB] = [await build(`a-${tag}`), await build(`a-${tag}`), await build(`b-${tag}`)];
    const ip = freshIp();
    expect(statuses(await Promise.all(Array.from({ length: 20 }, () => ping(siteA, ip))))).toEqual({ 200: 20 });
    // Another replica of the same deployment counts on the same keys...
    expect((await ping(siteA2, ip)).statusCode).toBe(429);
    // ...another deployment starts from zero for the same address.
    expect(statuses(await Promise.all(Array.from({ length: 20 }, () => ping(siteB, ip))))).toEqual({ 200: 20 });
    expect(await redis.keys(`wfm-rl:a-${tag}:jobs:*`)).not.toEqual([]);
  });
});

describe('byIp', () => {
  it('keys IPv4 by address and IPv6 by /64', () => {
    const key = (ip: string) => byIp({ ip } as never);
    expect(key('203.0.113.9')).toBe(key('::ffff:203.0.113.9'));
    expect(key('2001:db8:1:2:aaaa::1')).toBe(key('2001:db8:1:2:bbbb:cccc:dddd:eeee'));
    expect(key('2001:db8:1:2::1')).not.toBe(key('2001:db8:1:3::1'));
  });
});
