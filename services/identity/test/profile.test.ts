import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreateProfileResponse, USERNAME_MESSAGES } from '@wfm/contracts/identity';
import { RATE_LIMIT_MESSAGE } from '@wfm/service-kit';
import { buildTestService, testVisitorToken, type TestService } from '@wfm/service-kit/testing';
import { service } from '../src/app.ts';
import { hashAnonToken } from '../src/visitors/visitors-tokens.ts';
import { checkUsername, createProfile, createSession, uniqueUsername } from './helpers.ts';

let t: TestService;
beforeAll(async () => {
  t = await buildTestService(service);
});
afterAll(async () => t?.close());

describe('POST /api/user-profile', () => {
  it('creates the profile: 201 with the username and created_at in ms', async () => {
    const token = await createSession(t.app);
    const username = uniqueUsername();
    const before = Date.now();
    const res = await createProfile(t.app, token, username);
    expect(res.statusCode).toBe(201);
    const body = CreateProfileResponse.strict().parse(res.json());
    expect(body.username).toBe(username);
    expect(body.created_at).toBeGreaterThanOrEqual(before - 1000);
    expect(body.created_at).toBeLessThanOrEqual(Date.now() + 1000);
    expect(JSON.stringify(res.json())).not.toContain(token);
  });

  it('refuses a second username for the same visitor with 409 and keeps the first', async () => {
    const token = await createSession(t.app);
    const first = uniqueUsername();
    expect((await createProfile(t.app, token, first)).statusCode).toBe(201);

    const second = await createProfile(t.app, token, uniqueUsername());
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ message: USERNAME_MESSAGES.alreadySet });

    const again = await createProfile(t.app, token, first);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: USERNAME_MESSAGES.alreadySet });

    const profile = await t.app.inject({ method: 'GET', url: `/api/user-profile/${token}` });
    expect(profile.json().username).toBe(first);
  });

  it('answers 401 without a token, with a malformed token and with an unknown token', async () => {
    for (const token of [undefined, 'not-a-token', testVisitorToken()]) {
      const res = await createProfile(t.app, token, uniqueUsername());
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: expect.any(String) });
    }
  });

  it('writes identity.profile.created to the outbox with the profile', async () => {
    const own = await buildTestService(service, { relay: false });
    try {
      const token = await createSession(own.app);
      const username = uniqueUsername();
      const res = await createProfile(own.app, token, username);
      expect(res.statusCode).toBe(201);

      const rows = await own.sql<{ subject: string; payload: unknown }[]>`
        SELECT subject, payload FROM outbox WHERE payload->>'username' = ${username}`;
      expect(rows).toEqual([{ subject: 'identity.profile.created', payload: res.json() }]);
    } finally {
      await own.close();
    }
  });

  it('writes no event when the save is refused by the database', async () => {
    const own = await buildTestService(service, { relay: false });
    try {
      const username = uniqueUsername();
      const [a, b] = [await createSession(own.app), await createSession(own.app)];
      const results = await Promise.all([createProfile(own.app, a, username), createProfile(own.app, b, username)]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      const rows = await own.sql`SELECT 1 FROM outbox WHERE payload->>'username' = ${username}`;
      expect(rows).toHaveLength(1);
    } finally {
      await own.close();
    }
  });

  it('publishes identity.profile.created on the bus through the relay', async () => {
    const username = uniqueUsername();
    const received = new Promise<unknown>((resolve) => {
      void t.bus.subscribe('identity.profile.created', (evt) => {
        if ((evt.data as { username?: string }).username === username) resolve(evt.data);
      });
    });
    const res = await createProfile(t.app, await createSession(t.app), username);
    expect(await received).toEqual(res.json());
  });

  it('allows 10 saves per minute per token, then answers 429', async () => {
    const token = await createSession(t.app);
    const attempts = [];
    for (let i = 0; i < 10; i++) attempts.push(await createProfile(t.app, token, 'x'));
    expect(attempts.every((r) => r.statusCode === 400)).toBe(true);
    const limited = await createProfile(t.app, token, uniqueUsername());
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: RATE_LIMIT_MESSAGE });
  });
});

describe('POST /api/user-profile/check-username', () => {
  it('answers available for a free name', async () => {
    const res = await checkUsername(t.app, uniqueUsername());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ available: true });
  });
});

describe('GET /api/user-profile/{anonToken}', () => {
  it('answers the username and created_at of the token holder', async () => {
    const token = await createSession(t.app);
    const created = (await createProfile(t.app, token, uniqueUsername())).json();
    const res = await t.app.inject({ method: 'GET', url: `/api/user-profile/${token}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(created);
  });

  it('answers 200 with no username for a visitor who has not chosen one yet (an answer, not a failed request)', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/user-profile/${await createSession(t.app)}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ username: null, created_at: null });
  });

  it('answers 404 Profile not found for a token identity does not know', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/user-profile/${testVisitorToken()}` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Profile not found' });
  });

  it('answers 400 for something that is not a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/user-profile/abc' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: expect.any(String) });
  });
});

describe('GET /api/user-profile/check/{userId}', () => {
  it('says whether the token holder has a username', async () => {
    const token = await createSession(t.app);
    const check = () => t.app.inject({ method: 'GET', url: `/api/user-profile/check/${token}` });
    expect((await check()).json()).toEqual({ hasProfile: false });
    await createProfile(t.app, token, uniqueUsername());
    expect((await check()).json()).toEqual({ hasProfile: true });
  });

  it('answers hasProfile false for an unknown token', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/user-profile/check/${testVisitorToken()}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ hasProfile: false });
  });
});

describe('last seen', () => {
  const lastSeen = async (token: string) => {
    const [row] = await t.sql<{ last_seen_at: Date }[]>`
      SELECT last_seen_at FROM visitors WHERE token_hash = ${hashAnonToken(token)}`;
    return row!.last_seen_at.getTime();
  };
  const backdate = (token: string, seconds: number) =>
    t.sql`UPDATE visitors SET last_seen_at = now() - make_interval(secs => ${seconds})
          WHERE token_hash = ${hashAnonToken(token)}`;

  it('moves forward when the visitor calls after a minute, not more often', async () => {
    const token = await createSession(t.app);
    const visit = () => t.app.inject({ method: 'GET', url: `/api/user-profile/check/${token}` });

    await backdate(token, 30);
    const recent = await lastSeen(token);
    await visit();
    expect(await lastSeen(token)).toBe(recent);

    await backdate(token, 120);
    const stale = await lastSeen(token);
    await visit();
    expect(await lastSeen(token)).toBeGreaterThan(stale + 100_000);
  });
});
