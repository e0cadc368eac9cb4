import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import Fastify, {
  type FastifyInstance,
  type FastifyRequest,
  type preHandlerAsyncHookHandler,
} from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { z } from 'zod';
import type { ServiceName, StaffRole } from '@wfm/contracts/shared';
import type { EventBus } from './bus/types.ts';
import type { Db, Sql } from './db.ts';
import { registerRequestDeadline } from './dependency-errors.ts';
import { registerConnectionDraining } from './draining.ts';
import { forbidden, unauthorized } from './errors.ts';
import { NOT_FOUND_MESSAGE, registerErrorHandler } from './error-handler.ts';
import { registerHealth } from './health.ts';
import { createLogger } from './logger.ts';
import { AccessLogController, lazyRequestLogger } from './access-log.ts';
import { registerMetrics } from './metrics.ts';
import { registerOpenApi } from './openapi.ts';
import { registerRequestSpans } from './telemetry/request-spans.ts';
import { tracingEnabled } from './telemetry/tracing.ts';
import { rateLimited, registerRateLimit } from './rate-limit.ts';
import { DEFAULT_RATE_LIMIT_SETTINGS, redisCounterPrefix, type LimitTable, type RateLimitSettings } from './rate-limit-table.ts';
import { createDuplicateContent } from './duplicate-content.ts';
import { verifyStaffHeaders, type StaffIdentity } from './staff-signature.ts';
import { clientErrorHandler } from './client-error.ts';
import type { ServiceTasks } from './tasks/task-runner.ts';
import { DEFAULT_UPLOAD_SETTINGS, type UploadSettings } from './uploads/upload-settings.ts';
import {
  createVisitorVerifier,
  issueVisitorToken,
  verifyVisitorToken,
  visitorSecretKey,
  visitorTokenForId,
  VISITOR_TOKEN_HEADER, type Visitor, type VisitorVerifier } from './visitor.ts';
import { createIdentityClient } from './identity-client.ts';
import { createStandings, isWriteMethod, type Standings } from './suspensions.ts';
import { identityStandingsSource, type StandingsSource } from './suspensions-source.ts';
import { createVisitorStandings, subscribeVisitorRevocations, visitorResolver } from './revocations.ts';
import { DEFAULT_IDENTITY_URL, loadEnv, serviceEnvSchema, type ServiceEnv } from './env.ts';
import { outboxStaffActionLog, type StaffActionLog } from './staff-actions.ts';
import type { ServiceContext, ServiceRoutes } from './context.ts';
import type { PressureBudgets } from './pressure/pressure-budget.ts';
import { createPressureGate, defaultPressureBudgets, registerPressureGate } from './pressure/pressure-routes.ts';

export interface ServiceDefinition<C extends ServiceContext = ServiceContext> {
  name: ServiceName;
  /** The Postgres schema the service owns (search_path of app.sql, home of its migrations and outbox). */
  schema: string;
  /**
   * The service's environment: `serviceEnvSchema.extend({ ... })` with its own variables (default
   * serviceEnvSchema). startService parses it once at boot; routes and jobs read the result as
   * `app.config.env` (typed with `serviceEnv(app, schema)`), never process.env.
   */
  env?: z.ZodObject<typeof serviceEnvSchema.shape & z.ZodRawShape>;
  /** Numbered migration files (SQL or TS) for node-pg-migrate. */
  migrationsDir: string;
  /**
   * The service stores uploaded files (kit uploads/): the kit's upload storage migration is applied
   * to its schema before its own migrations, multipart bodies are parsed, and the cleanup job
   * (`<schema>.upload-cleanup`) runs on its queue. Routes build the module with createUploads().
   */
  uploads?: boolean;
  /**
   * What the service adds to the kit's context (a mail transport, a cache), built once per app after
   * the kit's plugins; default the kit's context as it is. Tests replace parts with
   * buildTestService(def, { context: {...} }).
   */
  context?(base: ServiceContext, app: FastifyInstance): C | Promise<C>;
  /**
   * App-wide hooks the service adds before its routes (they see every route of the service), e.g.
   * the forum's visitor-activity onResponse hook.
   */
  hooks?(app: FastifyInstance, ctx: C): Promise<void>;
  /** The service's route modules, each registered by the kit as its own plugin with the context. */
  routes: readonly ServiceRoutes<C>[];
  /** Runs once the app is ready (also under app.inject): subscriptions and the like. */
  onReady?(app: FastifyInstance, ctx: C): Promise<void>;
  /**
   * Where this service's kit keeps and reads suspensions and address blocks; default identity over
   * HTTP (IDENTITY_URL). Identity alone gives its own tables (it keeps them).
   */
  standingsSource?(sql: Db): StandingsSource;
  /** Largest accepted request body in bytes (default 1 MiB); larger bodies get 413. */
  bodyLimit?: number;
  /** Background tasks: handlers and repeatable tasks on the service's own queue, run in its process (kit tasks/). */
  tasks?(ctx: C): ServiceTasks;
  /**
   * The service's rate limits and the calls that check them (defineLimits), resolved at boot into
   * app.rateLimitTable; routes attach a call with rateLimited(app, '<call>').
   */
  limits?: LimitTable;
  /**
   * Where recordStaffAction writes this service's staff actions; default `<schema>.staff.action`
   * through the outbox (the admin service stores them in its audit log, and gives its own log here).
   */
  staffActionLog?: StaffActionLog;
  /**
   * Runs before the outbox relay publishes a batch of this service's events (their subjects), with
   * the service's Redis when it has one. A throw holds the batch back and retries it, so whatever
   * this records is in place before any subscriber hears of the events (the forum's feed-list
   * revision, posts-list-revision.ts).
   */
  beforePublish?(subjects: readonly string[], deps: { redis: Redis | undefined }): Promise<void>;
}

/** The definition's beforePublish bound to the service's Redis, for the outbox relay. */
export function beforePublishOf(def: ServiceDefinition, redis: Redis | undefined) {
  const hook = def.beforePublish;
  return hook ? (subjects: readonly string[]) => hook(subjects, { redis }) : undefined;
}

export type NodeEnv = 'development' | 'production' | 'test';

export interface ServiceConfig {
  name: ServiceName;
  schema: string;
  nodeEnv: NodeEnv;
  /** The environment parsed once at boot with the definition's env schema (serviceEnv() types it). */
  env: ServiceEnv;
}

export interface ServiceAppDeps {
  sql: Sql;
  bus: EventBus;
  /** Shared rate-limit counters across replicas; in-memory counters without it. */
  redis?: Redis | undefined;
  /** RATE_LIMIT_SCALE and RATE_LIMIT_<SERVICE>_<LIMIT> (loadRateLimitSettings); default: the table's defaults. */
  rateLimits?: RateLimitSettings | undefined;
  /** HMAC secret shared with the gateway for the x-staff-* headers. */
  staffSecret: string;
  /** HMAC secret identity signs visitor tokens with (VISITOR_TOKEN_SECRET). */
  visitorSecret: string;
  /** Longest a request may take before it answers 503 (REQUEST_TIMEOUT_MS); default 4500. */
  requestTimeoutMs?: number | undefined;
  /** Identity's internal URL for ctx.identity (IDENTITY_URL, its first URL); default http://127.0.0.1:7101. */
  identityUrl?: string | undefined;
  logger?: Logger;
  /** The clock of the service context (ctx.now); default Date.now. Tests move it. */
  now?: () => number;
  /** How long a replica trusts a visitor's good standing before asking again; default VISITOR_STANDING_CACHE_MS, 0 asks every time. */
  visitorStandingCacheMs?: number | undefined;
  /** Parts of the service's context to replace after it is built (tests: a mail transport). */
  context?: Record<string, unknown> | undefined;
  /** Upload quotas, concurrency and cleanup (UPLOAD_* variables); default DEFAULT_UPLOAD_SETTINGS. */
  uploads?: Partial<UploadSettings> | undefined;
  /**
   * The pressure budgets (PRESSURE_TOKEN_BUDGET / PRESSURE_WRITE_BUDGET, loadPressureBudgets) beyond
   * which visitor writes and new tokens need a proof of work; default the decision's budgets under
   * `rateLimits`; false: no gate (the kit's test apps, unless a test asks for one).
   */
  pressure?: PressureBudgets | false | undefined;
  /** Which proxies may set x-forwarded-for (Fastify trustProxy); default none (TRUST_PROXY). */
  trustProxy?: boolean | string;
  /** Default: NODE_ENV when valid, else development. */
  nodeEnv?: NodeEnv;
  /**
   * The environment parsed with the definition's env schema (startService, buildTestService).
   * Default, for apps built without one: the kit's base schema with its defaults.
   */
  env?: ServiceEnv;
}

declare module 'fastify' {
  interface FastifyInstance {
    sql: Sql;
    bus: EventBus;
    /** The Redis shared by this service's replicas (REDIS_URL); undefined without one. */
    redis: Redis | undefined;
    config: ServiceConfig;
    /** preHandler: 401 without valid signed staff headers, 403 when roles are given and the staff role is not among them. */
    requireStaff(...roles: StaffRole[]): preHandlerAsyncHookHandler;
    /**
     * This service's view of a token identity issued, or null: the signature only, NOT whether the
     * token was revoked. Per-visitor reads of a token found elsewhere (an anon_token query value)
     * use `visitorOf`.
     */
    verifyVisitor: VisitorVerifier;
    /**
     * The visitor of a token found elsewhere than x-anon-token (My Posts' `anon_token` query):
     * identity issued it and it is in good standing (not revoked), else null. What the kit's
     * request hook sets `request.visitor` with.
     */
    visitorOf(token: unknown): Promise<Visitor | null>;
    /** Upload quotas, concurrency cap and cleanup timing for the kit's upload module. */
    uploadSettings: UploadSettings;
    /** A new visitor token signed with VISITOR_TOKEN_SECRET. Only the identity service issues tokens. */
    issueVisitorToken(): string;
    /**
     * Identity's recovery phrase only: the id inside an issued token (null for anything else), the
     * token of a known id, and a key derived from VISITOR_TOKEN_SECRET for one named purpose.
     */
    visitorTokens: {
      idOf(token: unknown): string | null;
      forId(id: string): string;
      secretKey(purpose: string): Buffer;
    };
    /** Where this service's staff actions go; write them with `recordStaffAction(tx, ctx, staff, {...})`. */
    staffActionLog: StaffActionLog;
    /** Suspensions and address blocks (shared Redis, else memory): every visitor write is checked by the kit. */
    standings: Standings;
    /** The service context the kit built for this app (contextOf(app) types it). */
    serviceContext: ServiceContext;
  }
  interface FastifyRequest {
    /** The staff member the gateway signed for this request, or null. */
    staff: StaffIdentity | null;
    /**
     * The visitor whose issued x-anon-token the request carries, or null (none, not one identity
     * issued, or revoked): set once by the kit for every route, reads and writes alike.
     */
    visitor: Visitor | null;
  }
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

function requestId(req: { headers: Record<string, string | string[] | undefined> }): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

/** DATABASE_URL of the default env of an app built without one (it is handed its pool as `deps.sql`). */
const UNCONFIGURED_DATABASE_URL = 'postgres://unconfigured.invalid/none';

/**
 * `app.config.env` typed with the service's own env schema (the one its definition carries; parsed
 * at boot, not again here): `const { BACKUP_DIR } = serviceEnv(app, adminEnvSchema);`
 */
export function serviceEnv<S extends z.ZodObject>(app: Pick<FastifyInstance, 'config'>, _schema: S): z.infer<S> {
  return app.config.env as z.infer<S>;
}

const nodeEnvFrom = (value: string | undefined): NodeEnv =>
  value === 'production' || value === 'test' ? value : 'development';

/**
 * JSON bodies, where an empty body (a POST with a JSON content type and nothing to send, as the web
 * client's mutations do) means "no body" instead of a 400.
 */
function registerJsonParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, text, done) => {
    const body = String(text);
    if (body.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(body));
    } catch {
      done(Object.assign(new Error('Request body is not valid JSON'), { statusCode: 400 }), undefined);
    }
  });
}

/** Builds a service's Fastify app (not listening): the kit's plugins, then the service's routes. */
export async function createServiceApp<C extends ServiceContext>(def: ServiceDefinition<C>, deps: ServiceAppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: deps.logger ?? createLogger(def.name),
    // One access line per request, through the parent unless the request logs something itself.
    logController: new AccessLogController(),
    childLoggerFactory: lazyRequestLogger,
    trustProxy: deps.trustProxy ?? false,
    requestIdHeader: false,
    genReqId: requestId,
    bodyLimit: def.bodyLimit ?? 1024 * 1024,
    requestTimeout: 60_000,
    // Longer than the gateway's idle timeout towards services, so the gateway closes first.
    keepAliveTimeout: 75_000,
    // A body shorter than its Content-Length (client gone) answers 400 { message } like every other 4xx.
    clientErrorHandler,
  }) as unknown as FastifyInstance;

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  // Traced only when this process turned tracing on (startTracing); otherwise no hook at all.
  if (tracingEnabled()) registerRequestSpans(app, { continueIncoming: true, activateInHandlers: true });
  registerRequestDeadline(app, deps.requestTimeoutMs);
  registerConnectionDraining(app);
  registerJsonParser(app);

  app.decorate('sql', deps.sql);
  app.decorate('bus', deps.bus);
  app.decorate('redis', deps.redis);
  const nodeEnv = deps.nodeEnv ?? nodeEnvFrom(process.env.NODE_ENV);
  const env = deps.env ?? loadEnv(serviceEnvSchema, { NODE_ENV: nodeEnv, DATABASE_URL: UNCONFIGURED_DATABASE_URL });
  app.decorate('config', { name: def.name, schema: def.schema, nodeEnv, env });
  const verifyVisitor = createVisitorVerifier(deps.visitorSecret, def.name);
  app.decorate('verifyVisitor', verifyVisitor);
  const standings = createVisitorStandings(deps.sql, { now: deps.now ?? Date.now, cacheMs: deps.visitorStandingCacheMs });
  const visitorOf = visitorResolver(verifyVisitor, standings);
  app.decorate('visitorOf', visitorOf);
  const writeStandings = createStandings({
    source: def.standingsSource
      ? def.standingsSource(deps.sql)
      : identityStandingsSource(deps.identityUrl ?? DEFAULT_IDENTITY_URL, deps.staffSecret),
    redis: deps.redis,
    secret: deps.visitorSecret,
    now: deps.now ?? Date.now,
    namespace: deps.rateLimits?.namespace,
    onStoreError: (err) => app.log.warn({ err }, 'suspension check: Redis or identity unavailable, using the decisions this replica has'),
    onUnchecked: (err) => app.log.warn({ err }, 'suspension check skipped: no decisions loaded yet (Redis and identity unavailable)'),
  });
  app.decorate('standings', writeStandings);
  app.decorate('uploadSettings', { ...DEFAULT_UPLOAD_SETTINGS, ...deps.uploads });
  app.decorate('issueVisitorToken', () => issueVisitorToken(deps.visitorSecret));
  app.decorate('visitorTokens', {
    idOf: (token: unknown) => verifyVisitorToken(deps.visitorSecret, token),
    forId: (id: string) => visitorTokenForId(deps.visitorSecret, id),
    secretKey: (purpose: string) => visitorSecretKey(deps.visitorSecret, purpose),
  });
  app.decorate('staffActionLog', def.staffActionLog ?? outboxStaffActionLog(def.schema));
  app.decorateRequest('staff', null);
  app.decorateRequest('visitor', null);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    request.staff = verifyStaffHeaders(deps.staffSecret, request.headers, request);
    // The one place a token becomes a visitor: a token identity revoked (kit_revoked_visitors, fed
    // by identity.visitor.revoked) is no visitor for any route, reads and writes alike.
    request.visitor = await visitorOf(request.headers[VISITOR_TOKEN_HEADER]);
    // Suspensions and address blocks refuse writes only (reads stay), in every service; staff
    // requests (signed by the gateway) and the admin app's own calls (staff login from a blocked
    // office address) are never refused here, so staff can always lift them.
    if (isWriteMethod(request.method) && request.staff === null && !request.url.startsWith('/api/admin/')) {
      await writeStandings.checkWrite(request.headers[VISITOR_TOKEN_HEADER], request.ip);
    }
  });
  let stopRevocations: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    // A bus that cannot subscribe now (it reports not ready on /readyz) must not keep the app down.
    stopRevocations = await subscribeVisitorRevocations(app, def.name, standings).catch((err: unknown) => {
      app.log.error({ err }, 'subscribing to visitor revocations failed');
      return undefined;
    });
  });
  app.addHook('onClose', async () => {
    await stopRevocations?.().catch(() => undefined);
  });
  app.decorate('requireStaff', (...roles: StaffRole[]) => async (request: FastifyRequest) => {
    if (!request.staff) throw unauthorized('Authentication required');
    if (roles.length > 0 && !roles.includes(request.staff.role)) throw forbidden('Insufficient permissions');
  });

  // Before any route is added: the gate's onRoute hook must see every route of the service.
  const pressure =
    deps.pressure === false
      ? undefined
      : createPressureGate({
          budgets: deps.pressure ?? defaultPressureBudgets(deps.rateLimits),
          visitorSecret: deps.visitorSecret,
          redis: deps.redis,
          settings: deps.rateLimits,
        });
  registerPressureGate(app, pressure);

  await registerRateLimit(app, { redis: deps.redis, namespace: def.name, limits: def.limits, settings: deps.rateLimits });
  // Not-found answers are rate limited per client (not-found-ip), so probing for routes stays cheap.
  app.setNotFoundHandler({ preHandler: rateLimited(app, 'not-found') }, async (_request, reply) =>
    reply.code(404).send({ message: NOT_FOUND_MESSAGE }),
  );
  registerMetrics(app, def.name, { sql: deps.sql, bus: deps.bus });
  registerHealth(app, { sql: deps.sql, bus: deps.bus });

  await registerOpenApi(app, def.name);
  // The one multipart registration: only services that store uploads parse multipart bodies.
  if (def.uploads) await app.register(multipart);
  const base: ServiceContext = {
    name: def.name,
    schema: def.schema,
    sql: deps.sql,
    bus: deps.bus,
    redis: deps.redis,
    now: deps.now ?? Date.now,
    log: app.log,
    env,
    staffActionLog: app.staffActionLog,
    identity: createIdentityClient(deps.identityUrl ?? DEFAULT_IDENTITY_URL),
    uploadSettings: app.uploadSettings,
    limits: app.rateLimitTable,
    duplicates: createDuplicateContent({
      redis: deps.redis,
      settings: { holdAt: env.DUPLICATE_CONTENT_HOLD_AT, minLength: env.DUPLICATE_CONTENT_MIN_LENGTH },
      now: deps.now ?? Date.now,
      prefix: redisCounterPrefix('wfm-dup:', deps.rateLimits),
      onRedisError: (err) => app.log.warn({ err }, 'duplicate-content count in Redis failed; counting in memory'),
    }),
    pressure,
    rateLimitSettings: deps.rateLimits ?? DEFAULT_RATE_LIMIT_SETTINGS,
    standings: writeStandings,
  };
  const ctx = { ...(def.context ? await def.context(base, app) : (base as C)), ...deps.context } as C;
  app.decorate('serviceContext', ctx as ServiceContext);
  if (def.hooks) await def.hooks(app, ctx);
  for (const routes of def.routes) await app.register(async (scope) => routes(scope, ctx));
  if (def.onReady) {
    const onReady = def.onReady;
    app.addHook('onReady', async () => onReady(app, ctx));
  }
  return app;
}
