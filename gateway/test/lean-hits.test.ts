import { randomInt, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Registry } from 'prom-client';
import { createLogger } from '@wfm/service-kit';
import { pageCacheKey, pageRouteOf } from '../src/html-pages.ts';
import { CacheableReads } from '../src/read-cache/cacheable-reads.ts';
import { createVisitorPassThrough } from '../src/read-cache/cached-reads.ts';
import { leanHits } from '../src/read-cache/lean-hits.ts';
import { INLINE_GZIP_MAX_BYTES, ReadCache } from '../src/read-cache/read-cache.ts';
import { PROXY_ROUTES } from '../src/routes.ts';
import { httpGet, silentLogger, stableHeaders, startFakeServices, startGateway, type FakeServices } from './helpers.ts';

/**
 * The lean listener (gateway/src/read-cache/lean-hits.ts) answers fresh cache hits before Fastify
 * sees them. These requests go over real connections (app.inject would bypass it) and compare its
 * answers with the Fastify path's answers to the same read.
 */
let services: FakeServices;
const cleanups: Array<() => Promise<void>> = [];

beforeAll(async () => {
  services = await startFakeServices();
});

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await services?.close();
});

async function gateway() {
  const lines: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n')) if (line) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const started = await startGateway(services, { logger: createLogger('gateway-test', 'info', sink) });
  cleanups.push(started.close);
  const baseUrl = await started.app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app: started.app,
    lines,
    get: (url: string, headers: Record<string, string> = {}) => httpGet(baseUrl, url, headers),
    /** Fastify's own path (inject never meets the lean listener). */
    inject: (url: string, headers: Record<string, string> = {}) => started.app.inject({ method: 'GET', url, headers: { host: new URL(baseUrl).host, ...headers } }),
  };
}

const registryOf = (app: FastifyInstance) => (app as unknown as { metricsRegistry: Registry }).metricsRegistry;

describe('lean hits', () => {
  it('answers a fresh hit with the bytes and headers the Fastify path gives the same hit', async () => {
    const gw = await gateway();
    const url = `/api/posts/${randomInt(1_000_000, 1_000_000_000)}`;
    const miss = await gw.get(url);
    expect(miss.headers['x-cache']).toBe('MISS');
    const lean = await gw.get(url);
    const fastify = await gw.inject(url);
    expect(lean.headers['x-cache']).toBe('HIT');
    expect(fastify.headers['x-cache']).toBe('HIT');
    expect(lean.rawPayload.equals(fastify.rawPayload)).toBe(true);
    expect(stableHeaders(lean.headers)).toEqual(stableHeaders(fastify.headers));
    expect(lean.headers['content-security-policy']).toBeDefined();
    expect(services.seen.filter((s) => s.url === url)).toHaveLength(1);
  });

  it('answers If-None-Match with the same 304 as Fastify, and echoes a given request id', async () => {
    const gw = await gateway();
    const url = `/api/posts/${randomInt(1_000_000, 1_000_000_000)}`;
    const { headers } = await gw.get(url);
    const etag = headers.etag as string;
    const lean = await gw.get(url, { 'if-none-match': etag, 'x-request-id': 'client-chosen-id.1' });
    const fastify = await gw.inject(url, { 'if-none-match': etag });
    expect(lean.statusCode).toBe(304);
    expect(lean.rawPayload).toHaveLength(0);
    expect(lean.headers['x-request-id']).toBe('client-chosen-id.1');
    expect(stableHeaders(lean.headers)).toEqual(stableHeaders(fastify.headers));
  });

  it('serves the gzip representation Fastify would, made for the first client that accepts it', async () => {
    const gw = await gateway();
    // The echoing fake service repeats the URL, so a long query makes the answer compressible.
    const url = `/api/posts?q=${'shrinkage'.repeat(90)}&sort=latest`;
    const plain = await gw.get(url);
    const first = await gw.get(url, { 'accept-encoding': 'gzip' });
    const second = await gw.get(url, { 'accept-encoding': 'gzip' });
    const fastify = await gw.inject(url, { 'accept-encoding': 'gzip' });
    expect(first.headers['content-encoding']).toBe('gzip');
    expect(second.headers['x-cache']).toBe('HIT');
    expect(gunzipSync(second.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(stableHeaders(second.headers)).toEqual(stableHeaders(fastify.headers));
  });

  it('writes the access line and the route metric as Fastify does, and counts the hit', async () => {
    const gw = await gateway();
    const id = randomInt(1_000_000, 1_000_000_000);
    const url = `/api/posts/${id}`;
    await gw.get(url);
    const hit = await gw.get(url);
    const line = gw.lines.find((l) => l.reqId === hit.headers['x-request-id']);
    expect(line).toMatchObject({ msg: 'request completed', method: 'GET', url, statusCode: 200, service: 'gateway-test' });
    expect(typeof line?.responseTime).toBe('number');
    const metrics = await registryOf(gw.app).metrics();
    // The miss (Fastify) and the hit (lean) under one label.
    expect(metrics).toContain('http_request_duration_seconds_count{route="/api/posts/*",method="GET",status_code="200"} 2');
    expect(metrics).toContain('gateway_read_cache_total{outcome="hit"} 1');
  });

  it("asks about a visitor's read once: a returning visitor's first read still reaches the service", async () => {
    const gw = await gateway();
    const url = `/api/posts/${randomInt(1_000_000, 1_000_000_000)}`;
    await gw.get(url);
    const token = randomUUID().replaceAll('-', '').padEnd(43, 'A');
    // Its first read in a while passes the cache (the forum counts active members from it) ...
    const first = await gw.get(url, { 'x-anon-token': token });
    expect(first.headers['x-cache']).toBeUndefined();
    expect(services.seen.at(-1)).toMatchObject({ url, headers: { 'x-anon-token': token } });
    // ... and its next one is a hit.
    expect((await gw.get(url, { 'x-anon-token': token })).headers['x-cache']).toBe('HIT');
  });

  it("passes a visitor's reads right after its own write", async () => {
    const gw = await gateway();
    const url = `/api/posts/${randomInt(1_000_000, 1_000_000_000)}`;
    const token = randomUUID().replaceAll('-', '').padEnd(43, 'B');
    await gw.get(url);
    await gw.get(url, { 'x-anon-token': token });
    await gw.app.inject({ method: 'POST', url: '/api/comments', headers: { 'x-anon-token': token }, payload: {} });
    expect((await gw.get(url, { 'x-anon-token': token })).headers['x-cache']).toBeUndefined();
  });
});

describe('lean hits of server-rendered pages', () => {
  /**
   * The listener alone in front of a stand-in for Fastify (which answers 599): which requests it
   * answers from the cache. html-pages.test.ts compares its answers with the Fastify path's.
   */
  async function pageServer() {
    const cache = new ReadCache({ ttlMs: 60_000, maxBytes: 1_000_000, log: silentLogger() });
    const page = Buffer.from(`<!doctype html><html><body>${'<p>Shrinkage and occupancy</p>'.repeat(40)}</body></html>`);
    const html = async () => ({ statusCode: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, body: page });
    for (const pathname of ['/post/42', '/help', '/']) await cache.load({ key: pageCacheKey('https://community.example.com', pathname), group: 'lists' }, html);
    // A page too large to compress on the event loop: its gzip is made by Fastify's path, in the thread pool.
    const largePage = Buffer.from(`<!doctype html><html><body>${'<p>Erlang C</p>'.repeat(INLINE_GZIP_MAX_BYTES / 10)}</body></html>`);
    await cache.load({ key: pageCacheKey('https://community.example.com', '/jobs'), group: 'lists' }, async () => ({ ...(await html()), body: largePage }));
    // Entries under a path that is no page, and under a query (html-pages.ts never stores either):
    // never answered from here.
    for (const url of ['/assets/x.js', '/post/42?tab=comments']) await cache.load({ key: pageCacheKey('https://community.example.com', url), group: 'lists' }, html);
    const routes: string[] = [];
    const answerHit = leanHits({
      cache,
      reads: new CacheableReads(PROXY_ROUTES),
      visitors: createVisitorPassThrough(),
      securityHeaders: () => ({ 'x-frame-options': 'DENY' }),
      log: silentLogger(),
      apiRoute: () => 'api',
      pages: { route: pageRouteOf, key: (pathname) => pageCacheKey('https://community.example.com', pathname) },
      observe: (route) => routes.push(route),
      count: () => {},
      closing: () => false,
    });
    const server = createServer((req, res) => {
      if (!answerHit(req, res)) res.writeHead(599).end('fastify');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const { port } = server.address() as AddressInfo;
    return { page, routes, get: (url: string, headers: Record<string, string> = {}) => httpGet(`http://127.0.0.1:${port}`, url, headers) };
  }

  it('answers a cached page from memory, labelled with its route, 304 included', async () => {
    const server = await pageServer();
    const hit = await server.get('/post/42');
    expect(hit.statusCode).toBe(200);
    expect(hit.rawPayload.equals(server.page)).toBe(true);
    expect(hit.headers).toMatchObject({ 'x-cache': 'HIT', 'content-type': 'text/html; charset=utf-8', 'x-frame-options': 'DENY', vary: 'Accept-Encoding' });
    expect((await server.get('/help')).statusCode).toBe(200);
    expect((await server.get('/')).statusCode).toBe(200);
    expect((await server.get('/post/42', { 'if-none-match': hit.headers.etag as string })).statusCode).toBe(304);
    expect(server.routes).toEqual(['/post/:id', '/help', '/', '/post/:id']);
  });

  it('leaves to Fastify a page not cached, a query, an escape, a gzip too large to make here, and paths that are no page', async () => {
    const server = await pageServer();
    for (const url of ['/post/43', '/post/42?tab=comments', '/po%73t/42', '/assets/x.js', '/post/42/', '/post/']) {
      expect((await server.get(url)).statusCode, url).toBe(599);
    }
    expect((await server.get('/jobs', { 'accept-encoding': 'gzip' })).statusCode).toBe(599);
    expect(server.routes).toEqual([]);
  });

  it('compresses a page up to INLINE_GZIP_MAX_BYTES for the first client that accepts gzip, once', async () => {
    const server = await pageServer();
    const first = await server.get('/post/42', { 'accept-encoding': 'gzip' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(first.rawPayload).equals(server.page)).toBe(true);
    const second = await server.get('/post/42', { 'accept-encoding': 'gzip' });
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(second.headers.etag).toBe(first.headers.etag);
    // The plain page is its own representation, with its own ETag.
    const plain = await server.get('/post/42');
    expect(plain.rawPayload.equals(server.page)).toBe(true);
    expect(plain.headers.etag).not.toBe(first.headers.etag);
    expect(server.routes).toEqual(['/post/:id', '/post/:id', '/post/:id']);
  });
});
