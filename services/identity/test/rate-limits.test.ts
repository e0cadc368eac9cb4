import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeLimits, loadRateLimitSettings, RATE_LIMIT_MESSAGE, type RateLimitSettings } from '@wfm/service-kit';
import { loadPressureBudgets, type PressureBudgets } from '@wfm/service-kit/pressure';
import { buildTestService, injectAnsweringProofOfWork, TEST_REDIS_URL, type TestService } from '@wfm/service-kit/testing';
import { service } from '../src/app.ts';
import { IDENTITY_LIMITS } from '../src/rate-limits.ts';
import { checkUsername, createProfile, randomIp, uniqueUsername } from './helpers.ts';

type Answer = { statusCode: number; body: string; headers: Record<string, unknown>; json<T = unknown>(): T };

const statuses = (responses: Answer[]) => {
  const counts: Record<number, number> = {};
  for (const r of responses) counts[r.statusCode] = (counts[r.statusCode] ?? 0) + 1;
  return counts;
};
const notOk = (responses: Answer[]) => responses.filter((r) => r.statusCode >= 300).map((r) => `${r.statusCode} ${r.body}`);

const newSession = (t: TestService, ip: string) => t.app.inject({ method: 'POST', url: '/api/session', remoteAddress: ip });
/** A session call as the web app makes it: a 428 asking for a proof of work is answered in the background. */
const browserSession = (t: TestService, ip: string) =>
  injectAnsweringProofOfWork(t.app, { method: 'POST', url: '/api/session', remoteAddress: ip });

/** `count` session calls from `ip`, `width` at a time in parallel (the test database pool has 5 connections). */
async function sessions(t: TestService, ip: string | (() => string), count: number, width = count): Promise<Answer[]> {
  const out: Answer[] = [];
  for (let sent = 0; sent < count; sent += width) {
    const wave = Math.min(width, count - sent);
    out.push(...(await Promise.all(Array.from({ length: wave }, () => newSession(t, typeof ip === 'string' ? ip : ip())))));
  }
  return out;
}

async function build(redis: Redis | undefined, rateLimits?: RateLimitSettings, pressure?: PressureBudgets): Promise<TestService> {
  return buildTestService(service, { relay: false, ...(redis ? { redis } : {}), ...(rateLimits ? { rateLimits } : {}), ...(pressure ? { pressure } : {}) });
}

for (const store of ['memory', 'redis'] as const) {
  describe(`one contact centre behind one address (${store} store)`, () => {
    let redis: Redis | undefined;
    let t: TestService;
    beforeAll(async () => {
      redis = store === 'redis' ? new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 2 }) : undefined;
      t = await build(redis);
    });
    afterAll(async () => {
      await t?.close();
      await redis?.quit();
    });

    it('300 agents get a session at once, then each checks two names and saves one: no 429', { timeout: 180_000 }, async () => {
      // The site as deployed: the pressure gate on with its default budgets (60 tokens per address per
      // 10 minutes), and each agent's browser answering a proof of work in the background.
      const withGate = await build(redis, undefined, loadPressureBudgets({}));
      try {
        await contactCentre(withGate);
      } finally {
        await withGate.close();
      }
    });

    async function contactCentre(t: TestService) {
      const ip = randomIp();
      const started = await Promise.all(Array.from({ length: 300 }, () => browserSession(t, ip)));
      expect(notOk(started)).toEqual([]);
      const tokens = started.map((r) => r.json<{ anon_token: string }>().anon_token);
      expect(new Set(tokens).size).toBe(300);

      const names = tokens.map(() => uniqueUsername());
      const checks = await Promise.all(
        tokens.flatMap((token, i) => [checkUsername(t.app, uniqueUsername(), token, ip), checkUsername(t.app, names[i], token, ip)]),
      );
      expect(notOk(checks)).toEqual([]);
      const saved = await Promise.all(tokens.map((token, i) => createProfile(t.app, token, names[i], ip)));
      expect(notOk(saved)).toEqual([]);
      const profiles = await Promise.all(
        tokens.map((token) => t.app.inject({ method: 'GET', url: `/api/user-profile/${token}`, remoteAddress: ip })),
      );
      expect(profiles.map((r) => r.json<{ username: string }>().username)).toEqual(names);
    }

    it('a burst of 450 parallel session calls from one address gets exactly the 400 of the minute', { timeout: 120_000 }, async () => {
      const responses = await sessions(t, randomIp(), 450);
      expect(statuses(responses)).toEqual({ 200: 400, 429: 50 });
      const refused = responses.find((r) => r.statusCode === 429)!;
      expect(refused.json()).toEqual({ message: RATE_LIMIT_MESSAGE });
      // Another address is not affected.
      expect((await newSession(t, randomIp())).statusCode).toBe(200);
    });

    it('counts the sessions of one IPv6 /64 together, and two /64s apart', { timeout: 120_000 }, async () => {
      const network = `2001:db8:${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}`;
      const inNetwork = () => `${network}:${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}::1`;
      expect(statuses(await sessions(t, inNetwork, 401))).toEqual({ 200: 400, 429: 1 });
      expect((await newSession(t, `${network}::1`)).statusCode).toBe(429);
      expect((await newSession(t, `2001:db8:${randomBytes(2).toString('hex')}::1`)).statusCode).toBe(200);
    });
  });

  describe(`the hourly session ceiling of one address (${store} store)`, () => {
    let redis: Redis | undefined;
    let t: TestService;
    beforeAll(async () => {
      redis = store === 'redis' ? new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 2 }) : undefined;
      // The minute's burst set out of the way, so only the hour's ceiling (default 1,000) applies.
      t = await build(redis, loadRateLimitSettings({ RATE_LIMIT_IDENTITY_SESSION_IP_MINUTE: '100000' }));
    });
    afterAll(async () => {
      await t?.close();
      await redis?.quit();
    });

    it('stops session creation from one address at 1,000 an hour', { timeout: 300_000 }, async () => {
      const ip = randomIp();
      const responses = await sessions(t, ip, 1100, 100);
      expect(statuses(responses)).toEqual({ 200: 1000, 429: 100 });
      expect(Number(responses.at(-1)!.headers['retry-after'])).toBeGreaterThan(3000);
    });
  });
}

describe('every identity call is guarded by its limits (set small by RATE_LIMIT_IDENTITY_<NAME>)', () => {
  let t: TestService;
  beforeAll(async () => {
    t = await build(
      undefined,
      loadRateLimitSettings({
        RATE_LIMIT_IDENTITY_CHECK_USERNAME_VISITOR: '2',
        RATE_LIMIT_IDENTITY_CHECK_USERNAME_IP: '3',
        RATE_LIMIT_IDENTITY_CREATE_PROFILE_VISITOR: '2',
        RATE_LIMIT_IDENTITY_CREATE_PROFILE_IP: '3',
        RATE_LIMIT_IDENTITY_SESSION_REVOKE_IP: '2',
      }),
    );
  });
  afterAll(async () => t?.close());
  const token = async () => (await newSession(t, randomIp())).json<{ anon_token: string }>().anon_token;

  it('check-username: per visitor, then per address across visitors', async () => {
    const mine = await token();
    const ip = randomIp();
    expect((await checkUsername(t.app, uniqueUsername(), mine, ip)).statusCode).toBe(200);
    expect((await checkUsername(t.app, uniqueUsername(), mine, ip)).statusCode).toBe(200);
    const limited = await checkUsername(t.app, uniqueUsername(), mine, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: RATE_LIMIT_MESSAGE });
    // Another visitor at the same address: the address has one call left.
    expect((await checkUsername(t.app, uniqueUsername(), await token(), ip)).statusCode).toBe(200);
    expect((await checkUsername(t.app, uniqueUsername(), await token(), ip)).statusCode).toBe(429);
  });

  it('create-profile: per visitor, then per address across visitors', async () => {
    const mine = await token();
    const ip = randomIp();
    expect((await createProfile(t.app, mine, 'x', ip)).statusCode).toBe(400);
    expect((await createProfile(t.app, mine, 'x', ip)).statusCode).toBe(400);
    expect((await createProfile(t.app, mine, uniqueUsername(), ip)).statusCode).toBe(429);
    expect((await createProfile(t.app, await token(), uniqueUsername(), ip)).statusCode).toBe(201);
    expect((await createProfile(t.app, await token(), uniqueUsername(), ip)).statusCode).toBe(429);
  });

  it('session end: per address', async () => {
    const ip = randomIp();
    const end = async () =>
      t.app.inject({ method: 'DELETE', url: '/api/session', remoteAddress: ip, headers: { 'x-anon-token': await token() } });
    expect((await end()).statusCode).toBeLessThan(300);
    expect((await end()).statusCode).toBeLessThan(300);
    expect((await end()).statusCode).toBe(429);
  });
});

describe('RATE_LIMIT_SCALE and single limits', () => {
  let t: TestService;
  beforeAll(async () => {
    t = await build(undefined, loadRateLimitSettings({ RATE_LIMIT_SCALE: '2', RATE_LIMIT_IDENTITY_CREATE_PROFILE_VISITOR: '3' }));
  });
  afterAll(async () => t?.close());

  it('RATE_LIMIT_SCALE=2 doubles each limit: 120 username checks a minute per visitor instead of 60', async () => {
    expect(t.app.rateLimitTable['session-ip-hour']!.max).toBe(2000);
    const token = (await newSession(t, randomIp())).json<{ anon_token: string }>().anon_token;
    const responses = await Promise.all(Array.from({ length: 125 }, () => checkUsername(t.app, uniqueUsername(), token)));
    expect(statuses(responses)).toEqual({ 200: 120, 429: 5 });
  });

  it('RATE_LIMIT_IDENTITY_CREATE_PROFILE_VISITOR=3 sets that limit, unscaled', async () => {
    const token = (await newSession(t, randomIp())).json<{ anon_token: string }>().anon_token;
    const responses = [];
    for (let i = 0; i < 4; i++) responses.push(await createProfile(t.app, token, 'x'));
    expect(responses.map((r) => r.statusCode)).toEqual([400, 400, 400, 429]);
  });

  it.each([
    ['RATE_LIMIT_IDENTITY_SESSION_IP_HOUR', 'plenty'],
    ['RATE_LIMIT_IDENTITY_SESSION_IP_HOUR', '-3'],
    ['RATE_LIMIT_IDENTITY_SESSIONS_IP', '10'],
  ])('refuses to boot with %s=%s', async (name, value) => {
    const boot = async () => build(undefined, loadRateLimitSettings({ [name]: value }));
    await expect(boot()).rejects.toThrow(name);
  });
});

it('docs/operations.md lists every identity limit with its default, key, window and variable', () => {
  const docs = readFileSync(new URL('../../../docs/operations.md', import.meta.url), 'utf8');
  for (const row of describeLimits(IDENTITY_LIMITS)) expect(docs).toContain(row);
});
