/**
 * The API documentation covers the public API: every /api/* and /uploads route each service
 * registers appears, with its methods, in the OpenAPI document the service publishes (kit
 * openapi.ts), which the gateway merges into /api/docs/openapi.json.
 */
import type { RouteOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import type { ServiceName } from '@wfm/contracts/shared';
import { buildGateway, PROXY_ROUTES } from '@wfm/gateway';
import { createLogger, createMemoryBus, type ServiceDefinition } from '@wfm/service-kit';
import { buildTestService, TEST_STAFF_SECRET, type TestService } from '@wfm/service-kit/testing';
import { loadServiceDefinitions } from '../lib/service-definitions.ts';

const OPENAPI_PATH = '/internal/openapi.json';

interface RegisteredRoute {
  method: string;
  url: string;
}

interface OpenApiDocument {
  openapi: string;
  paths?: Record<string, Record<string, unknown>>;
}

/** Public paths: what the gateway's route table can expose (/api/* and uploaded files). */
const isPublic = (url: string) => url.startsWith('/api/') || url === '/uploads' || url.startsWith('/uploads/');

/** Fastify's `/a/:id` and `*` as OpenAPI writes them: `/a/{id}`, `{*}`. */
const openApiPath = (url: string) => url.replace(/:(\w+)(?:\([^)]*\))?/g, '{$1}').replace(/\*/g, '{*}');

/** The service definition with its routes wrapped so every route it registers is recorded. */
function recordingRoutes(def: ServiceDefinition): { def: ServiceDefinition; routes: RegisteredRoute[] } {
  const routes: RegisteredRoute[] = [];
  // An app-wide onRoute hook added before the service's own hooks and routes sees every route it adds.
  const hooks: ServiceDefinition['hooks'] = async (app, ctx) => {
    app.addHook('onRoute', (route: RouteOptions) => {
      for (const method of [route.method].flat()) routes.push({ method, url: route.url });
    });
    await def.hooks?.(app, ctx);
  };
  return { def: { ...def, hooks }, routes };
}

/** Public routes of `routes` that `doc` leaves out, as `METHOD path`. */
function missingFromDocument(routes: RegisteredRoute[], doc: OpenApiDocument): string[] {
  // Fastify adds a HEAD route to every GET; the document lists the GET.
  const gets = new Set(routes.filter((r) => r.method === 'GET').map((r) => r.url));
  const missing = new Set<string>();
  for (const route of routes) {
    if (!isPublic(route.url) || (route.method === 'HEAD' && gets.has(route.url))) continue;
    const path = openApiPath(route.url);
    if (!(route.method.toLowerCase() in (doc.paths?.[path] ?? {}))) missing.add(`${route.method} ${path}`);
  }
  return [...missing].sort();
}

async function documentAndRoutes(service: ServiceDefinition) {
  const { def, routes } = recordingRoutes(service);
  const built = await buildTestService(def, { relay: false });
  try {
    const res = await built.app.inject({ method: 'GET', url: OPENAPI_PATH });
    expect(res.statusCode).toBe(200);
    return { doc: res.json<OpenApiDocument>(), routes };
  } finally {
    await built.close();
  }
}

const definitions = await loadServiceDefinitions();

describe('every public route of every service is in its OpenAPI document', () => {
  test.each(definitions.map((def) => [def.name, def] as const))('%s', async (_name, service) => {
    const { doc, routes } = await documentAndRoutes(service);
    expect(doc.openapi).toMatch(/^3\./);
    expect(missingFromDocument(routes, doc)).toEqual([]);
    // Operational and internal paths stay out of the public document.
    expect(Object.keys(doc.paths ?? {}).filter((path) => !isPublic(path))).toEqual([]);
  });

  test('the identity and forum services document their public API', async () => {
    const byName = new Map(definitions.map((def) => [def.name, def]));
    const forum = await documentAndRoutes(byName.get('forum')!);
    expect(Object.keys(forum.doc.paths ?? {})).toEqual(expect.arrayContaining(['/api/posts', '/api/posts/{id}', '/uploads/{name}']));
    expect(forum.routes.filter((r) => isPublic(r.url)).length).toBeGreaterThan(5);
    const identity = await documentAndRoutes(byName.get('identity')!);
    expect(Object.keys(identity.doc.paths ?? {}).some((path) => path.startsWith('/api/session'))).toBe(true);
  });
});

describe('the coverage check itself', () => {
  // A route hidden from the document (schema.hide) is exactly the gap the check is there to catch.
  const forum = definitions.find((def) => def.name === 'forum')!;
  const withHiddenRoute: ServiceDefinition = {
    ...forum,
    routes: [
      ...forum.routes,
      async (base) => {
        const app = base.withTypeProvider<ZodTypeProvider>();
        app.get('/api/posts/:id/secret', { schema: { hide: true, params: z.object({ id: z.string() }) } }, async () => ({}));
        app.delete('/uploads/:name', { schema: { hide: true } }, async () => ({}));
      },
    ],
  };

  test('reports a public route left out of the document, with its method', async () => {
    const { doc, routes } = await documentAndRoutes(withHiddenRoute);
    expect(missingFromDocument(routes, doc)).toEqual(['DELETE /uploads/{name}', 'GET /api/posts/{id}/secret']);
  });
});

describe('the gateway merges the documents of the running services', () => {
  test('GET /api/docs/openapi.json has every exposed path of each service and misses none', async () => {
    const running: TestService[] = [];
    const bus = createMemoryBus();
    try {
      const urls = {} as Record<ServiceName, string>;
      const own = new Map<ServiceName, string[]>();
      for (const def of definitions) {
        const built = await buildTestService(def, { relay: false });
        running.push(built);
        urls[def.name] = await built.app.listen({ port: 0, host: '127.0.0.1' });
        const doc = (await built.app.inject({ method: 'GET', url: OPENAPI_PATH })).json<OpenApiDocument>();
        const routed = (path: string) => PROXY_ROUTES.some((r) => r.service === def.name && (path === r.prefix || path.startsWith(`${r.prefix}/`)));
        own.set(def.name, Object.keys(doc.paths ?? {}).filter(routed));
      }
      const gateway = await buildGateway({ serviceUrls: urls, bus, staffSecret: TEST_STAFF_SECRET, logger: createLogger('gateway', 'silent'), readCache: false });
      try {
        const res = await gateway.inject({ method: 'GET', url: '/api/docs/openapi.json' });
        expect(res.statusCode).toBe(200);
        const merged = res.json<OpenApiDocument & { 'x-missing-services': string[] }>();
        expect(merged['x-missing-services']).toEqual([]);
        for (const [service, paths] of own) expect(Object.keys(merged.paths ?? {}), service).toEqual(expect.arrayContaining(paths));
        expect(own.get('forum')!.length).toBeGreaterThan(5);
        expect(own.get('identity')!.length).toBeGreaterThan(0);
      } finally {
        await gateway.close();
      }
    } finally {
      await Promise.all(running.map((built) => built.close()));
      await bus.close();
    }
  }, 90_000);
});
