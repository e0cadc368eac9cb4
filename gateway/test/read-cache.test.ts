import { randomInt, randomUUID } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import WebSocket from 'ws';
import { createBus, createMemoryBus, type EventBus } from '@wfm/service-kit';
import { ReadCache } from '../src/read-cache/read-cache.ts';
import { RedisLayer } from '../src/read-cache/redis-layer.ts';
import { FAST_ROSTER, httpGet, replicasSeenBy, silentLogger, startFakeServices, startGateway, untilAllSeen, type FakeServices } from './helpers.ts';

const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * A stand-in for the forum service whose answers change on every call (`version`), so a cached
 * answer is told apart from a fresh one. Its JSON is pretty-printed so re-serialization would show.
 */
interface FakeForum {
  url: string;
  calls: Array<{ url: string; headers: Record<string, unknown> }>;
  callsTo(url: string): number;
  /** Holds every answer until the returned function is called. */
  hold(): () => void;
  close(): Promise<void>;
}

async function startFakeForum(): Promise<FakeForum> {
  const calls: FakeForum['calls'] = [];
  let version = 0;
  let gate: Promise<void> | undefined;
  const app: FastifyInstance = Fastify();
  const answer = async (url: string, headers: Record<string, unknown>, body: unknown) => {
    calls.push({ url, headers });
    await gate;
    return `${JSON.stringify(body, null, 2)}\n`;
  };
  app.get('/api/posts', async (request, reply) => {
    // ?pad: compressed on the event loop; ?pad=large: past INLINE_GZIP_MAX_BYTES, in the thread pool.
    const pad = (request.query as { pad?: string }).pad;
    const padding = pad === undefined ? undefined : 'x'.repeat(pad === 'large' ? 200_000 : 5_000);
    const body = await answer(request.url, request.headers, { posts: [], total: 0, version: ++version, url: request.url, padding });
    return reply.type(JSON_TYPE).send(body);
  });
  app.get<{ Params: { id: string } }>('/api/posts/:id', async (request, reply) => {
    const id = Number(request.params.id);
    if (id === 404) {
      await answer(request.url, request.headers, null);
      return reply.code(404).send({ message: 'Post not found' });
    }
    if (id === 500) {
      await answer(request.url, request.headers, null);
      return reply.type('text/plain').send('plain text');
    }
    if (id === 410) {
      const body = await answer(request.url, request.headers, { id, version: ++version });
      return reply.type(JSON_TYPE).header('cache-control', 'private, no-store').send(body);
    }
    const body = await answer(request.url, request.headers, { id, comments: [], version: ++version });
    return reply.type(JSON_TYPE).send(body);
  });
  app.get('/api/stats', async (request, reply) => {
    const body = await answer(request.url, request.headers, { activeMembers: 1, todaysPosts: ++version, livePolls: 0 });
    return reply.type(JSON_TYPE).send(body);
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url,
    calls,
    callsTo: (path) => calls.filter((c) => c.url === path).length,
    hold() {
      let release!: () => void;
      gate = new Promise((resolve) => (release = resolve));
      return () => {
        gate = undefined;
        release();
      };
    },
    close: () => app.close(),
  };
}

let services: FakeServices;
let forum: FakeForum;
const cleanups: Array<() => Promise<void>> = [];

beforeAll(async () => {
  services = await startFakeServices();
  forum = await startFakeForum();
});

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await forum?.close();
  await services?.close();
});

async function gatewayWith(overrides: Parameters<typeof startGateway>[1] = {}) {
  const gateway = await startGateway(services, { serviceUrls: { ...services.urls, forum: forum.url }, ...overrides });
  cleanups.push(gateway.close);
  const baseUrl = await gateway.app.listen({ port: 0, host: '127.0.0.1' });
  // Over a real connection: fresh hits are answered by the server's lean listener (lean-hits.ts),
  // which app.inject would bypass.
  const get = (url: string, headers: Record<string, string> = {}) => httpGet(baseUrl, url, headers);
  return { ...gateway, get, wsUrl: `${baseUrl.replace('http', 'ws')}/ws` };
}

async function connect(url: string): Promise<WebSocket> {
  const ws = new WebSocket(url);
  cleanups.push(async () => ws.close());
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  return ws;
}

/**
 * Resolves with the first websocket message of `type`. The gateway invalidates its cache before it
 * pushes the message, so once it arrived the next read must not meet the old answer.
 */
function nextMessage(ws: WebSocket, type: string): Promise<{ type: string; data: unknown }> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${type} message`)), 5_000);
    ws.on('message', (raw) => {
      const message = JSON.parse(String(raw)) as { type: string; data: unknown };
      if (message.type !== type) return;
      clearTimeout(timer);
      resolve(message);
    });
  });
}

const postId = () => randomInt(1_000_000, 1_000_000_000);
const comment = (id: number) => ({ id: postId(), post_id: id, body: 'Nice', author_name: 'ann', created_at: Date.now() });
const versionOf = (body: string) => (JSON.parse(body) as { version: number }).version;

describe('read cache', () => {
  it('answers a repeated list read from memory with the service bytes and content type', async () => {
    const gateway = await gatewayWith();
    const url = `/api/posts?q=${randomUUID()}&sort=latest`;
    const miss = await gateway.get(url);
    const hit = await gateway.get(url);

    expect(miss.statusCode).toBe(200);
    expect(miss.headers['x-cache']).toBe('MISS');
    expect(hit.headers['x-cache']).toBe('HIT');
    expect(hit.rawPayload.equals(miss.rawPayload)).toBe(true);
    expect(hit.body).toMatch(/^\{\n {2}"posts"/);
    expect(hit.headers['content-type']).toBe(JSON_TYPE);
    expect(forum.callsTo(url)).toBe(1);
  });

  it('shares one entry between orderings of the same query', async () => {
    const gateway = await gatewayWith();
    const q = randomUUID();
    const first = await gateway.get(`/api/posts?type=Idea&q=${q}&sort=trending`);
    const reordered = await gateway.get(`/api/posts?sort=trending&type=Idea&q=${q}`);
    expect(reordered.headers['x-cache']).toBe('HIT');
    expect(reordered.body).toBe(first.body);
    // The service is asked for the normalized query, which is what the entry stands for.
    expect(forum.callsTo(`/api/posts?q=${q}&sort=trending&type=Idea`)).toBe(1);
  });

  it('caches post details and the stats', async () => {
    const gateway = await gatewayWith();
    const id = postId();
    await gateway.get(`/api/posts/${id}`);
    expect((await gateway.get(`/api/posts/${id}`)).headers['x-cache']).toBe('HIT');
    expect(forum.callsTo(`/api/posts/${id}`)).toBe(1);

    const statsBefore = forum.callsTo('/api/stats');
    const stats = await gateway.get('/api/stats');
    expect(stats.json()).toMatchObject({ activeMembers: 1 });
    expect((await gateway.get('/api/stats')).body).toBe(stats.body);
    expect(forum.callsTo('/api/stats')).toBe(statsBefore + 1);
  });

  it('keeps only 200 JSON answers the service did not mark no-store', async () => {
    const gateway = await gatewayWith();
    for (const url of ['/api/posts/404', '/api/posts/500', '/api/posts/410']) {
      const before = forum.callsTo(url);
      const first = await gateway.get(url);
      const second = await gateway.get(url);
      expect(second.headers['x-cache'], url).toBe('MISS');
      expect(second.headers['content-type'], url).toBe(first.headers['content-type']);
      expect(forum.callsTo(url), url).toBe(before + 2);
    }
    const notFound = await gateway.get('/api/posts/404');
    expect(notFound.statusCode).toBe(404);
    expect(notFound.json()).toEqual({ message: 'Post not found' });
  });

  it("never shares a visitor's My Posts list, nor answers a request that carries a cookie", async () => {
    const gateway = await gatewayWith();
    const token = 'A'.repeat(43);
    const mine = `/api/posts?sort=latest&anon_token=${token}`;
    await gateway.get(mine, { 'x-anon-token': token });
    const again = await gateway.get(mine, { 'x-anon-token': token });
    expect(again.headers['x-cache']).toBeUndefined();
    expect(forum.callsTo(mine)).toBe(2);
    // The proxied request still carries the visitor's token; cached reads never do.
    expect(forum.calls.at(-1)!.headers['x-anon-token']).toBe(token);
    expect(forum.callsTo(`/api/posts?anon%5Ftoken=${token}`)).toBe(0);
    await gateway.get(`/api/posts?anon%5Ftoken=${token}`);
    expect(forum.callsTo(`/api/posts?anon%5Ftoken=${token}`)).toBe(1);

    const id = postId();
    await gateway.get(`/api/posts/${id}`);
    const staff = await gateway.get(`/api/posts/${id}`, { cookie: 'wfm_staff=abc' });
    expect(staff.headers['x-cache']).toBeUndefined();
    expect(forum.callsTo(`/api/posts/${id}`)).toBe(2);
  });

  it("lets a visitor's first cached read in a while through, so the forum still sees active members", async () => {
    const gateway = await gatewayWith();
    const visitor = randomUUID();
    const url = `/api/posts?q=${randomUUID()}`;
    await gateway.get(url);

    const first = await gateway.get(url, { 'x-anon-token': visitor });
    expect(first.headers['x-cache']).toBeUndefined();
    expect(forum.calls.at(-1)!.headers['x-anon-token']).toBe(visitor);
    const next = await gateway.get(`/api/posts/${postId()}`, { 'x-anon-token': visitor });
    expect(next.headers['x-cache']).toBe('MISS');
    expect(forum.calls.at(-1)!.headers['x-anon-token']).toBeUndefined();
    expect((await gateway.get(url, { 'x-anon-token': visitor })).headers['x-cache']).toBe('HIT');
    expect(forum.callsTo(url)).toBe(2);
  });

  it("sends a visitor's reads right after its own write to the service, before the write's event", async () => {
    const gateway = await gatewayWith();
    const writer = randomUUID();
    const url = `/api/posts/${postId()}`;
    await gateway.get(url, { 'x-anon-token': writer }); // its first read in a while goes through
    expect((await gateway.get(url, { 'x-anon-token': writer })).headers['x-cache']).toBe('MISS');
    expect((await gateway.get(url, { 'x-anon-token': writer })).headers['x-cache']).toBe('HIT');

    await gateway.app.inject({ method: 'POST', url: '/api/comments', headers: { 'x-anon-token': writer }, payload: {} });
    const own = await gateway.get(url, { 'x-anon-token': writer });
    expect(own.headers['x-cache']).toBeUndefined();
    expect(forum.calls.at(-1)!.headers['x-anon-token']).toBe(writer);
    expect((await gateway.get(url, { 'x-anon-token': randomUUID() })).headers['x-cache']).toBeUndefined();
    expect((await gateway.get(url)).headers['x-cache']).toBe('HIT');
  });

  it('answers 304 to a matching If-None-Match, and tells browsers to revalidate', async () => {
    const gateway = await gatewayWith();
    const url = `/api/posts/${postId()}`;
    const first = await gateway.get(url);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(first.headers['cache-control']).toBe('public, max-age=0, must-revalidate');

    const revalidated = await gateway.get(url, { 'if-none-match': `W/"other", ${etag}` });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    expect(revalidated.headers.etag).toBe(etag);
    expect((await gateway.get(url, { 'if-none-match': '"stale"' })).statusCode).toBe(200);
  });

  it('serves larger answers gzip-compressed to clients that accept it, as their own representation', async () => {
    const gateway = await gatewayWith();
    const url = `/api/posts?pad&q=${randomUUID()}`;
    const plain = await gateway.get(url);
    const compressed = await gateway.get(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(compressed.headers['content-encoding']).toBe('gzip');
    expect(compressed.headers.vary).toBe('Accept-Encoding');
    expect(compressed.headers['content-type']).toBe(JSON_TYPE);
    expect(gunzipSync(compressed.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(compressed.headers.etag).not.toBe(plain.headers.etag);

    const refused = await gateway.get(url, { 'accept-encoding': 'gzip;q=0, identity' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.rawPayload.equals(plain.rawPayload)).toBe(true);
    for (const etag of [plain.headers.etag, compressed.headers.etag] as string[]) {
      const revalidated = await gateway.get(url, { 'accept-encoding': 'gzip', 'if-none-match': etag });
      expect(revalidated.statusCode).toBe(304);
    }
    expect(forum.callsTo(url)).toBe(1);
  });

  it.each(['pad', 'pad=large'])('compresses an answer once, when the first client that accepts gzip asks, even on its miss (?%s)', async (pad) => {
    const gateway = await gatewayWith();
    const url = `/api/posts?${pad}&q=${randomUUID()}`;
    const [first, second] = await Promise.all([
      gateway.get(url, { 'accept-encoding': 'gzip' }),
      gateway.get(url, { 'accept-encoding': 'gzip' }),
    ]);
    expect(first.headers['x-cache']).toBe('MISS');
    for (const answer of [first, second]) expect(answer.headers['content-encoding']).toBe('gzip');
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    const plain = await gateway.get(url);
    expect(gunzipSync(first.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(forum.callsTo(url)).toBe(1);
  });

  it('serves an expired entry while one background call refreshes it, then the fresh answer', async () => {
    const gateway = await gatewayWith({ readCache: { ttlMs: 100, staleMs: 60_000 } });
    const url = `/api/posts?q=${randomUUID()}`;
    const first = await gateway.get(url);
    expect(first.headers['x-cache']).toBe('MISS');
    await new Promise((resolve) => setTimeout(resolve, 150));

    const release = forum.hold();
    const during = await Promise.all(Array.from({ length: 10 }, () => gateway.get(url)));
    expect(during.map((a) => a.headers['x-cache'])).toEqual(Array(10).fill('STALE'));
    expect(during.every((a) => versionOf(a.body) === versionOf(first.body))).toBe(true);
    while (forum.callsTo(url) < 2) await new Promise((resolve) => setImmediate(resolve));
    release();

    // The refresh lands a few turns of the event loop after the release.
    let after = await gateway.get(url);
    for (let tries = 0; after.headers['x-cache'] === 'STALE' && tries < 100; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      after = await gateway.get(url);
    }
    expect(after.headers['x-cache']).toBe('HIT');
    expect(versionOf(after.body)).toBeGreaterThan(versionOf(first.body));
    expect(forum.callsTo(url)).toBe(2);
  });

  it('asks the service again once an entry is past its stale window', async () => {
    const gateway = await gatewayWith({ readCache: { ttlMs: 50, staleMs: 50 } });
    const url = `/api/posts?q=${randomUUID()}`;
    const first = await gateway.get(url);
    await new Promise((resolve) => setTimeout(resolve, 150));
    const later = await gateway.get(url);
    expect(later.headers['x-cache']).toBe('MISS');
    expect(versionOf(later.body)).toBeGreaterThan(versionOf(first.body));
  });

  it('answers a miss whose fill ended while it waited (in the rate limit) from what that fill stored', async () => {
    const cache = new ReadCache({ ttlMs: 60_000, maxBytes: 1_000_000, log: silentLogger() });
    const read = { key: `/api/posts?q=${randomUUID()}`, group: 'lists' };
    let calls = 0;
    const fetchFromService = async () => {
      calls += 1;
      return { statusCode: 200, headers: { 'content-type': JSON_TYPE }, body: Buffer.from(`{"call":${calls}}`) };
    };
    // Two misses looked before the first fill ran; the second reaches load() only once it ended.
    const first = await cache.load(read, fetchFromService);
    const second = await cache.load(read, fetchFromService);
    expect(calls).toBe(1);
    expect(first.source).toBe('service');
    expect(second.source).toBe('memory');
    expect('cached' in second && second.cached.body.toString()).toBe('{"call":1}');
  });

  it('makes one service call for concurrent misses of one key', async () => {
    const gateway = await gatewayWith();
    const url = `/api/posts?q=${randomUUID()}`;
    const release = forum.hold();
    const pending = Array.from({ length: 20 }, () => gateway.get(url));
    while (forum.callsTo(url) === 0) await new Promise((resolve) => setImmediate(resolve));
    release();
    const answers = await Promise.all(pending);
    expect(forum.callsTo(url)).toBe(1);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
  });
});

describe('invalidation by forum events', () => {
  it('drops the post detail and every list on a comment, before pushing new_comment (memory bus)', async () => {
    const gateway = await gatewayWith();
    const ws = await connect(gateway.wsUrl);
    const id = postId();
    const other = postId();
    const list = `/api/posts?q=${randomUUID()}`;
    const before = { detail: await gateway.get(`/api/posts/${id}`), list: await gateway.get(list) };
    await gateway.get(`/api/posts/${other}`);

    const pushed = nextMessage(ws, 'new_comment');
    await gateway.bus.publish('forum.comment.created', comment(id), { msgId: randomUUID() });
    await pushed;

    const detail = await gateway.get(`/api/posts/${id}`);
    expect(detail.headers['x-cache']).toBe('MISS');
    expect(versionOf(detail.body)).toBeGreaterThan(versionOf(before.detail.body));
    expect((await gateway.get(list)).headers['x-cache']).toBe('MISS');
    expect((await gateway.get(`/api/posts/${other}`)).headers['x-cache']).toBe('HIT');
  });

  it('gives a changed answer of the same length a new ETag: the old one earns the new body, not a 304', async () => {
    const gateway = await gatewayWith();
    const ws = await connect(gateway.wsUrl);
    const id = postId();
    const url = `/api/posts/${id}`;
    const changed = async () => {
      const pushed = nextMessage(ws, 'new_comment');
      await gateway.bus.publish('forum.comment.created', comment(id), { msgId: randomUUID() });
      await pushed;
    };
    let before = await gateway.get(url);
    await changed();
    let after = await gateway.get(url, { 'if-none-match': String(before.headers.etag) });
    // The fake forum's version counter gains a digit at most once in two changes.
    if (after.rawPayload.length !== before.rawPayload.length) {
      before = after;
      await changed();
      after = await gateway.get(url, { 'if-none-match': String(before.headers.etag) });
    }
    expect(after.rawPayload.length).toBe(before.rawPayload.length);
    expect(after.body).not.toBe(before.body);
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect((await gateway.get(url, { 'if-none-match': String(after.headers.etag) })).statusCode).toBe(304);
  });

  it('never stores an answer fetched before an event that arrived while it was in flight', async () => {
    const gateway = await gatewayWith();
    const ws = await connect(gateway.wsUrl);
    const id = postId();
    const url = `/api/posts/${id}`;
    const release = forum.hold();
    const inFlight = gateway.get(url);
    while (forum.callsTo(url) === 0) await new Promise((resolve) => setImmediate(resolve));

    const pushed = nextMessage(ws, 'upvote');
    await gateway.bus.publish('forum.post.upvoted', { post_id: id, upvotes: 3 }, { msgId: randomUUID() });
    await pushed;
    // A read after the event does not join the fill that started before it.
    const afterEvent = gateway.get(url);
    release();
    const [old, fresh] = await Promise.all([inFlight, afterEvent]);

    expect(versionOf(fresh.body)).toBeGreaterThan(versionOf(old.body));
    expect(forum.callsTo(url)).toBe(2);
    expect((await gateway.get(url)).body).toBe(fresh.body);
  });

  it('defers the invalidations of a burst to the end of the broadcast window, still before each message', async () => {
    // A window no local request outlasts: the event below comes within it.
    const gateway = await gatewayWith({ broadcastWindowMs: () => 3_000 });
    const ws = await connect(gateway.wsUrl);
    const id = postId();
    const url = `/api/posts/${id}`;
    const list = `/api/posts?q=${randomUUID()}`;
    await gateway.get(url);
    // After a quiet spell: dropped at once, the message goes out at once (and opens the window).
    const first = nextMessage(ws, 'upvote');
    await gateway.bus.publish('forum.post.upvoted', { post_id: id, upvotes: 1 }, { msgId: randomUUID() });
    await first;
    const refilled = await gateway.get(url);
    expect(refilled.headers['x-cache']).toBe('MISS');
    await gateway.get(list);

    const second = nextMessage(ws, 'new_comment');
    await gateway.bus.publish('forum.comment.created', comment(id), { msgId: randomUUID() });
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Within the window the message waits, and so does the invalidation ...
    expect((await gateway.get(url)).headers['x-cache']).toBe('HIT');
    expect((await gateway.get(list)).headers['x-cache']).toBe('HIT');
    await second;
    // ... which ran before the message went out.
    const after = await gateway.get(url);
    expect(after.headers['x-cache']).toBe('MISS');
    expect(versionOf(after.body)).toBeGreaterThan(versionOf(refilled.body));
    expect((await gateway.get(list)).headers['x-cache']).toBe('MISS');
  });

  it('drops entries on events from real NATS', async () => {
    const buses: EventBus[] = [];
    for (let i = 0; i < 2; i++) buses.push(await createBus({ natsUrl: NATS_URL, logger: silentLogger(), name: 'gateway-cache-test' }));
    cleanups.push(async () => {
      await Promise.all(buses.map((bus) => bus.close()));
    });
    const [gatewayBus, publisher] = buses as [EventBus, EventBus];
    const gateway = await gatewayWith({ bus: gatewayBus });
    const ws = await connect(gateway.wsUrl);
    const id = postId();
    const first = await gateway.get(`/api/posts/${id}`);
    expect((await gateway.get(`/api/posts/${id}`)).headers['x-cache']).toBe('HIT');

    const pushed = nextMessage(ws, 'post_updated');
    await publisher.publish('forum.post.deleted', { id, at: Date.now() }, { msgId: randomUUID() });
    await pushed;

    const after = await gateway.get(`/api/posts/${id}`);
    expect(after.headers['x-cache']).toBe('MISS');
    expect(versionOf(after.body)).toBeGreaterThan(versionOf(first.body));
  });
});

/** The Redis keys of a deployment's cached answers. */
const entryKeys = (namespace: string) => `wfm:gateway:cache:${namespace}:e:*`;

/** Counts the shared-layer lookups sent through `redis` (each a script call in a pipeline). */
function countLookups(redis: Redis): () => number {
  let lookups = 0;
  const pipeline = redis.pipeline.bind(redis);
  redis.pipeline = ((...args: Parameters<typeof pipeline>) => {
    const made = pipeline(...args) as ReturnType<typeof pipeline> & { wfmReadCacheLookupBuffer: (...a: unknown[]) => unknown };
    const lookup = made.wfmReadCacheLookupBuffer.bind(made);
    made.wfmReadCacheLookupBuffer = (...a: unknown[]) => {
      lookups += 1;
      return lookup(...a);
    };
    return made;
  }) as typeof redis.pipeline;
  return () => lookups;
}

describe('Redis as the shared layer', () => {
  it('lets a second replica answer from what the first one fetched and served again, and invalidates both', async () => {
    const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 2 });
    cleanups.push(async () => void (await redis.quit()));
    await redis.ping();
    const bus = createMemoryBus();
    cleanups.push(() => bus.close());
    const namespace = `test-${randomUUID()}`;
    const replicaA = await gatewayWith({ bus, redis, readCache: { namespace, ...FAST_ROSTER } });
    const replicaB = await gatewayWith({ bus, redis, readCache: { namespace, ...FAST_ROSTER } });
    const otherDeployment = await gatewayWith({ bus, redis, readCache: { namespace: `test-${randomUUID()}` } });
    await untilAllSeen(replicaA.app, replicaB.app);
    const wsA = await connect(replicaA.wsUrl);
    const wsB = await connect(replicaB.wsUrl);
    const id = postId();
    const url = `/api/posts/${id}`;

    const fetched = await replicaA.get(url);
    expect(fetched.headers['x-cache']).toBe('MISS');
    // Asked once, an answer stays in the memory of the replica that fetched it ...
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await redis.keys(entryKeys(namespace))).toEqual([]);
    // ... and its first hit there publishes it for the other replicas.
    expect((await replicaA.get(url)).headers['x-cache']).toBe('HIT');
    await expect.poll(() => redis.keys(entryKeys(namespace))).toHaveLength(1);
    const shared = await replicaB.get(url);
    expect(shared.headers['x-cache']).toBe('SHARED');
    expect(shared.rawPayload.equals(fetched.rawPayload)).toBe(true);
    expect(shared.headers['content-type']).toBe(JSON_TYPE);
    expect(shared.headers.etag).toBe(fetched.headers.etag);
    expect((await replicaB.get(url)).headers['x-cache']).toBe('HIT');
    expect(forum.callsTo(url)).toBe(1);
    // Another deployment on the same Redis never sees this one's entries.
    expect((await otherDeployment.get(url)).headers['x-cache']).toBe('MISS');
    expect(forum.callsTo(url)).toBe(2);

    const pushed = Promise.all([nextMessage(wsA, 'upvote'), nextMessage(wsB, 'upvote')]);
    await bus.publish('forum.post.upvoted', { post_id: id, upvotes: 1 }, { msgId: randomUUID() });
    await pushed;

    const refetched = await replicaB.get(url);
    expect(refetched.headers['x-cache']).toBe('MISS');
    expect(versionOf(refetched.body)).toBeGreaterThan(versionOf(fetched.body));
    expect((await replicaB.get(url)).headers['x-cache']).toBe('HIT');
    // The old entry is orphaned by the new generation: only the new answer is found.
    await expect.poll(async () => (await replicaA.get(url)).headers['x-cache']).toBe('SHARED');
    expect(forum.callsTo(url)).toBe(3);
  });

  it('keeps a search in the memory of the replica that asked, never in Redis', async () => {
    const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 2 });
    cleanups.push(async () => void (await redis.quit()));
    const namespace = `test-${randomUUID()}`;
    const replicaA = await gatewayWith({ redis, readCache: { namespace, ...FAST_ROSTER } });
    const replicaB = await gatewayWith({ redis, readCache: { namespace, ...FAST_ROSTER } });
    await untilAllSeen(replicaA.app, replicaB.app);
    const url = `/api/posts?q=${randomUUID()}`;
    expect((await replicaA.get(url)).headers['x-cache']).toBe('MISS');
    expect((await replicaA.get(url)).headers['x-cache']).toBe('HIT');
    expect((await replicaB.get(url)).headers['x-cache']).toBe('MISS');
    expect(forum.callsTo(url)).toBe(2);
    expect(await redis.keys(`wfm:gateway:cache:${namespace}:e:*`)).toEqual([]);
    // A list without a search in the same deployment is shared, once asked again.
    expect((await replicaA.get('/api/posts?sort=latest')).headers['x-cache']).toBe('MISS');
    expect((await replicaA.get('/api/posts?sort=latest')).headers['x-cache']).toBe('HIT');
    await expect.poll(() => redis.keys(entryKeys(namespace))).toHaveLength(1);
  });

  it('skips the shared layer while no other replica of the deployment is alive, and uses it again once one is', async () => {
    const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 2 });
    cleanups.push(async () => void (await redis.quit()));
    const lookups = countLookups(redis);
    const namespace = `test-${randomUUID()}`;
    const lone = await gatewayWith({ redis, readCache: { namespace, ...FAST_ROSTER } });
    await untilAllSeen(lone.app);

    // Alone, a miss asks the service straight away, and its answer stays in this replica's memory.
    const first = `/api/posts/${postId()}`;
    expect((await lone.get(first)).headers['x-cache']).toBe('MISS');
    expect((await lone.get(first)).headers['x-cache']).toBe('HIT');
    expect(lookups()).toBe(0);
    // Commands on one connection run in order: a publication by the hit would be found here.
    expect(await redis.keys(entryKeys(namespace))).toEqual([]);

    // A second replica joins: misses look in Redis again, and what one replica serves twice the other finds.
    const second = await gatewayWith({ redis, readCache: { namespace, ...FAST_ROSTER } });
    await untilAllSeen(lone.app, second.app);
    const shared = `/api/posts/${postId()}`;
    expect((await lone.get(shared)).headers['x-cache']).toBe('MISS');
    expect(lookups()).toBe(1);
    expect((await lone.get(shared)).headers['x-cache']).toBe('HIT');
    await expect.poll(() => redis.keys(entryKeys(namespace))).toHaveLength(1);
    expect((await second.get(shared)).headers['x-cache']).toBe('SHARED');

    // It leaves the roster as it closes; the first one is alone again at its next beat.
    await second.close();
    await expect.poll(() => replicasSeenBy(lone.app)).toBe(1);
    const before = lookups();
    expect((await lone.get(`/api/posts/${postId()}`)).headers['x-cache']).toBe('MISS');
    expect(lookups()).toBe(before);
  });

  it('works from memory when Redis cannot be reached', async () => {
    const redis = new Redis('redis://127.0.0.1:1', { maxRetriesPerRequest: 0, lazyConnect: true, retryStrategy: () => null });
    redis.on('error', () => {});
    cleanups.push(async () => redis.disconnect());
    const gateway = await gatewayWith({ redis });
    const url = `/api/posts/${postId()}`;
    expect((await gateway.get(url)).statusCode).toBe(200);
    expect((await gateway.get(url)).headers['x-cache']).toBe('HIT');
  });
});

describe('shared-layer invalidation in bursts', () => {
  it('sends the groups of invalidations asked within one turn to Redis in one pipeline, resolving each caller after it ran', async () => {
    const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 2 });
    cleanups.push(async () => void (await redis.quit()));
    await redis.ping();
    const namespace = `test-${randomUUID()}`;
    const cache = new ReadCache({ ttlMs: 60_000, maxBytes: 1_000_000, redis, namespace, log: silentLogger() });
    const generation = (group: string) => redis.get(`wfm:gateway:cache:${namespace}:g:${group}`);
    let pipelines = 0;
    const pipeline = redis.pipeline.bind(redis);
    redis.pipeline = ((...args: Parameters<typeof pipeline>) => {
      pipelines += 1;
      return pipeline(...args);
    }) as typeof redis.pipeline;

    const groups = Array.from({ length: 10 }, (_, i) => `post:${i}`);
    await Promise.all(
      groups.map(async (group) => {
        await cache.invalidate([group]);
        // Each caller resumes only once its own group has its new generation in Redis.
        expect(await generation(group)).not.toBeNull();
      }),
    );
    expect(pipelines).toBe(1);

    const before = await generation('post:0');
    await Promise.all([cache.invalidate(['post:0']), cache.invalidate('all')]);
    expect(pipelines).toBe(2);
    expect(await generation('all')).not.toBeNull();
    // 'all' replaced the burst's groups: the whole cache got a new generation instead.
    expect(await generation('post:0')).toBe(before);
  });
});

describe('shared-layer lookups in batches', () => {
  it('sends the lookups asked while one is on its way in one pipeline, each answered with its own entry', async () => {
    const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 2 });
    cleanups.push(async () => void (await redis.quit()));
    await redis.ping();
    const layer = new RedisLayer(redis, `test-${randomUUID()}`);
    const answerFor = (key: string) => ({
      body: Buffer.from(JSON.stringify({ key })),
      gzip: undefined,
      contentType: JSON_TYPE,
      etag: `"${key}"`,
      expiresAt: Date.now() + 60_000,
    });
    const keys = Array.from({ length: 6 }, (_, i) => `/api/posts?offset=${i}`);
    // Stored where a lookup of each key looks (its slot), except the last: a miss among hits.
    for (const key of keys.slice(0, -1)) {
      const { slot } = await layer.get(key, 'lists');
      await layer.set(slot, answerFor(key), Date.now());
    }
    // Counts the pipelines, and holds the first one back 50 ms: a slow round trip.
    const sizes: number[] = [];
    const pipeline = redis.pipeline.bind(redis);
    redis.pipeline = ((...args: Parameters<typeof pipeline>) => {
      const made = pipeline(...args);
      const exec = made.exec.bind(made);
      made.exec = (async () => {
        sizes.push(made.length);
        if (sizes.length === 1) await new Promise((resolve) => setTimeout(resolve, 50));
        return exec();
      }) as typeof made.exec;
      return made;
    }) as typeof redis.pipeline;

    const asked = [layer.get(keys[0]!, 'lists')];
    // The others each in a later turn of the event loop, while the first is on its way.
    for (const key of keys.slice(1)) {
      await new Promise((resolve) => setImmediate(resolve));
      asked.push(layer.get(key, 'lists'));
    }
    const found = await Promise.all(asked);
    expect(sizes).toEqual([1, keys.length - 1]);
    found.forEach((lookup, i) => {
      if (i === keys.length - 1) expect(lookup.answer).toBeUndefined();
      else expect(JSON.parse(lookup.answer!.body.toString())).toEqual({ key: keys[i] });
    });
  });

  it('answers lookups asked while Redis is down with an error, so the read goes to the service', async () => {
    const redis = new Redis('redis://127.0.0.1:1', { maxRetriesPerRequest: 0, lazyConnect: true, retryStrategy: () => null });
    redis.on('error', () => {});
    cleanups.push(async () => redis.disconnect());
    const layer = new RedisLayer(redis, `test-${randomUUID()}`);
    await expect(layer.get('/api/posts', 'lists')).rejects.toThrow('Redis is not ready');
  });
});
