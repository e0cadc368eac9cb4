import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTHOR_NAME_MESSAGES, USERNAME_MESSAGES } from '@wfm/contracts/identity';
import { issueVisitorToken } from '@wfm/service-kit';
import { buildTestService, TEST_VISITOR_SECRET, testVisitorToken, type TestService } from '@wfm/service-kit/testing';
import { service } from '../src/app.ts';
import { checkUsername, createProfile, createSession, randomIp, uniqueUsername } from './helpers.ts';

let t: TestService;
beforeAll(async () => {
  t = await buildTestService(service, { relay: false });
});
afterAll(async () => t?.close());

const waitFor = async (probe: () => Promise<boolean>) => {
  for (let i = 0; i < 250 && !(await probe()); i++) await new Promise((r) => setTimeout(r, 20));
};

const revoke = (token?: string) =>
  t.app.inject({
    method: 'DELETE',
    url: '/api/session',
    remoteAddress: randomIp(),
    headers: token === undefined ? {} : { 'x-anon-token': token },
  });

const authorName = (name: unknown, token?: string) =>
  t.app.inject({ method: 'POST', url: '/internal/author-name', payload: { name, ...(token ? { token } : {}) } });

describe('issued tokens', () => {
  it('carry the tag every service verifies', async () => {
    const token = await createSession(t.app);
    expect(t.app.verifyVisitor(token)).not.toBeNull();
  });

  it('a token signed with another secret finds no visitor', async () => {
    const forged = issueVisitorToken(`${TEST_VISITOR_SECRET}-other`);
    expect((await createProfile(t.app, forged, uniqueUsername())).statusCode).toBe(401);
  });
});

describe('DELETE /api/session (forget this device)', () => {
  it('revokes the token here and publishes its revocation key, never the token', async () => {
    const token = await createSession(t.app);
    const res = await revoke(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ revoked: true });

    const events = await t.sql<{ payload: { revocation: string } }[]>`
      SELECT payload FROM outbox WHERE subject = 'identity.visitor.revoked'`;
    const payloads = events.map((e) => e.payload.revocation);
    expect(payloads).toContain(t.app.verifyVisitor(token)!.revocation);
    expect(JSON.stringify(events)).not.toContain(token.split('.')[0]);

    expect((await createProfile(t.app, token, uniqueUsername())).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `/api/user-profile/check/${token}` })).json()).toEqual({ hasProfile: false });
  });

  it('keeps the username of a revoked token taken', async () => {
    const token = await createSession(t.app);
    const name = uniqueUsername();
    expect((await createProfile(t.app, token, name)).statusCode).toBe(201);
    expect((await revoke(token)).statusCode).toBe(200);
    expect((await checkUsername(t.app, name)).json()).toEqual({ available: false });
  });

  it('answers 401 with a message without an issued token', async () => {
    for (const token of [undefined, 'made-up', testVisitorToken().slice(0, 50)]) {
      const res = await revoke(token);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('A valid x-anon-token header is required');
    }
  });
});

describe('reserved usernames', () => {
  it('refuses the reserved words and anonymous as usernames', async () => {
    for (const name of ['admin', 'Moderator', 'support', 'anonymous', 'official']) {
      expect((await checkUsername(t.app, name)).json()).toEqual({ available: false });
      const res = await createProfile(t.app, await createSession(t.app), name);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(USERNAME_MESSAGES.taken);
    }
  });

  it('refuses staff names seen on admin.staff.* for good, renamed ones included', async () => {
    const staff = uniqueUsername('s');
    const renamed = uniqueUsername('r');
    await t.bus.publish('admin.staff.created', { id: 1, username: staff.toUpperCase() }, { msgId: `t:${staff}` });
    await t.bus.publish('admin.staff.renamed', { id: 1, username: renamed, previous_username: staff }, { msgId: `t:${renamed}` });
    await waitFor(async () => (await t.sql`SELECT 1 FROM staff_names WHERE name_lower IN (${staff}, ${renamed})`).length === 2);

    for (const name of [staff, renamed]) {
      expect((await checkUsername(t.app, name)).json()).toEqual({ available: false });
      expect((await createProfile(t.app, await createSession(t.app), name)).statusCode).toBe(409);
      const res = await authorName(` ${name.toUpperCase()} `, await createSession(t.app));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(AUTHOR_NAME_MESSAGES.taken);
    }
  });
});

describe('POST /internal/author-name', () => {
  it('accepts the visitor own username (any case), Anonymous and unregistered names', async () => {
    const token = await createSession(t.app);
    const mine = uniqueUsername();
    await createProfile(t.app, token, mine);
    expect((await authorName(mine.toUpperCase(), token)).json()).toEqual({ name: mine });
    expect((await authorName('anonymous', token)).json()).toEqual({ name: 'Anonymous' });
    expect((await authorName('  Someone New ', token)).json()).toEqual({ name: 'Someone New' });
    expect((await authorName('Someone New')).json()).toEqual({ name: 'Someone New' });
  });

  it("refuses another member's username in any case, with or without a token", async () => {
    const owner = await createSession(t.app);
    const name = uniqueUsername();
    await createProfile(t.app, owner, name);
    for (const token of [await createSession(t.app), undefined, 'made-up']) {
      const res = await authorName(name.toUpperCase(), token);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(AUTHOR_NAME_MESSAGES.taken);
    }
  });

  it('refuses a revoked token its own username', async () => {
    const token = await createSession(t.app);
    const name = uniqueUsername();
    await createProfile(t.app, token, name);
    await revoke(token);
    expect((await authorName(name, token)).statusCode).toBe(400);
  });

  it('refuses the reserved words as the whole trimmed name, any case (words inside a name: names.test.ts)', async () => {
    for (const name of ['Admin', '  moderator ', 'ADMINISTRATOR', 'Staff', 'support', 'System', 'official']) {
      const res = await authorName(name, await createSession(t.app));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(AUTHOR_NAME_MESSAGES.taken);
    }
    expect((await authorName('badminton fan club')).statusCode).toBe(200);
  });

  it('answers 400 with a message for bad input', async () => {
    for (const payload of [{}, { name: '' }, { name: 42 }, { name: 'x'.repeat(500) }, { name: 'ok', token: 5 }, { name: '   ' }]) {
      const res = await t.app.inject({ method: 'POST', url: '/internal/author-name', payload });
      expect(res.statusCode).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
  });
});
