import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { ServiceName } from '@wfm/contracts/shared';
import type { ProxyRoute } from './routes.ts';
import type { Upstreams } from './upstreams.ts';

/** The browsable reference; the merged document is below it. */
export const API_DOCS_PATH = '/api/docs';
export const API_DOCUMENT_PATH = '/api/docs/openapi.json';
/** Where each service publishes its own document (kit openapi.ts). */
export const SERVICE_DOCUMENT_PATH = '/internal/openapi.json';

const ASSETS_PREFIX = '/api/docs/assets/';
/** The files of swagger-ui-dist the page loads; nothing else of the package is served. */
const UI_FILES = new Set(['/swagger-ui.css', '/swagger-ui-bundle.js', '/favicon-32x32.png', '/favicon-16x16.png']);
/** A complete document is kept this long; one missing a service is retried sooner. */
const REFRESH_MS = 60_000;
const RETRY_MISSING_MS = 5_000;
const FETCH_TIMEOUT_MS = 3_000;

const OPERATIONS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

type JsonObject = Record<string, unknown>;

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string };
  tags?: Array<{ name: string; description?: string }>;
  paths: Record<string, Record<string, unknown>>;
  components?: Record<string, Record<string, unknown>>;
  /** Services whose document could not be fetched: their paths are missing. */
  'x-missing-services': ServiceName[];
}

export interface ServiceDocument {
  service: ServiceName;
  document: { paths?: Record<string, Record<string, unknown>>; components?: Record<string, Record<string, unknown>>; tags?: Array<{ name: string }> };
}

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The route-table entry of `service` that exposes `path`, if any (prefix itself or below it). */
function exposingRoute(routes: readonly ProxyRoute[], service: ServiceName, path: string): ProxyRoute | undefined {
  return routes.find((r) => r.service === service && (path === r.prefix || path.startsWith(`${r.prefix}/`)));
}

/** A copy of `value` with every `$ref` renamed by `rename`. */
function renameRefs(value: unknown, rename: (ref: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => renameRefs(item, rename));
  if (!isObject(value)) return value;
  const copy: JsonObject = {};
  for (const [key, item] of Object.entries(value)) {
    copy[key] = key === '$ref' && typeof item === 'string' ? rename(item) : renameRefs(item, rename);
  }
  return copy;
}

/**
 * One document from the services' documents, as the gateway serves the API: only paths and methods
 * the route table sends to that service (staff routes marked `x-staff-only`); a component name two
 * services define differently becomes `<service>_<name>` in both (identical ones are kept once).
 */
export function mergeDocuments(
  documents: readonly ServiceDocument[],
  routes: readonly ProxyRoute[],
  missing: readonly ServiceName[],
): OpenApiDocument {
  // kind -> name -> the services defining it and their definitions
  const definitions = new Map<string, Map<string, Array<{ service: ServiceName; value: unknown }>>>();
  for (const { service, document } of documents) {
    for (const [kind, entries] of Object.entries(document.components ?? {})) {
      if (!isObject(entries)) continue;
      const byName = definitions.get(kind) ?? new Map<string, Array<{ service: ServiceName; value: unknown }>>();
      definitions.set(kind, byName);
      for (const [name, value] of Object.entries(entries)) byName.set(name, [...(byName.get(name) ?? []), { service, value }]);
    }
  }
  const clashes = (kind: string, name: string) => {
    const defs = definitions.get(kind)?.get(name) ?? [];
    return defs.some((d) => !isDeepStrictEqual(d.value, defs[0]!.value));
  };

  const merged: OpenApiDocument = {
    openapi: '3.1.0',
    info: {
      title: 'WFM community API',
      version: '1.0.0',
      description: 'The public API behind the gateway, merged from the OpenAPI documents of the services.',
    },
    tags: [],
    paths: {},
    components: {},
    'x-missing-services': [...missing],
  };
  for (const { service, document } of documents) {
    const rename = (ref: string) => {
      const match = /^#\/components\/([^/]+)\/(.+)$/.exec(ref);
      return match && clashes(match[1]!, match[2]!) ? `#/components/${match[1]}/${service}_${match[2]}` : ref;
    };
    const renamed = renameRefs(document, rename) as ServiceDocument['document'];
    for (const [kind, entries] of Object.entries(renamed.components ?? {})) {
      const target = (merged.components![kind] ??= {});
      for (const [name, value] of Object.entries(entries)) target[clashes(kind, name) ? `${service}_${name}` : name] = value;
    }
    for (const [path, item] of Object.entries(renamed.paths ?? {})) {
      const route = exposingRoute(routes, service, path);
      if (!route || !isObject(item)) continue;
      const allowed = route.methods?.map((m) => m.toLowerCase());
      const kept: JsonObject = {};
      for (const [key, operation] of Object.entries(item)) {
        const isOperation = (OPERATIONS as readonly string[]).includes(key);
        if (isOperation && allowed && !allowed.includes(key)) continue;
        kept[key] = isOperation && route.access === 'staff' && isObject(operation) ? { ...operation, 'x-staff-only': true } : operation;
      }
      if (Object.keys(kept).some((key) => (OPERATIONS as readonly string[]).includes(key))) {
        merged.paths[path] = { ...merged.paths[path], ...kept };
      }
    }
    for (const tag of renamed.tags ?? [{ name: service }]) {
      if (!merged.tags!.some((t) => t.name === tag.name)) merged.tags!.push(tag);
    }
  }
  return merged;
}

export interface ApiDocsOptions {
  upstreams: Upstreams;
  routes: readonly ProxyRoute[];
  refreshMs?: number;
  retryMissingMs?: number;
  log: FastifyBaseLogger;
}

async function fetchServiceDocument(upstreams: Upstreams, service: ServiceName): Promise<ServiceDocument> {
  const pool = upstreams.get(service);
  if (!pool) throw new Error(`no URL for the ${service} service`);
  const res = await pool.request({
    method: 'GET',
    path: SERVICE_DOCUMENT_PATH,
    headers: { accept: 'application/json' },
    headersTimeout: FETCH_TIMEOUT_MS,
    bodyTimeout: FETCH_TIMEOUT_MS,
  });
  if (res.statusCode !== 200) {
    await res.body.dump();
    throw new Error(`${SERVICE_DOCUMENT_PATH} answered ${res.statusCode}`);
  }
  const document = await res.body.json();
  if (!isObject(document) || !isObject(document.paths)) throw new Error(`${SERVICE_DOCUMENT_PATH} is not an OpenAPI document`);
  return { service, document: document as ServiceDocument['document'] };
}

/**
 * The merged document, built from every service of the route table and kept in memory: rebuilt
 * after `refreshMs` (sooner while a service is missing); concurrent callers share one rebuild.
 */
export function createApiDocument(opts: ApiDocsOptions): () => Promise<OpenApiDocument> {
  const services = [...new Set(opts.routes.map((r) => r.service))];
  const refreshMs = opts.refreshMs ?? REFRESH_MS;
  const retryMissingMs = opts.retryMissingMs ?? RETRY_MISSING_MS;
  let cached: { document: OpenApiDocument; expires: number } | undefined;
  let pending: Promise<OpenApiDocument> | undefined;

  const build = async () => {
    const results = await Promise.allSettled(services.map((service) => fetchServiceDocument(opts.upstreams, service)));
    const documents: ServiceDocument[] = [];
    const missing: ServiceName[] = [];
    results.forEach((result, i) => {
      if (result.status === 'fulfilled') documents.push(result.value);
      else {
        missing.push(services[i]!);
        opts.log.warn({ service: services[i], err: result.reason as Error }, 'API document of a service is unavailable');
      }
    });
    const document = mergeDocuments(documents, opts.routes, missing);
    cached = { document, expires: Date.now() + (missing.length > 0 ? retryMissingMs : refreshMs) };
    return document;
  };

  return async () => {
    if (cached && Date.now() < cached.expires) return cached.document;
    pending ??= build().finally(() => {
      pending = undefined;
    });
    return pending;
  };
}

const swaggerUiDir = () => path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/** The reference page: swagger-ui-dist's files from our own origin, no inline script (the CSP allows none). */
const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>WFM community API</title>
<link rel="stylesheet" href="${ASSETS_PREFIX}swagger-ui.css">
<link rel="icon" type="image/png" href="${ASSETS_PREFIX}favicon-32x32.png" sizes="32x32">
</head>
<body>
<div id="swagger-ui"></div>
<script src="${ASSETS_PREFIX}swagger-ui-bundle.js"></script>
<script src="${API_DOCS_PATH}/init.js"></script>
</body>
</html>
`;

const INIT_SCRIPT = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: ${JSON.stringify(API_DOCUMENT_PATH)},
    dom_id: '#swagger-ui',
    deepLinking: true,
    layout: 'BaseLayout',
    validatorUrl: null
  });
});
`;

/**
 * GET /api/docs (the browsable reference, Swagger UI served from node_modules) and
 * GET /api/docs/openapi.json (the merged document of every service).
 */
export async function registerApiDocs(app: FastifyInstance, opts: Omit<ApiDocsOptions, 'log'>): Promise<void> {
  const apiDocument = createApiDocument({ ...opts, log: app.log });
  const dir = swaggerUiDir();
  // Fail at boot, not on the first page view, when the package is missing or changed its layout.
  await Promise.all([...UI_FILES].map((file) => readFile(path.join(dir, file)).then(() => undefined)));

  await app.register(async function apiDocs(scope) {
    scope.addHook('onRequest', scope.rateLimit());
    scope.get(API_DOCUMENT_PATH, async (_request, reply) => reply.header('cache-control', 'no-cache').send(await apiDocument()));
    for (const url of [API_DOCS_PATH, `${API_DOCS_PATH}/`]) {
      scope.get(url, async (_request, reply) => reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(PAGE));
    }
    scope.get(`${API_DOCS_PATH}/init.js`, async (_request, reply) =>
      reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(INIT_SCRIPT),
    );
    await scope.register(fastifyStatic, {
      root: dir,
      prefix: ASSETS_PREFIX,
      decorateReply: false,
      index: false,
      dotfiles: 'ignore',
      allowedPath: (pathName) => UI_FILES.has(pathName),
      maxAge: '1h',
    });
  });
}
