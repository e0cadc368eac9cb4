import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createBus, loadRateLimitSettings, RATE_LIMIT_MESSAGE, type EventBus } from '@wfm/service-kit';
import { randomIp } from '@wfm/service-kit/testing';
import type { GatewayOptions } from '../src/app.ts';
import { FAST_ROSTER, silentLogger, startFakeServices, startGateway, untilAllSeen, type FakeServices } from './helpers.ts';

/**
 * Issue 25 item 10: /sitemap.xml and /rss.xml are cached and invalidated like the pages (one
 * build per change, whatever the request's Host), keyed by PUBLIC_URL (pages too), and limited
 * on their own (`feeds-ip`). Against the machine's NATS (events) and Redis (shared cache layer
 * and rate-limit counters); the services are stand-ins that count what reaches them.
 */

const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const PUBLIC_URL = 'https://community.example.com';

const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>WFM Community</title>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

/** A stand-in for web/dist-ssr/entry-server.mjs: reads the post of /post/{id}, names any other page. */
const RENDERER = `
export async function render(url, read) {
  const data = {};
  const post = /^\\/post\\/([1-9]\\d{0,14})$/.exec(url);
  if (post) {
    const p = (data['/api/posts/' + post[1]] = await read('/api/posts/' + post[1]));
    return { status: 200, html: '<main id="main"><h1>' + p.title + '</h1></main>', data, perVisitor: [] };
  }
  return { status: 200, html: '<main id="main"><h1>' + url + '</h1></main>', data, perVisitor: [] };
}
`;

interface Post {
  id: number;
  type: string;
  title: string;
  body: string;
  author_name: string;
  created_at: number;
}

const postNumber = (id: number): Post => ({
  id,
  type: 'Question',
  title: `Post ${id}`,
  body: `Body of post ${id}`,
  author_name: 'Pat',
  created_at: Date.UTC(2026, 0, 1) + id * 60_000,
});

/** The public reads the sitemap and the feed are made of, answered by one stand-in that counts them. */
let content: FastifyInstance;
let contentUrl: string;
let reads: string[] = [];
let posts: Post[] = [];
let services: FakeServices;
let webBuild: string;
let webDist: string;
let bus: EventBus;
let redis: Redis;
const gateways: Array<{ close(): Promise<void> }> = [];

beforeAll(async () => {
  content = Fastify();
  content.get('/api/posts', async (request) => {
    reads.push(request.url);
    const q = request.query as { limit?: string; offset?: string };
    const offset = Number(q.offset ?? 0);
    const newest = [...posts].reverse();
    return { posts: newest.slice(offset, offset + Number(q.limit ?? 20)), total: posts.length };
  });
  content.get('/api/posts/:id', async (request) => {
    reads.push(request.url);
    return postNumber(Number((request.params as { id: string }).id));
  });
  content.get('/api/polls', async (request) => {
    reads.push(request.url);
    return [{ id: 3, title: 'Poll', description: null, options: [], created_at: Date.UTC(2026, 0, 1) }];
  });
  content.get('/api/ama/sessions', async (request) => {
    reads.push(request.url);
    return [{ id: 4, title: 'AMA', host_name: 'Sam', description: '', image_url: null }];
  });
  content.get('/api/jobs', async (request) => {
    reads.push(request.url);
    return [{ id: 5, created_at: Date.UTC(2026, 0, 1) }];
  });
  contentUrl = await content.listen({ port: 0, host: '127.0.0.1' });
  services = await startFakeServices();

  webBuild = await mkdtemp(path.join(tmpdir(), 'gateway-feeds-'));
  webDist = path.join(webBuild, 'dist');
  await mkdir(path.join(webDist, 'assets'), { recursive: true });
  await mkdir(path.join(webBuild, 'dist-ssr'));
  await writeFile(path.join(webBuild, 'dist-ssr', 'entry-server.mjs'), RENDERER);
  await writeFile(path.join(webDist, 'index.html'), TEMPLATE);
  await writeFile(path.join(webDist, 'routes.json'), JSON.stringify({ routes: ['/', '/post/:id', '/help'], id: '^[1-9]\\d{0,14}$' }));

  bus = await createBus({ natsUrl: NATS_URL, logger: silentLogger(), name: 'gateway-feeds-test' });
  redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 2 });
});

afterAll(async () => {
  await Promise.all(gateways.map((g) => g.close()));
  await bus?.close();
  redis?.disconnect();
  await services?.close();
  await content?.close();
  if (webBuild) await rm(webBuild, { recursive: true, force: true });
});

beforeEach(() => {
  reads = [];
  posts = [1, 2, 3].map(postNumber);
});

/**
 * A gateway replica on the real Redis, in a cache namespace of its own (a fresh cache), and on a bus
 * of its own unless given the real one: on the machine's NATS, other test files' forum events (their
 * posts 1, 2, 3 ...) would drop this one's entries in the middle of a count of builds.
 */
async function gateway(overrides: Partial<GatewayOptions> = {}) {
  const g = await startGateway(services, {
    serviceUrls: { ...services.urls, forum: contentUrl, catalog: contentUrl, 'ama-booking': contentUrl, jobs: contentUrl },
    redis,
    webDist,
    trustProxy: true,
    publicUrl: PUBLIC_URL,
    readCache: { namespace: `feeds-test-${randomUUID()}` },
    rateLimits: loadRateLimitSettings({ RATE_LIMIT_NAMESPACE: `feeds-test-${randomUUID()}` }),
    ...overrides,
  });
  gateways.push(g);
  return g.app;
}

const get = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: { 'x-forwarded-for': randomIp(), ...headers } });

/** What one build of the sitemap reads: jobs, AMA sessions, polls, then the posts' pages. */
const SITEMAP_READS = ['/api/jobs', '/api/ama/sessions', '/api/polls?limit=200&offset=0', '/api/posts?limit=100&offset=0&sort=latest'];

describe('sitemap and feed from the read cache', () => {
  it('builds each feed once for many parallel visitors, then answers from memory without touching the services', async () => {
    const app = await gateway();
    // A cold cache met by 25 visitors at once (each from its own address): one build.
    const first = await Promise.all(Array.from({ length: 25 }, () => get(app, '/sitemap.xml')));
    for (const res of first) expect(res.statusCode).toBe(200);
    expect(new Set(first.map((r) => r.body)).size).toBe(1);
    expect(reads.sort()).toEqual([...SITEMAP_READS].sort());
    expect(first[0]!.body).toContain(`<loc>${PUBLIC_URL}/post/3</loc>`);

    reads = [];
    const again = await get(app, '/sitemap.xml', { 'accept-encoding': 'gzip' });
    expect(again.statusCode).toBe(200);
    expect(again.headers['x-cache']).toBe('HIT');
    expect(again.headers['content-type']).toMatch(/^application\/xml/);
    expect(again.headers['content-encoding']).toBe('gzip');
    // An unchanged feed is a 304 to a reader that kept it.
    const kept = await get(app, '/sitemap.xml', { 'if-none-match': String(again.headers.etag) });
    expect(kept.statusCode).toBe(304);

    await Promise.all(Array.from({ length: 25 }, () => get(app, '/rss.xml')));
    expect(reads).toEqual(['/api/posts?limit=20&sort=latest']);
    reads = [];
    const rss = await get(app, '/rss.xml');
    expect(rss.headers['x-cache']).toBe('HIT');
    expect(rss.headers['content-type']).toMatch(/^application\/rss\+xml/);
    expect(rss.body).toContain(`<link>${PUBLIC_URL}/post/3</link>`);
    expect(reads).toEqual([]);
  });

  it('a second replica takes the feed from the shared layer instead of building it again', async () => {
    const namespace = `feeds-test-${randomUUID()}`;
    const a = await gateway({ readCache: { namespace, ...FAST_ROSTER } });
    const b = await gateway({ readCache: { namespace, ...FAST_ROSTER } });
    await untilAllSeen(a, b);
    await get(a, '/rss.xml');
    // The first hit in a replica's memory publishes the answer to Redis.
    expect((await get(a, '/rss.xml')).headers['x-cache']).toBe('HIT');
    reads = [];
    await expect.poll(async () => (await get(b, '/rss.xml')).headers['x-cache']).toMatch(/SHARED|HIT/);
    expect(reads).toEqual([]);
  });

  it('a new post (its event over NATS) drops both feeds: the next request rebuilds them with the post', async () => {
    const app = await gateway({ bus });
    await get(app, '/rss.xml');
    await get(app, '/sitemap.xml');
    expect((await get(app, '/rss.xml')).headers['x-cache']).toBe('HIT');
    expect((await get(app, '/sitemap.xml')).headers['x-cache']).toBe('HIT');

    posts.push(postNumber(4));
    await bus.publish('forum.post.created', { ...postNumber(4), upvotes: 0, status: 'open', tags: '', tool_links: '[]', attachments: '[]', comment_count: 0 }, { msgId: randomUUID() });
    await expect.poll(async () => (await get(app, '/rss.xml')).body).toContain(`<link>${PUBLIC_URL}/post/4</link>`);
    await expect.poll(async () => (await get(app, '/sitemap.xml')).body).toContain(`<loc>${PUBLIC_URL}/post/4</loc>`);
    // And then from memory again (a fill that ended before the event's Redis round trip did is
    // dropped once more: read-cache.ts invalidate).
    await expect.poll(async () => (await get(app, '/rss.xml')).headers['x-cache']).toBe('HIT');
    await expect.poll(async () => (await get(app, '/sitemap.xml')).headers['x-cache']).toBe('HIT');
    reads = [];
    expect((await get(app, '/rss.xml')).headers['x-cache']).toBe('HIT');
    expect((await get(app, '/sitemap.xml')).headers['x-cache']).toBe('HIT');
    expect(reads).toEqual([]);
  });
});

describe('the request\'s Host never reaches a cached page or feed', () => {
  const hostile = (i: number): Array<Record<string, string>> => [
    { host: `evil-${i}.example` },
    { host: 'community.example.com', 'x-forwarded-host': `evil-${i}.example` },
    { host: `evil-${i}.example:8443`, 'x-forwarded-proto': 'http' },
  ];

  for (const publicUrl of [PUBLIC_URL, undefined]) {
    const origin = publicUrl ?? 'http://localhost';
    it(`${publicUrl ? 'with' : 'without'} PUBLIC_URL: forged Hosts neither poison nor split the cache of feeds, robots.txt and pages`, async () => {
      const app = await gateway({ publicUrl });
      for (const url of ['/sitemap.xml', '/rss.xml', '/post/2', '/help']) {
        reads = [];
        // The forged Hosts come first, in parallel, each with its own address: the first to fill the cache wins.
        const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => hostile(i)).flat().map((headers) => get(app, url, headers)));
        for (const res of answers) {
          expect(res.statusCode, url).toBe(200);
          expect(res.body, url).not.toContain('evil');
          expect(res.body, url).toContain(url.endsWith('.xml') ? `${origin}/post/` : `${origin}${url}`);
        }
        // One entry for all of them: one build, whatever Host each named.
        expect(new Set(answers.map((r) => r.body)).size, url).toBe(1);
        const builds = reads.filter((r) => r === '/api/jobs' || r === '/api/posts?limit=20&sort=latest' || r === '/api/posts/2').length;
        expect(builds, url).toBeLessThanOrEqual(1);
        // An honest visitor then gets that same entry from memory.
        const honest = await get(app, url);
        expect(honest.headers['x-cache'], url).toBe('HIT');
        expect(honest.body, url).toBe(answers[0]!.body);
      }
      const robots = await get(app, '/robots.txt', { host: 'evil.example', 'x-forwarded-host': 'evil.example' });
      expect(robots.body).toContain(`Sitemap: ${origin}/sitemap.xml`);
    });
  }
});

describe('the feeds\' own rate limit (feeds-ip)', () => {
  it('refuses an address beyond its budget with 429 and the message, cached or not, in parallel; other addresses and /api are untouched', async () => {
    const app = await gateway({
      rateLimits: loadRateLimitSettings({ RATE_LIMIT_GATEWAY_FEEDS_IP: '6', RATE_LIMIT_NAMESPACE: `feeds-test-${randomUUID()}` }),
    });
    const address = randomIp();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => get(app, i % 2 === 0 ? '/sitemap.xml' : '/rss.xml', { 'x-forwarded-for': address })),
    );
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(6);
    expect(statuses.filter((s) => s === 429)).toHaveLength(24);
    const refused = answers.find((r) => r.statusCode === 429)!;
    expect(refused.json()).toEqual({ message: RATE_LIMIT_MESSAGE });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // A cached feed is refused too: the limit counts every request to the feeds.
    expect((await get(app, '/rss.xml', { 'x-forwarded-for': address })).statusCode).toBe(429);
    // Another address reads the feeds; the refused address still reads the API and the pages.
    expect((await get(app, '/rss.xml')).statusCode).toBe(200);
    expect((await get(app, '/api/jobs', { 'x-forwarded-for': address })).statusCode).toBe(200);
    expect((await get(app, '/help', { 'x-forwarded-for': address })).statusCode).toBe(200);
  });

  it('scales with RATE_LIMIT_SCALE', async () => {
    const app = await gateway({
      rateLimits: loadRateLimitSettings({ RATE_LIMIT_SCALE: '0.05', RATE_LIMIT_NAMESPACE: `feeds-test-${randomUUID()}` }),
    });
    const address = randomIp();
    // 120 a minute scaled by 0.05: 6.
    const statuses = (await Promise.all(Array.from({ length: 12 }, () => get(app, '/rss.xml', { 'x-forwarded-for': address })))).map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(6);
  });
});
