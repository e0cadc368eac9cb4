import type { IncomingMessage, ServerResponse } from 'node:http';
import Fastify, { type FastifyBaseLogger, type FastifyError, type FastifyInstance, type onRequestAsyncHookHandler } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import websocket from '@fastify/websocket';
import type { Redis } from 'ioredis';
import { REALTIME_CLIENT_MAX_BYTES, type ServiceName } from '@wfm/contracts/shared';
import {
  AccessLogController,
  createLogger,
  clientAddressKey,
  ExactMemoryStore,
  LeasedRedisStore,
  lazyRequestLogger,
  HttpError,
  INTERNAL_ERROR_MESSAGE,
  NOT_FOUND_MESSAGE,
  RATE_LIMIT_MESSAGE,
  redisCounterPrefix,
  registerRequestSpans,
  resolveLimits,
  tracingEnabled,
  type RateLimitSettings,
  type EventBus,
} from '@wfm/service-kit';
import { registerApiDocs } from './api-docs.ts';
import { bodyLimitsOf, DEFAULT_BODY_LIMIT, enforceBodyLimits } from './body-limits.ts';
import { createGatewayMetrics } from './metrics.ts';
import { registerProxies } from './proxy.ts';
import { forwardBusToHub, RealtimeHub } from './realtime.ts';
import { askVisitorStanding } from './visitor-rooms.ts';
import { DEFAULT_WEBSOCKET_LIMITS, websocketAdmission, WebsocketSlots, type WebsocketLimits } from './websocket-admission.ts';
import { requestIdFor } from './request-context.ts';
import { CacheableReads } from './read-cache/cacheable-reads.ts';
import { createVisitorPassThrough, readCacheHooks, type CacheOutcome } from './read-cache/cached-reads.ts';
import { leanHits, routeLabels } from './read-cache/lean-hits.ts';
import { CacheInvalidation } from './read-cache/invalidation.ts';
import { ReadCache } from './read-cache/read-cache.ts';
import { GATEWAY_LIMITS } from './rate-limits.ts';
import { PROXY_ROUTES, type ProxyRoute } from './routes.ts';
import { createSecurityHeaders } from './security-headers.ts';
import { pageCacheKey, pageRouteOf, publicOrigin, registerHtmlPages, type HtmlPages } from './html-pages.ts';
import { appForPath, hasPage, isBuilt, registerWebApps, sendAppShell, wantsHtml, type WebApp } from './static-apps.ts';
import { closeUpstreams, createUpstreams } from './upstreams.ts';
import { registerVisitorData } from './visitor-data.ts';

export { PROXY_ROUTES, type ProxyRoute } from './routes.ts';
export { GATEWAY_LIMITS } from './rate-limits.ts';

export interface GatewayOptions {
  /** Base URL of every service (`http://127.0.0.1:7102`). */
  serviceUrls: Record<ServiceName, string>;
  /** Source of the realtime events; owned (and closed) by the caller. */
  bus: EventBus;
  /**
   * Shared rate-limit counters and read-cache layer across replicas; owned by the caller.
   * Unset: in-memory counters and cache.
   */
  redis?: Redis;
  /** HMAC secret shared with the services for the staff identity headers. */
  staffSecret: string;
  /**
   * VISITOR_TOKEN_SECRET: a socket that says hello with a token identity issued joins that visitor's
   * room (gateway/src/visitor-rooms.ts). Unset: no visitor rooms, every socket stays public.
   */
  visitorSecret?: string;
  /** Built web app (web/dist), served at /. */
  webDist?: string;
  /** Built admin app (admin-web/dist), served at /admin. */
  adminDist?: string;
  logger?: FastifyBaseLogger;
  /** RATE_LIMIT_SCALE and RATE_LIMIT_GATEWAY_* (loadRateLimitSettings); default: GATEWAY_LIMITS as defined. */
  rateLimits?: RateLimitSettings;
  /** Sets the api-ip limit (calls per minute per client address to /api) outright, e.g. in tests. */
  rateLimitPerMinute?: number;
  /** Fastify trustProxy: whose x-forwarded-for to believe for the client IP. Default: nobody. */
  trustProxy?: boolean | number | string;
  /** Websocket caps, upgrade rate and allowed origins (defaults: DEFAULT_WEBSOCKET_LIMITS). */
  websocket?: Partial<WebsocketLimits>;
  /** Websocket heartbeat period (default 30 s). */
  websocketPingIntervalMs?: number;
  /** The broadcast window for the open sockets (default broadcastWindowMs, realtime.ts). */
  broadcastWindowMs?: (openSockets: number) => number;
  /** Keep-alive sockets per service (default 512). */
  upstreamConnections?: number;
  /**
   * Cache of the reads the route table marks cacheable (default: on, 10 s, then up to 10 s
   * served stale while one request refreshes it; 64 MB of memory, shared through `redis` when
   * given; `namespace` separates deployments sharing one Redis).
   * `false` sends every read to its service.
   */
  readCache?: { ttlMs?: number; staleMs?: number; maxBytes?: number; namespace?: string; replicaHeartbeatMs?: number } | false;
  /**
   * PUBLIC_URL: the site's public origin (`https://community.example.com`) for canonical URLs, the
   * sitemap, the feed and robots.txt, and the origin the cached pages are kept under. Never the
   * request's Host (a forged Host must not reach a cached page). Unset: DEFAULT_PUBLIC_URL.
   */
  publicUrl?: string;
  /** The route table (default PROXY_ROUTES): ownership, access, CSRF, body limits and cache policy of every path. */
  routes?: readonly ProxyRoute[];
}

/** A hop count trusts that many proxies in front of the gateway (what Fastify does with a number). */
function trustProxySetting(value: GatewayOptions['trustProxy']): boolean | string | ((addr: string, hop: number) => boolean) {
  if (typeof value === 'number') return (_addr, hop) => hop < value;
  return value ?? false;
}

const WEBSOCKET_PING_INTERVAL_MS = 30_000;
/** Clients send only their hello over /ws. */
const WEBSOCKET_MAX_CLIENT_PAYLOAD = REALTIME_CLIENT_MAX_BYTES;
const WEBSOCKET_MAX_BUFFERED_BYTES = 1024 * 1024;
const WEBSOCKET_CLOSE_GRACE_MS = 1_000;
/** Events invalidate entries at once; the TTL only bounds staleness when an event is missed. */
const READ_CACHE_TTL_MS = 10_000;
const READ_CACHE_MAX_BYTES = 64 * 1024 * 1024;
/** The pages' origin when PUBLIC_URL is unset (server.ts and scripts/start.ts add their port). */
export const DEFAULT_PUBLIC_URL = 'http://localhost';

/**
 * The feeds' own per-address limit (`feeds-ip`), counted on every request to them, cached or not,
 * in the store the /api limit uses (its keys prefixed `feeds:`).
 */
function feedsRateLimit(app: FastifyInstance, max: number): onRequestAsyncHookHandler {
  const limit = app.createRateLimit({
    max,
    timeWindow: GATEWAY_LIMITS.limits['feeds-ip'].windowMs,
    keyGenerator: (request) => `feeds:${clientAddressKey(request.ip)}`,
  });
  return async (request, reply) => {
    const rate = await limit(request);
    if (!rate.isAllowed && rate.isExceeded) {
      return reply.code(429).header('retry-after', rate.ttlInSeconds).send({ message: RATE_LIMIT_MESSAGE });
    }
  };
}

/**
 * The gateway as a Fastify instance, ready to `listen`: /api/* proxied to the owning services,
 * /ws realtime fan-out, the built web apps, security headers, rate limits and health endpoints.
 */
export async function buildGateway(opts: GatewayOptions): Promise<FastifyInstance> {
  const routes = opts.routes ?? PROXY_ROUTES;
  const app = Fastify({
    loggerInstance: opts.logger ?? createLogger('gateway'),
    trustProxy: trustProxySetting(opts.trustProxy),
    genReqId: requestIdFor,
    logController: new AccessLogController(),
    childLoggerFactory: lazyRequestLogger,
    bodyLimit: DEFAULT_BODY_LIMIT,
    requestTimeout: 120_000,
    return503OnClosing: true,
  });

  // A root span per request whose context goes to the service (proxy.ts), only when this process
  // turned tracing on (server.ts, startTracing); otherwise no hook at all.
  if (tracingEnabled()) registerRequestSpans(app, { continueIncoming: false, activateInHandlers: false });

  const slots = new WebsocketSlots({ ...DEFAULT_WEBSOCKET_LIMITS, ...opts.websocket });
  // The websocket gauge reads the hub when Prometheus scrapes, after both exist.
  const metrics = createGatewayMetrics({ websocketClients: () => hub.size, readCacheReplicas: () => cache?.replicas });
  const upstreams = createUpstreams(opts.serviceUrls, { connections: opts.upstreamConnections });
  const identity = upstreams.get('identity');
  const hub = new RealtimeHub({
    pingIntervalMs: opts.websocketPingIntervalMs ?? WEBSOCKET_PING_INTERVAL_MS,
    ...(opts.broadcastWindowMs ? { broadcastWindowMs: opts.broadcastWindowMs } : {}),
    maxBufferedBytes: WEBSOCKET_MAX_BUFFERED_BYTES,
    log: app.log,
    visitorSecret: opts.visitorSecret,
    // A hello joins its visitor's room only while identity still stands behind the token.
    visitorStanding: async (token) => {
      if (!identity) throw new Error('no upstream for the identity service');
      return askVisitorStanding(identity, token);
    },
    onDrop: (reason, count) => metrics.websocketDrops.inc({ reason }, count),
  });
  // Served by the internal metrics listener only (server.ts), never on the public port.
  app.decorate('metricsRegistry', metrics.exposed);
  const cache =
    opts.readCache === false
      ? undefined
      : new ReadCache({
          ttlMs: opts.readCache?.ttlMs ?? READ_CACHE_TTL_MS,
          staleMs: opts.readCache?.staleMs,
          maxBytes: opts.readCache?.maxBytes ?? READ_CACHE_MAX_BYTES,
          redis: opts.redis,
          namespace: opts.readCache?.namespace,
          replicaHeartbeatMs: opts.readCache?.replicaHeartbeatMs,
          log: app.log,
        });
  const webApps: WebApp[] = [
    { name: 'web app', folder: 'web', prefix: '/', dist: opts.webDist },
    { name: 'admin app', folder: 'admin-web', prefix: '/admin/', dist: opts.adminDist },
  ];

  app.decorateRequest('staffSession', null);

  const securityHeaders = createSecurityHeaders();
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(securityHeaders(request.headers.host));
    reply.header('x-request-id', request.id);
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    // Unmatched URLs share one label so scanners cannot blow up the series count.
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.httpDuration.observe({ route, method: request.method, status_code: reply.statusCode }, reply.elapsedTime / 1000);
    done();
  });

  const apiLimit = resolveLimits(GATEWAY_LIMITS, opts.rateLimits)['api-ip'];
  await app.register(rateLimit, {
    global: false,
    max: opts.rateLimitPerMinute ?? apiLimit.max,
    timeWindow: apiLimit.windowMs,
    // Per IPv4 address, IPv6 /64 (IPv4-mapped as IPv4), as the services count.
    keyGenerator: (request) => clientAddressKey(request.ip),
    // In Redis (shared by the replicas, counts taken in blocks: LeasedRedisStore), or without it in
    // memory, counting parallel bursts exactly.
    store: opts.redis ? LeasedRedisStore.using(opts.redis, redisCounterPrefix('wfm:gateway:rate-limit:', opts.rateLimits)) : ExactMemoryStore,
    // A Redis outage must not take the whole API down with it.
    skipOnError: true,
    errorResponseBuilder: (_request, context) => new HttpError(context.statusCode, RATE_LIMIT_MESSAGE),
  });
  await app.register(websocket, {
    // The hub tracks the sockets (ws's own client set would cost a Set entry and a listener per socket).
    options: { maxPayload: WEBSOCKET_MAX_CLIENT_PAYLOAD, perMessageDeflate: false, clientTracking: false },
    preClose: async () => {
      await hub.closeAll(WEBSOCKET_CLOSE_GRACE_MS);
      app.websocketServer.close();
    },
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    return reply.code(status).send({ message: status >= 500 ? INTERNAL_ERROR_MESSAGE : error.message });
  });

  let htmlPages: HtmlPages | undefined;
  app.setNotFoundHandler({ preHandler: app.rateLimit() }, async (request, reply) => {
    const web = wantsHtml(request) ? appForPath(webApps, request.url) : undefined;
    if (web && (await hasPage(web, request.url))) return sendAppShell(reply.code(200), web);
    // A path the app has no page for is a 404 with the server-rendered not-found page, not a soft 200.
    if (web) return web === webApps[0] && htmlPages ? htmlPages.sendMissing(request, reply) : sendAppShell(reply.code(404), web);
    return reply.code(404).send({ message: NOT_FOUND_MESSAGE });
  });

  app.get('/healthz', async () => ({ status: 'ok' }));
  // Readiness follows the fault table (docs/operations.md, "When a dependency fails"): the gateway
  // needs no dependency to serve. Without NATS realtime pushes pause and writes wait in the services'
  // outboxes; without Redis rate limits fail open and the read cache serves from memory; without
  // PostgreSQL cached reads are still served. The bus is reported, never a reason to leave the Service.
  app.get('/readyz', async (_request, reply) => {
    const bus = await opts.bus.isReady().catch(() => false);
    return reply.code(200).send({ status: 'ready', checks: { bus } });
  });
  // Metrics are served on the internal listener (METRICS_PORT) only.
  app.all('/metrics', async (_request, reply) => reply.code(404).send({ message: NOT_FOUND_MESSAGE }));

  // Service-to-service endpoints are never reachable from outside.
  app.all('/internal', async (_request, reply) => reply.code(404).send({ message: NOT_FOUND_MESSAGE }));
  app.all('/internal/*', async (_request, reply) => reply.code(404).send({ message: NOT_FOUND_MESSAGE }));

  app.route({
    method: 'GET',
    url: '/ws',
    preHandler: websocketAdmission(
      app,
      {
        ...DEFAULT_WEBSOCKET_LIMITS,
        upgradesPerMinute: resolveLimits(GATEWAY_LIMITS, opts.rateLimits)['ws-upgrade-ip'].max,
        ...opts.websocket,
      },
      slots,
      (reason) => metrics.websocketRefusals.inc({ reason }),
    ),
    handler: async (_request, reply) =>
      reply.code(426).header('upgrade', 'websocket').send({ message: 'Upgrade Required: connect with a WebSocket' }),
    wsHandler: (socket, request) => {
      metrics.websocketConnections.inc();
      hub.add(socket, request.raw);
    },
  });

  const publicUrl = opts.publicUrl ?? DEFAULT_PUBLIC_URL;
  const proxyOptions = { serviceUrls: opts.serviceUrls, upstreams, staffSecret: opts.staffSecret };
  const visitors = createVisitorPassThrough();
  const countOutcome = (outcome: CacheOutcome) => metrics.readCache.inc({ outcome });
  const readCache = cache && readCacheHooks({ cache, reads: new CacheableReads(routes), upstreams, onOutcome: countOutcome, visitors });
  // With tracing on every request needs its span (Fastify's hooks), so there is no lean path.
  if (cache && !tracingEnabled()) {
    let closing = false;
    app.addHook('preClose', (done) => {
      closing = true;
      done();
    });
    const origin = publicOrigin(publicUrl);
    const answerHit = leanHits({
      cache,
      reads: new CacheableReads(routes),
      visitors,
      securityHeaders,
      log: app.log,
      apiRoute: routeLabels(routes),
      ...(opts.webDist === undefined ? {} : { pages: { route: pageRouteOf, key: (pathname: string) => pageCacheKey(origin, pathname) } }),
      observe: (route, statusCode, seconds) => metrics.httpDuration.observe({ route, method: 'GET', status_code: statusCode }, seconds),
      count: countOutcome,
      closing: () => closing,
    });
    // Fastify's own listener runs for whatever the lean path does not answer.
    const [fastifyListener] = app.server.listeners('request') as Array<(req: IncomingMessage, res: ServerResponse) => void>;
    if (!fastifyListener) throw new Error('the gateway server has no request listener');
    app.server.removeListener('request', fastifyListener);
    app.server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      if (!answerHit(req, res)) fastifyListener(req, res);
    });
  }
  app.decorateRequest('pendingRead', null);
  await app.register(async function api(scope) {
    if (readCache) scope.addHook('onRequest', readCache.answerHits);
    scope.addHook('onRequest', scope.rateLimit());
    scope.addHook('onRequest', enforceBodyLimits(bodyLimitsOf(routes)));
    if (readCache) scope.addHook('onRequest', readCache.answerMisses);
    await registerProxies(scope, { ...proxyOptions, routes: routes.filter((r) => r.prefix.startsWith('/api/')) });
  });
  await registerProxies(app, { ...proxyOptions, routes: routes.filter((r) => !r.prefix.startsWith('/api/')) });
  await registerApiDocs(app, { upstreams, routes });
  const gatewayLimits = resolveLimits(GATEWAY_LIMITS, opts.rateLimits);
  registerVisitorData(app, {
    upstreams,
    perAddress: gatewayLimits['my-data-ip'].max,
    perVisitor: gatewayLimits['my-data-visitor'].max,
    windowMs: gatewayLimits['my-data-ip'].windowMs,
  });

  await registerWebApps(app, webApps);
  const publicWeb = webApps[0]!;
  if (publicWeb.dist !== undefined) {
    // Server-rendered public pages, sitemap, feed and robots.txt (html-pages.ts); `/` among them.
    htmlPages = registerHtmlPages(app, {
      web: publicWeb,
      cache,
      reads: new CacheableReads(routes),
      upstreams,
      publicUrl,
      rateLimit: app.rateLimit(),
      feedsRateLimit: feedsRateLimit(app, resolveLimits(GATEWAY_LIMITS, opts.rateLimits)['feeds-ip'].max),
      onOutcome: (outcome) => metrics.readCache.inc({ outcome }),
    });
  }
  for (const web of webApps) {
    // The app root is a directory, which the file server refuses; it is the app shell.
    if (web !== publicWeb || web.dist === undefined) app.get(web.prefix, async (_request, reply) => sendAppShell(reply, web));
    if (!isBuilt(web)) app.log.warn(`${web.folder}/dist is not built: ${web.prefix} answers 503 until \`npm run build\``);
  }

  let stopForwarding: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    stopForwarding = await forwardBusToHub(opts.bus, hub, {
      cache: cache && { store: cache, invalidation: new CacheInvalidation(routes) },
      onForward: (type) => metrics.realtimeEvents.inc({ type }),
      log: app.log,
    });
    hub.startHeartbeat();
    cache?.joinReplicas();
  });
  app.addHook('onClose', async () => {
    await cache?.leaveReplicas();
    await stopForwarding?.();
    await closeUpstreams(upstreams);
  });

  return app;
}
