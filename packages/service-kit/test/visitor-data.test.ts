import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { loadRateLimitSettings } from '../src/rate-limit-table.ts';
import { outboxStaffActionLog } from '../src/staff-actions.ts';
import { suspendVisitor } from '../src/suspensions.ts';
import { buildTestService, TEST_REDIS_URL, testVisitorToken, type TestService } from '../src/testing.ts';
import { randomIp } from '../src/testing-visitors.ts';
import { visitorDataRoutes } from '../src/visitor-data.ts';
import { fixtureService } from './helpers.ts';
import { startIdentity, type RunningIdentity } from './suspensions-identity.ts';

// The kit's "Your data" routes on a real service app (PostgreSQL, Redis): the visitor is the
// token's, each call hands the service its own hash of it, no token is no visitor (401), and the
// erase is a write like any other (a suspended visitor is refused).

const seen: { export: string[]; erase: string[] } = { export: [], erase: [] };
const routes = visitorDataRoutes({
  export: async (_ctx, visitor) => {
    seen.export.push(visitor.key);
    return { notes: [{ key: visitor.key }] };
  },
  erase: async (_ctx, visitor) => {
    seen.erase.push(visitor.key);
    return { notes: 1 };
  },
});

let redis: Redis;
let t: TestService;
// Identity keeps the suspensions (a real process, as in suspensions.test.ts).
let identity: RunningIdentity;
beforeAll(async () => {
  identity = await startIdentity();
  redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
  const rateLimits = loadRateLimitSettings({ RATE_LIMIT_NAMESPACE: `v${randomBytes(4).toString('hex')}` });
  t = await buildTestService({ ...fixtureService, name: 'forum', routes: [routes], staffActionLog: outboxStaffActionLog('forum') }, { redis, rateLimits, identityUrl: identity.url });
});
afterAll(async () => {
  await t?.close();
  await redis?.quit();
  await identity?.stop();
});

const call = (method: 'GET' | 'POST', url: string, token?: string) =>
  t.app.inject({ method, url, headers: token ? { 'x-anon-token': token } : {}, remoteAddress: randomIp() });

describe('visitorDataRoutes', () => {
  it("answers the token's visitor's records and erases as that visitor (the service's own hash)", async () => {
    const token = testVisitorToken();
    const key = t.app.verifyVisitor(token)!.key;
    const got = await call('GET', '/internal/visitor-data', token);
    expect(got.statusCode).toBe(200);
    expect(got.json()).toEqual({ records: { notes: [{ key }] } });
    const erased = await call('POST', '/internal/visitor-data/erase', token);
    expect(erased.statusCode).toBe(200);
    expect(erased.json()).toEqual({ erased: { notes: 1 } });
    expect(seen.erase).toContain(key);
  });

  it('refuses a call without a token, or with one identity did not issue, with 401 and a message', async () => {
    for (const token of [undefined, 'not-a-token']) {
      for (const [method, url] of [['GET', '/internal/visitor-data'], ['POST', '/internal/visitor-data/erase']] as const) {
        const res = await call(method, url, token);
        expect(res.statusCode).toBe(401);
        expect(res.json().message).toBeTruthy();
      }
    }
  });

  it('refuses the erase of a suspended visitor with the suspension message; the download still works', async () => {
    const token = testVisitorToken();
    const key = t.app.verifyVisitor(token)!.key;
    await suspendVisitor(t.ctx, { id: 7, username: 'mod-anna', role: 'Moderator' }, {
      service: 'forum', visitor: key, durationMs: 3_600_000, reason: 'spam', target: { type: 'post', id: 1 },
    });
    const erased = await call('POST', '/internal/visitor-data/erase', token);
    expect(erased.statusCode).toBe(403);
    expect(erased.json().message).toMatch(/^Your account is suspended until .*: spam$/);
    expect(seen.erase).not.toContain(key);
    expect((await call('GET', '/internal/visitor-data', token)).statusCode).toBe(200);
  });
});
