import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeLimits, loadRateLimitSettings, RATE_LIMIT_MESSAGE } from '@wfm/service-kit';
import { loadPressureBudgets } from '@wfm/service-kit/pressure';
import { answeringProofOfWork, buildTestService, TEST_REDIS_URL, testVisitorToken, type TestService } from '@wfm/service-kit/testing';
import { service } from '../src/app.ts';
import { FORUM_LIMITS } from '../src/rate-limits.ts';
import { multipart } from './files.ts';
import { createPost, post, randomIp, validPost, type Visitor } from './helpers.ts';

/** The forum's write calls (rate-limits.ts) with a per-visitor and a per-address limit. */
const kinds = ['post', 'comment', 'upvote', 'accept', 'edit', 'report', 'suggestion', 'upload'] as const;
type WriteKind = (typeof kinds)[number];

const visitorAt = (ip: string): Visitor => ({ token: testVisitorToken(), ip });
const newVisitor = () => visitorAt(randomIp());
/** A /64 no other test uses, as its first four groups. */
const freshNetwork = () => `2001:db8:${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}`;

const statuses = (responses: Array<{ statusCode: number }>) => {
  const counts: Record<number, number> = {};
  for (const r of responses) counts[r.statusCode] = (counts[r.statusCode] ?? 0) + 1;
  return counts;
};

const upvote = (t: TestService, postId: number, visitor: Visitor) => post(t.app, `/api/posts/${postId}/upvote`, undefined, visitor);

async function upvotesOf(t: TestService, postId: number): Promise<number> {
  const res = await t.app.inject({ method: 'GET', url: `/api/posts/${postId}` });
  return res.json<{ upvotes: number }>().upvotes;
}

/** The Question each visitor asked for the accept kind (asked from another address, so no address limit counts it). */
const askedBy = new Map<string, number>();
async function ownQuestion(t: TestService, visitor: Visitor): Promise<number> {
  const known = askedBy.get(visitor.token);
  if (known !== undefined) return known;
  const id = await createPost(t.app, { author_name: 'Anonymous' }, { token: visitor.token, ip: randomIp() });
  askedBy.set(visitor.token, id);
  return id;
}

async function send(t: TestService, kind: WriteKind, visitor: Visitor, postId: number) {
  switch (kind) {
    case 'accept': {
      // Clearing the accepted answer of the visitor's own Question: 200 while the limits allow it.
      const own = await ownQuestion(t, visitor);
      return t.app.inject({
        method: 'DELETE',
        url: `/api/posts/${own}/accepted-answer`,
        remoteAddress: visitor.ip,
        headers: { 'x-anon-token': visitor.token },
      });
    }
    case 'edit': {
      // Editing the visitor's own post (issue 26): 200 while the limits allow it.
      const own = await ownQuestion(t, visitor);
      return t.app.inject({
        method: 'PATCH',
        url: `/api/posts/${own}`,
        remoteAddress: visitor.ip,
        headers: { 'x-anon-token': visitor.token },
        payload: { title: 'Edited title', body: 'Edited body' },
      });
    }
    case 'post':
      return post(t.app, '/api/posts', validPost({ author_name: 'Anonymous' }), visitor);
    case 'comment':
      return post(t.app, '/api/comments', { post_id: postId, body: 'b', author_name: 'Anonymous' }, visitor);
    case 'upvote':
      return upvote(t, postId, visitor);
    case 'report':
      return post(t.app, '/api/report', { post_id: postId, reason: 'spam' }, visitor);
    case 'suggestion':
      return post(t.app, '/api/feature-suggestions', { title: 't', description: 'd' }, visitor);
    case 'upload': {
      const { payload, headers } = await multipart([{ name: 'a.txt', data: Buffer.from('x') }]);
      return t.app.inject({
        method: 'POST',
        url: '/api/upload',
        remoteAddress: visitor.ip,
        headers: { ...headers, 'x-anon-token': visitor.token },
        payload,
      });
    }
  }
}


/** Runs `work` for every item, `width` items at a time, and returns all the answers. */
async function inWaves<T, R>(items: T[], width: number, work: (item: T, index: number) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let start = 0; start < items.length; start += width) {
    const wave = await Promise.all(items.slice(start, start + width).map((item, k) => work(item, start + k)));
    out.push(...wave.flat());
  }
  return out;
}

describe('every write is guarded by its limits (set small by RATE_LIMIT_FORUM_<NAME>)', () => {
  const VISITOR_MAX = 2;
  const IP_MAX = 4;
  let t: TestService;
  let postId: number;
  beforeAll(async () => {
    const env: Record<string, string> = { RATE_LIMIT_FORUM_UPVOTE_IP_POST: '100' };
    for (const kind of kinds) {
      env[`RATE_LIMIT_FORUM_${kind.toUpperCase()}_VISITOR`] = String(VISITOR_MAX);
      env[`RATE_LIMIT_FORUM_${kind.toUpperCase()}_IP`] = String(IP_MAX);
    }
    t = await buildTestService(service, { relay: false, rateLimits: loadRateLimitSettings(env) });
    postId = await createPost(t.app, { author_name: 'Anonymous' });
  });
  afterAll(async () => t?.close());

  it.each(kinds)('%s: per visitor, answering 429 with a message and Retry-After', async (kind) => {
    const visitor = newVisitor();
    for (let i = 0; i < VISITOR_MAX; i++) expect((await send(t, kind, visitor, postId)).statusCode).toBeLessThan(300);
    const res = await send(t, kind, visitor, postId);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ message: RATE_LIMIT_MESSAGE });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // Another visitor, even at the same address, is not affected.
    expect((await send(t, kind, visitorAt(visitor.ip), postId)).statusCode).toBeLessThan(300);
  });

  it.each(kinds)('%s: per address, across visitors', async (kind) => {
    const ip = randomIp();
    for (let i = 0; i < IP_MAX; i++) expect((await send(t, kind, visitorAt(ip), postId)).statusCode).toBeLessThan(300);
    const res = await send(t, kind, visitorAt(ip), postId);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ message: RATE_LIMIT_MESSAGE });
  });
});

for (const store of ['memory', 'redis'] as const) {
  describe(`one contact centre behind one address, default limits (${store} store)`, () => {
    let redis: Redis | undefined;
    let t: TestService;
    const posts: number[] = [];
    beforeAll(async () => {
      redis = store === 'redis' ? new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 2 }) : undefined;
      // A thousand requests in flight on the test's 5-connection pool: on a loaded CI machine some wait
      // past the 4.5 s deadline and answer 503, which is not what these tests are about.
      // The pressure gate as deployed (default budgets: 1,200 writes per address per 10 minutes).
      t = await buildTestService(service, { relay: false, requestTimeoutMs: 120_000, pressure: loadPressureBudgets({}), ...(redis ? { redis } : {}) });
      // Forty posts from elsewhere for the agents to read and upvote.
      for (let i = 0; i < 40; i++) posts.push(await createPost(t.app, { author_name: 'Anonymous' }));
    });
    afterAll(async () => {
      await t?.close();
      await redis?.quit();
    });

    it('300 agents each post, comment and upvote three posts from one address within minutes: no 429', { timeout: 300_000 }, async () => {
      const ip = randomIp();
      const agents = Array.from({ length: 300 }, () => visitorAt(ip));
      // 1,500 writes are past the address's write budget: each agent's browser answers the proof of
      // work the last few hundred are asked for, in the background (the web app's fetchWithProofOfWork).
      const browsers = { ...t, app: answeringProofOfWork(t.app) };
      // Every agent's five writes are sent together; 40 agents at a time, so the test's 5-connection
      // database pool answers within its timeouts (the counters see all 1,500 writes either way).
      const responses = await inWaves(agents, 40, (agent, i) =>
        Promise.all([
          send(browsers, 'post', agent, 0),
          send(browsers, 'comment', agent, posts[i % posts.length]!),
          // Each post gets at most 23 of these 900 upvotes, under the per-(address, post) 30.
          ...[0, 1, 2].map((k) => upvote(browsers, posts[(i + k) % posts.length]!, agent)),
        ]),
      );
      expect(responses).toHaveLength(1500);
      expect(responses.filter((r) => r.statusCode !== 200 && r.statusCode !== 201).map((r) => `${r.statusCode} ${r.body}`), t.loggedErrors().join('\n')).toEqual([]);
    });

    it('one address with 1,000 issued tokens adds exactly 30 upvotes to one post in the hour', { timeout: 180_000 }, async () => {
      const target = await createPost(t.app, { author_name: 'Anonymous' });
      const ip = randomIp();
      const responses = await Promise.all(Array.from({ length: 1000 }, () => upvote(t, target, visitorAt(ip))));
      expect(statuses(responses), t.loggedErrors().join('\n')).toEqual({ 200: 30, 429: 970 });
      expect(responses.find((r) => r.statusCode === 429)!.json()).toEqual({ message: RATE_LIMIT_MESSAGE });
      expect(await upvotesOf(t, target)).toBe(30);
      // The same address can still upvote other posts, and other addresses this one.
      expect((await upvote(t, posts[0]!, visitorAt(ip))).statusCode).toBe(200);
      expect((await upvote(t, target, newVisitor())).statusCode).toBe(200);
    });

    it('counts the addresses of one IPv6 /64 together, and two /64s apart', { timeout: 60_000 }, async () => {
      const target = await createPost(t.app, { author_name: 'Anonymous' });
      const network = freshNetwork();
      const inNetwork = (i: number) => `${network}:${(i + 1).toString(16)}:0:0:${randomBytes(2).toString('hex')}`;
      const responses = await Promise.all(Array.from({ length: 30 }, (_, i) => upvote(t, target, visitorAt(inNetwork(i)))));
      expect(statuses(responses)).toEqual({ 200: 30 });
      expect((await upvote(t, target, visitorAt(`${network}::abcd`))).statusCode).toBe(429);
      expect((await upvote(t, target, visitorAt(`${freshNetwork()}::abcd`))).statusCode).toBe(200);
    });
  });
}

describe('RATE_LIMIT_SCALE', () => {
  let t: TestService;
  beforeAll(async () => {
    t = await buildTestService(service, { relay: false, rateLimits: loadRateLimitSettings({ RATE_LIMIT_SCALE: '2' }) });
  });
  afterAll(async () => t?.close());

  it('=2 doubles every forum limit: 60 upvotes per (address, post) instead of 30', { timeout: 60_000 }, async () => {
    for (const limit of Object.values(t.app.rateLimitTable)) expect(limit.max).toBe(limit.defaultMax * 2);
    const target = await createPost(t.app, { author_name: 'Anonymous' });
    const ip = randomIp();
    const responses = await Promise.all(Array.from({ length: 70 }, () => upvote(t, target, visitorAt(ip))));
    expect(statuses(responses)).toEqual({ 200: 60, 429: 10 });
  });
});

describe('the forum refuses to boot on a bad limit variable', () => {
  it.each([
    ['RATE_LIMIT_FORUM_UPVOTE_IP_POST', 'thirty'],
    ['RATE_LIMIT_FORUM_UPVOTE_IP_POST', '0'],
    ['RATE_LIMIT_FORUM_UPVOTES_IP', '10'],
  ])('%s=%s', async (name, value) => {
    const build = async () => buildTestService(service, { relay: false, rateLimits: loadRateLimitSettings({ [name]: value }) });
    await expect(build()).rejects.toThrow(name);
  });
});

it('docs/operations.md lists every forum limit with its default, key, window and variable', () => {
  const docs = readFileSync(new URL('../../../docs/operations.md', import.meta.url), 'utf8');
  for (const row of describeLimits(FORUM_LIMITS)) expect(docs).toContain(row);
});
