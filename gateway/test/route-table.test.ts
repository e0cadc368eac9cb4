import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { bodyLimitsOf, DEFAULT_BODY_LIMIT } from '../src/body-limits.ts';
import { CacheableReads } from '../src/read-cache/cacheable-reads.ts';
import { CacheInvalidation } from '../src/read-cache/invalidation.ts';
import { ReadCache } from '../src/read-cache/read-cache.ts';
import { PathIndex } from '../src/route-paths.ts';
import { PROXY_ROUTES, type ProxyRoute } from '../src/routes.ts';
import { silentLogger, startFakeServices, startGateway, type FakeServices } from './helpers.ts';

const MB = 1024 * 1024;

/** A route that exists in no real table: whatever the gateway does with it comes from these fields. */
const WIDGETS: ProxyRoute = {
  prefix: '/api/widgets',
  service: 'jobs',
  access: 'public',
  csrf: true,
  paths: [
    { pattern: '/api/widgets/:id/photo', multipartLimit: 3 * MB },
    { pattern: '/api/widgets', cache: { group: 'widgets', perVisitorQuery: ['mine'], droppedBy: ['identity.profile.created'] } },
    {
      pattern: '/api/widgets/:id',
      params: { id: /^\d+$/ },
      cache: {
        group: 'widget:{id}',
        perVisitorQuery: [],
        droppedBy: ['forum.post.upvoted'],
        paramsOfEvent: (data) => ({ id: String((data as { post_id: number }).post_id) }),
        ttlMs: 0,
      },
    },
  ],
};
/** The same prefix with every field off. */
const PLAIN: ProxyRoute = { prefix: '/api/gadgets', service: 'jobs', access: 'public', csrf: false };

describe('path index', () => {
  const index = new PathIndex([
    { pattern: '/a/b', value: 'exact' },
    { pattern: '/a/:id', params: { id: /^\d+$/ }, value: 'number' },
    { pattern: '/a/:id/x', value: 'nested' },
  ]);

  it('prefers exact segments, checks parameters and never matches empty segments', () => {
    expect(index.match('/a/b')).toEqual({ value: 'exact', params: {} });
    expect(index.match('/a/12')).toEqual({ value: 'number', params: { id: '12' } });
    expect(index.match('/a/b/x')).toEqual({ value: 'nested', params: { id: 'b' } });
    for (const path of ['/a/x1', '/a/', '/a//x', '/a/b/', '/a', 'a/b', '/a/1/x/y', '']) expect(index.match(path), path).toBeUndefined();
  });

  it('refuses a table whose paths are listed twice, check unknown parameters or leave their prefix', () => {
    expect(() => new PathIndex([{ pattern: '/a/:x', value: 1 }, { pattern: '/a/:y', value: 2 }])).toThrow(/twice/);
    expect(() => new PathIndex([{ pattern: '/a/:x', params: { y: /./ }, value: 1 }])).toThrow(/parameter/);
    const outside: ProxyRoute = { ...PLAIN, paths: [{ pattern: '/api/widgets', multipartLimit: MB }] };
    expect(() => bodyLimitsOf([outside])).toThrow(/not below its prefix/);
  });
});

describe("a route's body limit, cache policy and CSRF come from its table entry", () => {
  it('takes multipart limits from the path entries, the default for everything else', () => {
    const limitFor = bodyLimitsOf([WIDGETS, PLAIN]);
    const multipart = 'multipart/form-data; boundary=x';
    expect(limitFor('/api/widgets/5/photo', multipart)).toBe(3 * MB);
    expect(limitFor('/api/widgets/5/photo/?a=1', multipart)).toBe(3 * MB);
    expect(limitFor('/api/widgets/5/photo', 'application/json')).toBe(DEFAULT_BODY_LIMIT);
    expect(limitFor('/api/widgets/5', multipart)).toBe(DEFAULT_BODY_LIMIT);
    expect(limitFor('/api/gadgets/5/photo', multipart)).toBe(DEFAULT_BODY_LIMIT);
    // The gateway's own upload routes are not in this table.
    expect(limitFor('/api/upload', multipart)).toBe(DEFAULT_BODY_LIMIT);
  });

  it('caches the GETs the cache policy names, keyed and grouped by it, with its TTL and service', () => {
    const reads = new CacheableReads([WIDGETS, PLAIN]);
    expect(reads.find('GET', '/api/widgets?b=1&a=2', {})).toEqual({ read: { key: '/api/widgets?a=2&b=1', group: 'widgets' }, service: 'jobs' });
    expect(reads.find('GET', '/api/widgets/7', {})).toEqual({ read: { key: '/api/widgets/7', group: 'widget:7', ttlMs: 0 }, service: 'jobs' });
    // `mine` is per visitor on the list only; `anon_token` is nothing special in this table.
    expect(reads.find('GET', '/api/widgets?mine=1', {})).toBeUndefined();
    expect(reads.find('GET', '/api/widgets/7?mine=1', {})?.read.key).toBe('/api/widgets/7?mine=1');
    expect(reads.find('GET', '/api/widgets?anon_token=x', {})?.read.group).toBe('widgets');
    for (const url of ['/api/widgets/x', '/api/widgets/7/photo', '/api/gadgets', '/api/posts', '/api/stats']) {
      expect(reads.find('GET', url, {}), url).toBeUndefined();
    }
    expect(reads.find('GET', '/api/widgets', { cookie: 'a=b' })).toBeUndefined();
  });

  it('drops the groups whose policy names the event, and everything when the parameters cannot be read', () => {
    const invalidation = new CacheInvalidation([WIDGETS, PLAIN]);
    expect(invalidation.subjects.sort()).toEqual(['admin.database.restored', 'forum.post.upvoted', 'identity.profile.created']);
    expect(invalidation.groupsInvalidatedBy('identity.profile.created', {})).toEqual(['widgets']);
    expect(invalidation.groupsInvalidatedBy('forum.post.upvoted', { post_id: 9, upvotes: 1 })).toEqual(['widget:9']);
    expect(invalidation.groupsInvalidatedBy('forum.post.created', { id: 9 })).toBeUndefined();
    expect(invalidation.groupsInvalidatedBy('admin.database.restored', {})).toBe('all');
    const unreadable = new CacheInvalidation([
      { ...PLAIN, paths: [{ pattern: '/api/gadgets/:id', cache: { group: 'g:{id}', perVisitorQuery: [], droppedBy: ['forum.post.upvoted'], paramsOfEvent: () => undefined } }] },
    ]);
    expect(unreadable.groupsInvalidatedBy('forum.post.upvoted', {})).toBe('all');
  });

  it("keeps an entry for its route's TTL, else for the cache's", async () => {
    const cache = new ReadCache({ ttlMs: 60_000, staleMs: 0, maxBytes: MB, log: silentLogger() });
    const answer = async () => ({ statusCode: 200, headers: { 'content-type': 'application/json' }, body: Buffer.from('{}') });
    const reads = new CacheableReads([WIDGETS]);
    for (const url of ['/api/widgets', '/api/widgets/7']) await cache.load(reads.find('GET', url, {})!.read, answer);
    expect(cache.peek('/api/widgets')?.stale).toBe(false);
    // ttlMs 0: expired as soon as it was stored, and no stale window.
    expect(cache.peek('/api/widgets/7')).toBeUndefined();
  });

  it('pins the CSRF requirement of the real table to the staff API, login and logout included', () => {
    const checked = PROXY_ROUTES.filter((r) => r.csrf).map((r) => r.prefix);
    expect(checked).toEqual(PROXY_ROUTES.filter((r) => r.prefix.startsWith('/api/admin/')).map((r) => r.prefix));
  });
});

describe('a gateway built on a table with a fake entry', () => {
  let services: FakeServices;
  let gateway: Awaited<ReturnType<typeof startGateway>>;
  let wsUrl: string;

  beforeAll(async () => {
    services = await startFakeServices();
    gateway = await startGateway(services, { routes: [...PROXY_ROUTES, WIDGETS, PLAIN] });
    wsUrl = `${(await gateway.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws')}/ws`;
  });

  afterAll(async () => {
    await gateway?.close();
    await services?.close();
  });

  const crossSite = { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example.net', 'content-type': 'application/json' };

  it('refuses cross-site writes where the entry asks for it, and only there', async () => {
    const refused = await gateway.app.inject({ method: 'POST', url: '/api/widgets', headers: crossSite, payload: '{}' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'Cross-site request refused' });
    const allowed = await gateway.app.inject({ method: 'POST', url: '/api/gadgets', headers: crossSite, payload: '{}' });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json()).toMatchObject({ service: 'jobs', url: '/api/gadgets' });
  });

  it("lets a multipart body up to the entry's limit through, and refuses it elsewhere", async () => {
    const headers = { 'content-type': 'multipart/form-data; boundary=x' };
    const payload = Buffer.alloc(2 * MB, 1);
    const photo = await gateway.app.inject({ method: 'POST', url: '/api/widgets/5/photo', headers, payload });
    expect(photo.statusCode).toBe(200);
    expect(services.seen.at(-1)).toMatchObject({ service: 'jobs', bodyBytes: payload.length });
    const tooLarge = await gateway.app.inject({ method: 'POST', url: '/api/widgets/5/photo', headers, payload: Buffer.alloc(3 * MB + 1) });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({ message: 'Request body is too large (limit 3 MB)' });
    const elsewhere = await gateway.app.inject({ method: 'POST', url: '/api/gadgets/5/photo', headers, payload });
    expect(elsewhere.statusCode).toBe(413);
  });

  it("answers the entry's cacheable reads from the cache, fetched from its service, and drops them on its events", async () => {
    const get = (url: string) => gateway.app.inject({ method: 'GET', url });
    const before = services.seen.length;
    expect((await get('/api/widgets?b=1&a=2')).headers['x-cache']).toBe('MISS');
    expect(services.seen.at(-1)).toMatchObject({ service: 'jobs', url: '/api/widgets?a=2&b=1' });
    expect((await get('/api/widgets?a=2&b=1')).headers['x-cache']).toBe('HIT');
    expect(services.seen.length).toBe(before + 1);
    expect((await get('/api/gadgets')).headers['x-cache']).toBeUndefined();

    const ws = new WebSocket(wsUrl);
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    const joined = new Promise((resolve) => ws.on('message', (raw) => JSON.parse(String(raw)).type === 'member_joined' && resolve(null)));
    await gateway.bus.publish('identity.profile.created', { username: 'ann', created_at: Date.now() }, { msgId: `joined-${Date.now()}` });
    await joined;
    ws.close();
    expect((await get('/api/widgets?a=2&b=1')).headers['x-cache']).toBe('MISS');
  });
});
