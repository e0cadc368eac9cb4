import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import postgres from 'postgres';
import { AUTHOR_NAME_MESSAGES } from '@wfm/contracts/identity';
import { issueVisitorToken } from '@wfm/service-kit';
import { buildTestService, TEST_VISITOR_SECRET, type TestService } from '@wfm/service-kit/testing';
import { service } from '../src/app.ts';
import { createPost, get, newVisitor, post, randomIp, uniqueWord, validPost, type Visitor } from './helpers.ts';
import { uniqueUsername } from '@wfm/service-kit/testing-names';

/** The real identity process of the project (serviceTestConfig with identity, vitest.config.ts). */
const identityUrl = inject('identityUrl');

let t: TestService;
beforeAll(async () => {
  t = await buildTestService(service, { relay: false });
});
afterAll(async () => t?.close());

/** A visitor identity really issued, with a username registered there. */
async function member(): Promise<Visitor & { username: string }> {
  const session = await fetch(`${identityUrl}/api/session`, { method: 'POST' });
  const token = ((await session.json()) as { anon_token: string }).anon_token;
  const username = uniqueUsername('m');
  const profile = await fetch(`${identityUrl}/api/user-profile`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-anon-token': token },
    body: JSON.stringify({ username }),
  });
  if (profile.status !== 201) throw new Error(`profile: ${profile.status} ${await profile.text()}`);
  return { token, ip: randomIp(), username };
}

const upvote = (id: number, visitor: Visitor) => post(t.app, `/api/posts/${id}/upvote`, undefined, visitor);
const upvotes = async (id: number) => (await get(t.app, `/api/posts/${id}`)).json<{ upvotes: number }>().upvotes;
/** Looks like a token (43 + "." + 22 base64url characters) but identity never issued it. */
const madeUpToken = () => `${randomBytes(32).toString('base64url')}.${randomBytes(16).toString('base64url')}`;

describe('upvotes rest on verified visitors', () => {
  it('answers 401 with a message for a never-issued token and for no token, and counts nothing', async () => {
    const id = await createPost(t.app);
    for (const token of [madeUpToken(), issueVisitorToken(`${TEST_VISITOR_SECRET}-not-ours`), 'x', '']) {
      const res = await upvote(id, { token, ip: randomIp() });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('A valid x-anon-token header is required');
    }
    const none = await t.app.inject({ method: 'POST', url: `/api/posts/${id}/upvote`, remoteAddress: randomIp() });
    expect(none.statusCode).toBe(401);
    expect(await upvotes(id)).toBe(0);
  });

  it('20 fresh made-up tokens add no upvote', async () => {
    const id = await createPost(t.app);
    const ip = randomIp();
    const results = await Promise.all(Array.from({ length: 20 }, () => upvote(id, { token: madeUpToken(), ip })));
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(401));
    expect(await upvotes(id)).toBe(0);
  });

  it('one issued token upvotes once, also when its requests race', async () => {
    const id = await createPost(t.app);
    const me = await member();
    const results = await Promise.all(Array.from({ length: 20 }, () => upvote(id, me)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(await upvotes(id)).toBe(1);
  });

  it('a revoked token gets 401 on writes once the revocation reached the forum', async () => {
    const id = await createPost(t.app);
    const me = await member();
    const revoked = await fetch(`${identityUrl}/api/session`, { method: 'DELETE', headers: { 'x-anon-token': me.token } });
    expect(revoked.status).toBe(200);
    // Identity's relay publishes on its own bus; deliver the same event to this forum's bus.
    const revocation = t.app.verifyVisitor(me.token)!.revocation;
    await t.bus.publish('identity.visitor.revoked', { revocation, at: Date.now() }, { msgId: `forum-test:${revocation}` });
    for (let i = 0; i < 250; i++) {
      if ((await t.sql`SELECT 1 FROM kit_revoked_visitors WHERE revocation = ${revocation}`).length) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const res = await upvote(id, me);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('A valid x-anon-token header is required');
    expect(await upvotes(id)).toBe(0);
  });
});

describe('My Posts and activity', () => {
  it('a bogus anon_token lists nothing, never an error', async () => {
    await createPost(t.app);
    for (const token of [madeUpToken(), 'bogus', 'x'.repeat(200)]) {
      const res = await get(t.app, `/api/posts?anon_token=${encodeURIComponent(token)}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ posts: [], total: 0 });
    }
  });

  it('counts only verified visitors as active members', async () => {
    const fresh = await buildTestService(service, { relay: false });
    try {
      const stats = async () =>
        (await fresh.app.inject({ url: '/api/stats', remoteAddress: randomIp() })).json<{ activeMembers: number }>().activeMembers;
      for (let i = 0; i < 5; i++) await get(fresh.app, '/api/stats', { token: madeUpToken(), ip: randomIp() });
      await get(fresh.app, '/api/stats', newVisitor());
      let active = 0;
      for (let i = 0; i < 250 && active === 0; i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        active = await stats();
      }
      expect(active).toBe(1);
    } finally {
      await fresh.close();
    }
  });
});

describe('author names (no impersonation)', () => {
  let someone: Awaited<ReturnType<typeof member>>;
  let staffName: string;
  beforeAll(async () => {
    someone = await member();
    // Identity learns staff names from admin.staff.* events; here it is told directly.
    staffName = uniqueWord('staff');
    const identityDb = postgres(inject('identityDatabaseUrl'), { max: 1, onnotice: () => undefined });
    await identityDb`INSERT INTO identity.staff_names (name_lower) VALUES (${staffName})`;
    await identityDb.end();
  });

  const writes = (name: string) => [
    { url: '/api/posts', payload: validPost({ author_name: name }) },
    { url: '/api/feature-suggestions', payload: { title: 'Idea', description: 'Please add it', author_name: name, priority: 'Low' } },
  ];

  async function comment(name: string, visitor: Visitor) {
    const postId = await createPost(t.app, { isAnonymous: true });
    return post(t.app, '/api/comments', { post_id: postId, body: 'Agreed', author_name: name, isAnonymous: false }, visitor);
  }

  it("refuses another member's username in any case, staff names and reserved words, with the message", async () => {
    const me = await member();
    const cases: Array<[string, string]> = [
      [someone.username, AUTHOR_NAME_MESSAGES.taken],
      [someone.username.toUpperCase(), AUTHOR_NAME_MESSAGES.taken],
      [staffName.toUpperCase(), AUTHOR_NAME_MESSAGES.taken],
      ['Admin', AUTHOR_NAME_MESSAGES.taken],
      ['  moderator ', AUTHOR_NAME_MESSAGES.taken],
    ];
    for (const [name, message] of cases) {
      for (const { url, payload } of writes(name)) {
        const res = await post(t.app, url, payload, me);
        expect(res.statusCode, `${url} ${name}`).toBe(400);
        expect(res.json().message).toBe(message);
      }
      const res = await comment(name, me);
      expect(res.statusCode, `comment ${name}`).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });

  it('accepts the visitor own username, Anonymous and an unregistered name', async () => {
    const unregistered = `Jane ${uniqueWord('d')}`;
    for (const name of [someone.username.toUpperCase(), 'Anonymous', unregistered]) {
      for (const { url, payload } of writes(name)) {
        const res = await post(t.app, url, payload, someone);
        expect(res.statusCode, `${url} ${name}`).toBe(201);
      }
      const res = await comment(name, someone);
      expect(res.statusCode).toBe(201);
    }
    const mine = await get(t.app, `/api/posts?author_name=${encodeURIComponent(someone.username)}`);
    expect(mine.json().posts.map((p: { author_name: string }) => p.author_name)).toContain(someone.username);
  });

  it('lets anyone write anonymously without asking identity', async () => {
    const res = await post(t.app, '/api/posts', validPost({ author_name: someone.username, isAnonymous: true }), newVisitor());
    expect(res.statusCode).toBe(201);
  });

  it('answers 503 with a message for a custom name while identity is down, and still takes Anonymous', async () => {
    const down = await buildTestService(service, { relay: false, identityUrl: 'http://127.0.0.1:9' });
    try {
      const custom = await post(down.app, '/api/posts', validPost({ author_name: uniqueWord('n') }));
      expect(custom.statusCode).toBe(503);
      expect(custom.json().message).toBe(AUTHOR_NAME_MESSAGES.unavailable);
      expect((await post(down.app, '/api/posts', validPost({ author_name: 'Anonymous' }))).statusCode).toBe(201);
    } finally {
      await down.close();
    }
  });
});
