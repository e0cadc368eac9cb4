import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import postgres from 'postgres';
import type { StaffRole } from '@wfm/contracts/shared';
import { beforePublishOf, createServiceApp, type ServiceDefinition } from './app.ts';
import { contextOf, type ServiceContext } from './context.ts';
import { createMemoryBus } from './bus/memory.ts';
import { createNatsBus } from './bus/nats.ts';
import type { EventBus } from './bus/types.ts';
import { createSql, type Sql } from './db.ts';
import { loadEnv, serviceEnvSchema } from './env.ts';
import { createLogger } from './logger.ts';
import { runMigrations } from './migrate.ts';
import type { RateLimitSettings } from './rate-limit-table.ts';
import { startOutboxRelay } from './relay.ts';
import { signStaffHeaders, type SignedRequest } from './staff-signature.ts';
import { issueVisitorToken } from './visitor.ts';
import type { UploadSettings } from './uploads/upload-settings.ts';
import type { PressureBudgets } from './pressure/pressure-budget.ts';

export const PG_ADMIN_URL = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const TEST_NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
export const TEST_REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
export const TEST_STAFF_SECRET = 'test-staff-header-secret-0123456789abcdef';
export const TEST_VISITOR_SECRET = 'test-visitor-token-secret-0123456789abcdef';

/** A token as identity would issue it under TEST_VISITOR_SECRET (what buildTestService apps verify with). */
export const testVisitorToken = (): string => issueVisitorToken(TEST_VISITOR_SECRET);

export interface TestDatabase {
  name: string;
  url: string;
  /** Drops the database, closing any connections still open to it. */
  drop(): Promise<void>;
}

/** A fresh, uniquely named database (wfm_t_<random>) created through PG_ADMIN_URL. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `wfm_t_${randomBytes(6).toString('hex')}`;
  const admin = postgres(PG_ADMIN_URL, { max: 1, onnotice: () => undefined });
  try {
    await admin.unsafe(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const sql = postgres(PG_ADMIN_URL, { max: 1, onnotice: () => undefined });
      try {
        await sql.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await sql.end();
      }
    },
  };
}

export interface TestService<C extends ServiceContext = ServiceContext> {
  app: FastifyInstance;
  /** The service context the kit built (with the test clock when one was given). */
  ctx: C;
  sql: Sql;
  bus: EventBus;
  /** The test database's URL. */
  databaseUrl: string;
  /** Signed x-staff-* headers (TEST_STAFF_SECRET) for one request to this app. */
  staffHeaders(
    staff: { role: StaffRole; id?: number; username?: string },
    req: SignedRequest,
  ): Record<string, string>;
  /**
   * The error lines the service logged (most recent 100; e.g. why a request answered 500), kept
   * even while logs are silent, to put in a failing assertion's message.
   */
  loggedErrors(): string[];
  close(): Promise<void>;
}

export interface BuildTestServiceOptions<C extends ServiceContext = ServiceContext> {
  /** The clock of the service context (ctx.now), e.g. a test clock's `now`; default Date.now. */
  now?: () => number;
  /** Parts of the service's context to replace (e.g. a recording mail transport). */
  context?: Partial<Omit<C, keyof ServiceContext>>;
  /** 'memory' (default) or 'nats' (real JetStream at NATS_URL, default nats://127.0.0.1:4222). */
  bus?: 'memory' | 'nats';
  /** Run the outbox relay so written events reach the bus (default true). */
  relay?: boolean;
  /** Upload settings for app.uploadSettings (quotas, concurrency); default DEFAULT_UPLOAD_SETTINGS. */
  uploads?: Partial<UploadSettings>;
  /** Rate-limit counters in this Redis (default: in memory); owned by the caller. */
  redis?: Redis;
  /** RATE_LIMIT_SCALE and single limits (loadRateLimitSettings); default: the tables' defaults. */
  rateLimits?: RateLimitSettings;
  /**
   * The pressure gate's budgets (loadPressureBudgets); default false: no gate, so suites that make
   * many calls from one address test their own rules. Pressure tests and the contact-centre tests
   * turn it on.
   */
  pressure?: PressureBudgets | false;
  /** Identity's URL for ctx.identity; default IDENTITY_URL from the environment, else the kit default. */
  identityUrl?: string;
  /**
   * Variables for the definition's env schema (app.config.env), parsed as startService would; the
   * test database, the test secrets and NODE_ENV=test are given. process.env is not read.
   */
  env?: Record<string, string | undefined>;
  /** Longest a request may take before it answers 503 (REQUEST_TIMEOUT_MS); default the kit's 4.5 s. */
  requestTimeoutMs?: number;
  /**
   * Most PostgreSQL connections the service's pool opens (default 5). Suites that build many
   * services at once keep this low: the machine's PostgreSQL (max_connections 100) is shared with
   * the other test files running at the same time and the e2e sites.
   */
  poolMax?: number;
}

/**
 * A service on its own fresh database with the kit's and the service's migrations applied, the
 * outbox relay running and the app ready for app.inject. close() releases everything and drops the
 * database. Logs are silent unless LOG_LEVEL is set; error lines are kept for loggedErrors().
 */
export async function buildTestService<C extends ServiceContext = ServiceContext>(
  def: ServiceDefinition<C>,
  opts: BuildTestServiceOptions<C> = {},
): Promise<TestService<C>> {
  const errors: string[] = [];
  const logger = process.env.LOG_LEVEL
    ? createLogger(def.name, process.env.LOG_LEVEL)
    : createLogger(def.name, 'error', {
        write: (line: string) => {
          if (errors.push(line.trimEnd()) > 100) errors.shift();
        },
      });
  const db = await createTestDatabase();
  const closers: Array<() => Promise<unknown>> = [() => db.drop()];
  const close = async () => {
    for (const fn of closers.splice(0)) await fn().catch(() => undefined);
  };
  try {
    await runMigrations({ databaseUrl: db.url, schema: def.schema, migrationsDir: def.migrationsDir, uploads: def.uploads, logger });
    const sql = createSql(db.url, { schema: def.schema, max: opts.poolMax ?? 5, logger });
    closers.unshift(() => sql.end({ timeout: 1 }));
    const bus = opts.bus === 'nats' ? await createNatsBus({ natsUrl: TEST_NATS_URL, logger }) : createMemoryBus({ logger });
    closers.unshift(() => bus.close());
    if (opts.relay !== false) {
      const relay = startOutboxRelay({ sql, schema: def.schema, bus, logger, beforePublish: beforePublishOf(def, opts.redis) });
      closers.unshift(() => relay.stop());
    }
    const env = loadEnv(def.env ?? serviceEnvSchema, {
      NODE_ENV: 'test',
      DATABASE_URL: db.url,
      STAFF_HEADER_SECRET: TEST_STAFF_SECRET,
      VISITOR_TOKEN_SECRET: TEST_VISITOR_SECRET,
      // Tests of other rules post the same sample texts from many fresh visitors; the duplicate
      // check's own tests turn it on (env: { DUPLICATE_CONTENT_HOLD_AT: '3' }).
      DUPLICATE_CONTENT_HOLD_AT: '0',
      ...opts.env,
    });
    const app = await createServiceApp(def, { env, sql, bus, redis: opts.redis, rateLimits: opts.rateLimits, pressure: opts.pressure ?? false, staffSecret: TEST_STAFF_SECRET, visitorSecret: TEST_VISITOR_SECRET, uploads: opts.uploads, identityUrl: opts.identityUrl ?? process.env.IDENTITY_URL, requestTimeoutMs: opts.requestTimeoutMs, logger, nodeEnv: 'test', trustProxy: 'loopback', now: opts.now, context: opts.context });
    closers.unshift(() => app.close());
    await app.ready();
    return {
      app,
      ctx: contextOf<C>(app),
      sql,
      bus,
      databaseUrl: db.url,
      staffHeaders: (staff, req) =>
        signStaffHeaders(TEST_STAFF_SECRET, { id: staff.id ?? 1, username: staff.username ?? 'test-staff', role: staff.role }, req),
      loggedErrors: () => [...errors],
      close,
    };
  } catch (err) {
    await close();
    throw err;
  }
}
