import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { SERVICES, type ServiceName } from '@wfm/contracts/shared';
import { createMemoryBus, type EventBus } from '@wfm/service-kit';
import { buildGateway } from '../src/app.ts';
import { API_DOCUMENT_PATH, createApiDocument, mergeDocuments, SERVICE_DOCUMENT_PATH, type OpenApiDocument } from '../src/api-docs.ts';
import { PROXY_ROUTES } from '../src/routes.ts';
import { createSecurityHeaders } from '../src/security-headers.ts';
import { closeUpstreams, createUpstreams } from '../src/upstreams.ts';
import { silentLogger, STAFF_SECRET } from './helpers.ts';

const op = (summary: string) => ({ summary, responses: { 200: { description: 'ok' } } });
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** What each fake service publishes at /internal/openapi.json. */
const DOCUMENTS: Partial<Record<ServiceName, object>> = {
  identity: {
    openapi: '3.1.0',
    paths: {
      '/api/session': { post: { ...op('new session'), requestBody: { content: { 'application/json': { schema: ref('Name') } } } } },
      '/api/admin/user-profiles': { get: op('profiles') },
    },
    components: { schemas: { Name: { type: 'string', maxLength: 40 }, Error: { type: 'object', properties: { message: { type: 'string' } } } } },
  },
  forum: {
    openapi: '3.1.0',
    paths: {
      '/api/posts': { get: op('list posts'), post: { ...op('create'), requestBody: { content: { 'application/json': { schema: ref('Name') } } } } },
      '/api/posts/{id}': { get: { ...op('one post'), responses: { 404: { content: { 'application/json': { schema: ref('Error') } } } } } },
      '/uploads/{name}': { get: op('a file'), delete: op('not exposed by the gateway') },
      // Not in the gateway's route table: not part of the public API.
      '/api/forum-only': { get: op('unrouted') },
    },
    components: { schemas: { Name: { type: 'string', maxLength: 120 }, Error: { type: 'object', properties: { message: { type: 'string' } } } } },
  },
  admin: { openapi: '3.1.0', paths: { '/api/admin/login': { post: op('login') } } },
  catalog: { openapi: '3.1.0', paths: {} },
  'ama-booking': { openapi: '3.1.0', paths: {} },
};
/** The jobs service is down (nothing listens on its port). */
const DOWN: ServiceName = 'jobs';

let services: FastifyInstance[] = [];
let urls: Record<ServiceName, string>;
const fetches = new Map<ServiceName, number>();

async function freeUrl(): Promise<string> {
  const probe = Fastify();
  const url = await probe.listen({ port: 0, host: '127.0.0.1' });
  await probe.close();
  return url;
}

beforeAll(async () => {
  urls = {} as Record<ServiceName, string>;
  for (const { name } of SERVICES) {
    if (name === DOWN) {
      urls[name] = await freeUrl();
      continue;
    }
    const app = Fastify();
    app.get(SERVICE_DOCUMENT_PATH, async () => {
      fetches.set(name, (fetches.get(name) ?? 0) + 1);
      return DOCUMENTS[name];
    });
    urls[name] = await app.listen({ port: 0, host: '127.0.0.1' });
    services.push(app);
  }
});

afterAll(async () => {
  await Promise.all(services.map((app) => app.close()));
  services = [];
});

describe('the merged document', () => {
  const merged = () =>
    mergeDocuments(
      (['identity', 'forum', 'admin'] as const).map((service) => ({ service, document: DOCUMENTS[service] as never })),
      PROXY_ROUTES,
      [DOWN],
    );

  it('lists the paths of each service the route table sends to it, with the methods it proxies', () => {
    const doc = merged();
    expect(Object.keys(doc.paths).sort()).toEqual(['/api/admin/login', '/api/admin/user-profiles', '/api/posts', '/api/posts/{id}', '/api/session', '/uploads/{name}']);
    expect(Object.keys(doc.paths['/api/posts']!)).toEqual(['get', 'post']);
    // The gateway only reads uploaded files.
    expect(Object.keys(doc.paths['/uploads/{name}']!)).toEqual(['get']);
    expect(doc['x-missing-services']).toEqual([DOWN]);
  });

  it('marks operations behind a staff session', () => {
    const doc = merged();
    expect(doc.paths['/api/admin/user-profiles']!.get).toMatchObject({ 'x-staff-only': true });
    expect(doc.paths['/api/admin/login']!.post).not.toHaveProperty('x-staff-only');
    expect(doc.paths['/api/posts']!.get).not.toHaveProperty('x-staff-only');
  });

  it('prefixes component names two services define differently and keeps identical ones once', () => {
    const doc = merged();
    expect(Object.keys(doc.components!.schemas!).sort()).toEqual(['Error', 'forum_Name', 'identity_Name']);
    expect(doc.components!.schemas!.forum_Name).toEqual({ type: 'string', maxLength: 120 });
    const body = (path: string) =>
      (doc.paths[path]!.post as { requestBody: { content: Record<string, { schema: unknown }> } }).requestBody.content['application/json']!.schema;
    expect(body('/api/posts')).toEqual(ref('forum_Name'));
    expect(body('/api/session')).toEqual(ref('identity_Name'));
    expect(JSON.stringify(doc.paths['/api/posts/{id}'])).toContain('"#/components/schemas/Error"');
  });
});

describe('fetching and caching', () => {
  it('fetches each service once per refresh period and leaves a down service out, saying so', async () => {
    const upstreams = createUpstreams(urls);
    try {
      const apiDocument = createApiDocument({ upstreams, routes: PROXY_ROUTES, log: silentLogger(), retryMissingMs: 60_000 });
      fetches.clear();
      const [first, second] = await Promise.all([apiDocument(), apiDocument()]);
      const third = await apiDocument();
      expect(second).toBe(first);
      expect(third).toBe(first);
      expect(fetches.get('forum')).toBe(1);
      expect(fetches.get('identity')).toBe(1);
      expect(first['x-missing-services']).toEqual([DOWN]);
      expect(Object.keys(first.paths)).toContain('/api/posts');
    } finally {
      await closeUpstreams(upstreams);
    }
  });

  it('asks again once the document is due for a refresh', async () => {
    const upstreams = createUpstreams(urls);
    try {
      const apiDocument = createApiDocument({ upstreams, routes: PROXY_ROUTES, log: silentLogger(), refreshMs: 0, retryMissingMs: 0 });
      fetches.clear();
      await apiDocument();
      await apiDocument();
      expect(fetches.get('forum')).toBe(2);
    } finally {
      await closeUpstreams(upstreams);
    }
  });

  it('treats a service answering something other than a document as missing', async () => {
    const odd = Fastify();
    odd.get(SERVICE_DOCUMENT_PATH, async (_request, reply) => reply.code(500).send({ message: 'boom' }));
    const notJson = Fastify();
    notJson.get(SERVICE_DOCUMENT_PATH, async () => '<html>');
    const upstreams = createUpstreams({
      ...urls,
      forum: await odd.listen({ port: 0, host: '127.0.0.1' }),
      identity: await notJson.listen({ port: 0, host: '127.0.0.1' }),
    });
    try {
      const doc = await createApiDocument({ upstreams, routes: PROXY_ROUTES, log: silentLogger() })();
      expect([...doc['x-missing-services']].sort()).toEqual(['forum', 'identity', DOWN].sort());
      expect(Object.keys(doc.paths)).toEqual(['/api/admin/login']);
    } finally {
      await closeUpstreams(upstreams);
      await Promise.all([odd.close(), notJson.close()]);
    }
  });
});

describe('the gateway serves the documentation', () => {
  let gateway: FastifyInstance;
  let bus: EventBus;

  beforeAll(async () => {
    bus = createMemoryBus();
    gateway = await buildGateway({ serviceUrls: urls, bus, staffSecret: STAFF_SECRET, logger: silentLogger(), readCache: false });
    await gateway.ready();
  });
  afterAll(async () => {
    await gateway?.close();
    await bus?.close();
  });

  it('answers GET /api/docs/openapi.json with the merged document', async () => {
    const res = await gateway.inject({ method: 'GET', url: API_DOCUMENT_PATH });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const doc = res.json<OpenApiDocument>();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/posts', '/api/session', '/api/admin/login']));
    expect(doc['x-missing-services']).toEqual([DOWN]);
  });

  it('answers GET /api/docs with a page whose scripts and styles all come from our origin and load', async () => {
    for (const url of ['/api/docs', '/api/docs/']) {
      const res = await gateway.inject({ method: 'GET', url, headers: { host: 'wfm.example' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      // The gateway's own policy, unchanged: scripts from this origin only, no inline script.
      expect(res.headers['content-security-policy']).toBe(createSecurityHeaders()('wfm.example')['content-security-policy']);
      expect(res.headers['content-security-policy']).toContain("script-src 'self';");
      expect(res.body).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
      expect(res.body).not.toMatch(/\son\w+=/);

      const assets = [...res.body.matchAll(/<(?:script|link)\b[^>]*\s(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
      expect(assets.length).toBeGreaterThanOrEqual(3);
      for (const asset of assets) {
        // Same origin: a path on this host, never another host or protocol-relative URL.
        expect(asset, asset).toMatch(/^\/(?!\/)/);
        const loaded = await gateway.inject({ method: 'GET', url: asset, headers: { host: 'wfm.example' } });
        expect(loaded.statusCode, asset).toBe(200);
        expect(loaded.headers['content-type'], asset).toMatch(/javascript|css|image\/png/);
      }
    }
    const init = await gateway.inject({ method: 'GET', url: '/api/docs/init.js' });
    expect(init.body).toContain(JSON.stringify(API_DOCUMENT_PATH));
  });

  it('serves only the UI files the page needs and answers anything else with a JSON 404', async () => {
    for (const url of [
      '/api/docs/assets/package.json',
      '/api/docs/assets/index.html',
      '/api/docs/assets/swagger-initializer.js',
      '/api/docs/assets/../../package.json',
      '/api/docs/assets/%2e%2e/%2e%2e/package.json',
      '/api/docs/assets/swagger-ui-bundle.js.map',
      '/api/docs/nothing',
    ]) {
      const res = await gateway.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toHaveProperty('message');
    }
    for (const method of ['POST', 'PUT', 'DELETE'] as const) {
      const res = await gateway.inject({ method, url: API_DOCUMENT_PATH, payload: { x: 1 } });
      expect(res.statusCode, method).toBe(404);
      expect(res.json()).toHaveProperty('message');
    }
  });
});
