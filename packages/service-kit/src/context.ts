import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Standings } from './suspensions.ts';
import type { ServiceName } from '@wfm/contracts/shared';
import type { EventBus } from './bus/types.ts';
import type { Sql } from './db.ts';
import type { DuplicateContent } from './duplicate-content.ts';
import type { ServiceEnv } from './env.ts';
import type { IdentityClient } from './identity-client.ts';
import type { PressureGate } from './pressure/pressure-gate.ts';
import type { RateLimitSettings, ResolvedLimit } from './rate-limit-table.ts';
import type { StaffActionLog } from './staff-actions.ts';
import type { UploadSettings } from './uploads/upload-settings.ts';

/**
 * What every service function is handed, built once per app by the kit (createServiceApp) from the
 * same deps the app has. `*-service.ts` functions take it first, then their own arguments; only
 * routes and app.ts see Fastify. A service that needs more (a mail transport, a cache) extends it
 * in its definition's `context` (ServiceDefinition), and tests build it with a test clock
 * (buildTestService(def, { now })).
 */
export interface ServiceContext {
  readonly name: ServiceName;
  /** The Postgres schema the service owns. */
  readonly schema: string;
  /** The service's pool (search_path = its schema). */
  readonly sql: Sql;
  readonly bus: EventBus;
  /** The Redis shared by this service's replicas (REDIS_URL); undefined without one. */
  readonly redis: Redis | undefined;
  /** The clock every rule reads (holds, deadlines, expiry); tests move it. */
  now(): number;
  readonly log: FastifyBaseLogger;
  /** The environment parsed once at boot with the definition's env schema (serviceEnv() types it). */
  readonly env: ServiceEnv;
  /** Where this service's staff actions go (recordStaffAction(tx, ctx, staff, {...})). */
  readonly staffActionLog: StaffActionLog;
  /**
   * The identity client (identity-client.ts): author-name checks (no impersonation) and the
   * username of a request's visitor, each call with one documented failure policy. Routes call it
   * (it reads the request); service functions get its answer.
   */
  readonly identity: IdentityClient;
  /** Upload quotas, concurrency cap and cleanup timing for the kit's upload module. */
  readonly uploadSettings: UploadSettings;
  /** The service's rate limits, resolved at boot (defineLimits + RATE_LIMIT_* settings). */
  readonly limits: Readonly<Record<string, ResolvedLimit>>;
  /**
   * The duplicate-content check (duplicate-content.ts): a create path asks it whether the text is
   * being posted by many visitors at once and, if so, holds the write (held-items.ts) instead of
   * publishing it. DUPLICATE_CONTENT_* settings.
   */
  readonly duplicates: DuplicateContent;
  /**
   * The pressure gate (kit pressure/): the kit already puts it in front of every visitor write and
   * of identity's POST /api/session; undefined when switched off (test apps by default).
   */
  readonly pressure?: PressureGate | undefined;
  /**
   * RATE_LIMIT_SCALE and RATE_LIMIT_NAMESPACE, for per-address budgets a service sizes and counts
   * itself rather than in its limits table (e.g. the AMA seats one address may hold unpaid): scale
   * them with scaledMax(max, settings.scale), keep Redis counters under redisCounterPrefix.
   */
  readonly rateLimitSettings: RateLimitSettings;
  /**
   * Suspensions and address blocks (suspensions.ts): the kit refuses every visitor write they
   * cover; staff routes create, list and lift them with suspendVisitor/blockAddress/....
   */
  readonly standings: Standings;
}

/**
 * One module of a service's routes: the kit registers each as its own encapsulated plugin and hands
 * it the app's context. `export const postsRoutes: ServiceRoutes<ForumContext> = async (app, ctx) => {…}`
 */
// Declared as a method (React's "bivariance hack"), so a ServiceDefinition<ForumContext> is still a
// ServiceDefinition: the launchers and test suites take any service's definition.
export type ServiceRoutes<C extends ServiceContext = ServiceContext> = {
  routes(app: FastifyInstance, ctx: C): Promise<void>;
}['routes'];

/** The context the kit built for this app (createServiceApp); for the kit's own runners and tests. */
export function contextOf<C extends ServiceContext = ServiceContext>(app: FastifyInstance): C {
  return app.serviceContext as C;
}
