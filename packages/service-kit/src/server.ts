import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { SERVICES } from '@wfm/contracts/shared';
import { beforePublishOf, createServiceApp, type ServiceDefinition } from './app.ts';
import type { ServiceContext } from './context.ts';
import { createBus } from './bus/index.ts';
import type { EventBus } from './bus/types.ts';
import { createSql, type Sql } from './db.ts';
import { loadEnv, serviceEnvSchema } from './env.ts';
import { loadRateLimitSettings, type RateLimitSettings } from './rate-limit-table.ts';
import { createLogger } from './logger.ts';
import { bufferedLogDestination } from './log-destination.ts';
import { serveMetrics } from './metrics.ts';
import { runMigrations } from './migrate.ts';
import { exitOnSignals } from './shutdown.ts';
import { startOutboxRelay, type OutboxRelay } from './relay.ts';
import { startTableMaintenance } from './table-maintenance.ts';
import { registerTaskQueueMetrics } from './tasks/task-metrics.ts';
import { startServiceTasks } from './tasks/service-tasks.ts';
import { loadPressureBudgets } from './pressure/pressure-budget.ts';
import { startTracing } from './telemetry/tracing.ts';
import { uploadSettingsFromEnv } from './uploads/upload-settings.ts';
import { serviceTasksOf } from './uploads/upload-cleanup.ts';

export interface StartServiceOverrides {
  /** Environment to read instead of process.env. */
  env?: Record<string, string | undefined>;
  /** Shared resources are used as given and left open by close(). */
  sql?: Sql;
  bus?: EventBus;
  redis?: Redis;
  /** Rate-limit settings parsed once by the caller (several services in one process); default: read from `env`. */
  rateLimits?: RateLimitSettings;
  logger?: Logger;
  port?: number;
  host?: string;
  /** Default true. */
  runMigrations?: boolean;
  /**
   * The internal metrics listener. Default: METRICS_PORT (unset or 0: none) on HOST. An object
   * listens there (port 0: a free port, for tests); false: none.
   */
  metrics?: { port: number; host?: string } | false;
  /**
   * Default true: SIGTERM/SIGINT close the service and exit 0, and a failed start logs and exits 1.
   * false (several services in one process): the caller owns signals, and start errors are thrown.
   */
  registerSignals?: boolean;
}

export interface RunningService {
  app: FastifyInstance;
  url: string;
  /** The internal metrics listener's URL (GET /metrics), when there is one. */
  metricsUrl?: string;
  close(): Promise<void>;
}

/**
 * A Redis outage costs a request at most `commandTimeoutMs`: no offline queue (commands fail at
 * once while disconnected), bounded connect and command times, and reconnect attempts at most 1 s
 * apart so the service uses Redis again within a second or two of its return.
 */
export const redisClientOptions = (commandTimeoutMs: number) => ({
  // Commands issued in the same tick leave in one write: under load the rate-limit counters and the
  // read cache's lookups of many requests share a syscall instead of one each (the gateway spent
  // about a sixth of its CPU writing single Redis commands to the socket).
  enableAutoPipelining: true,
  enableOfflineQueue: false,
  maxRetriesPerRequest: 1,
  connectTimeout: Math.max(commandTimeoutMs, 1_000),
  commandTimeout: commandTimeoutMs,
  retryStrategy: (attempt: number) => Math.min(100 * 2 ** attempt, 1_000),
});

/**
 * Boots a service from the environment: migrations (under the schema's lock) -> database pool ->
 * event bus -> outbox relay -> table maintenance -> app.listen. close() stops accepting
 * connections, drains in-flight requests, stops the relay, then closes what this call opened.
 */
export async function startService<C extends ServiceContext>(def: ServiceDefinition<C>, overrides: StartServiceOverrides = {}): Promise<RunningService> {
  const standalone = overrides.registerSignals !== false;
  let logger = overrides.logger;
  const cleanups: Array<() => Promise<unknown>> = [];
  const cleanup = async () => {
    for (const fn of cleanups.splice(0).reverse()) await fn().catch((err) => logger?.error({ err }, 'shutdown step failed'));
  };

  try {
    // The one parse of the environment: the definition's schema (the kit's base plus its own variables).
    const env = loadEnv(def.env ?? serviceEnvSchema, overrides.env ?? process.env);
    const rateLimits = overrides.rateLimits ?? loadRateLimitSettings(overrides.env ?? process.env);
    const pressure = loadPressureBudgets(overrides.env ?? process.env, rateLimits);
    if (!logger) {
      // A process of its own writes its lines in 4 KB batches (log-destination.ts), flushed last.
      const output = standalone ? bufferedLogDestination() : undefined;
      logger = createLogger(def.name, env.LOG_LEVEL, output?.stream);
      if (output) cleanups.unshift(async () => output.stop());
    }
    // Before anything is built: the apps register their request spans only when tracing is on.
    const tracing = await startTracing({ serviceName: def.name, env });
    if (tracing.started) cleanups.push(() => tracing.shutdown());

    if (overrides.runMigrations !== false) {
      await runMigrations({ databaseUrl: env.DATABASE_URL, schema: def.schema, migrationsDir: def.migrationsDir, uploads: def.uploads, logger });
    }
    if (env.MIGRATE_ONLY && standalone) {
      // The Kubernetes migration Job: migrate, then exit without serving.
      logger.info(`${def.name} migrations applied (MIGRATE_ONLY)`);
      process.exit(0);
    }

    const sql =
      overrides.sql ??
      createSql(env.DATABASE_URL, {
        schema: def.schema,
        max: env.PG_POOL_MAX,
        logger,
        connectTimeoutMs: env.PG_CONNECT_TIMEOUT_MS,
        statementTimeoutMs: env.PG_STATEMENT_TIMEOUT_MS,
      });
    if (!overrides.sql) cleanups.push(() => sql.end({ timeout: 5 }));

    const bus = overrides.bus ?? (await createBus({ natsUrl: env.NATS_URL, logger, name: def.name }));
    if (!overrides.bus) cleanups.push(() => bus.close());

    let redis = overrides.redis;
    if (!redis && env.REDIS_URL) {
      const own = new Redis(env.REDIS_URL, redisClientOptions(env.REDIS_COMMAND_TIMEOUT_MS));
      own.on('error', (err) => logger?.warn({ err }, 'redis error'));
      cleanups.push(() => own.quit());
      redis = own;
    }

    const relay: OutboxRelay = startOutboxRelay({ sql, schema: def.schema, bus, logger, beforePublish: beforePublishOf(def, redis) });
    cleanups.push(() => relay.stop());
    const maintenance = startTableMaintenance({ sql, schema: def.schema, logger, mode: env.DB_MAINTENANCE });
    cleanups.push(() => maintenance.stop());

    const app = await createServiceApp(def, {
      sql,
      bus,
      redis,
      rateLimits,
      pressure,
      staffSecret: env.STAFF_HEADER_SECRET,
      visitorSecret: env.VISITOR_TOKEN_SECRET,
      uploads: uploadSettingsFromEnv(env),
      requestTimeoutMs: env.REQUEST_TIMEOUT_MS,
      identityUrl: env.IDENTITY_URL,
      logger,
      trustProxy: env.TRUST_PROXY,
      nodeEnv: env.NODE_ENV,
      env,
    });
    cleanups.push(() => app.close());
    const serviceJobs = serviceTasksOf(def, app);
    if (serviceJobs) {
      const jobs = startServiceTasks({
        name: def.name,
        jobs: serviceJobs,
        sql,
        redisUrl: env.REDIS_URL,
        logger,
        metrics: registerTaskQueueMetrics(app.metricsRegistry),
      });
      cleanups.push(() => jobs.close());
    }

    const port = overrides.port ?? env.PORT ?? SERVICES.find((s) => s.name === def.name)?.port ?? 0;
    const url = await app.listen({ port, host: overrides.host ?? env.HOST });
    const metricsAt =
      overrides.metrics ?? (env.METRICS_PORT > 0 ? { port: env.METRICS_PORT, host: overrides.host ?? env.HOST } : false);
    let metricsUrl: string | undefined;
    if (metricsAt) {
      const metrics = await serveMetrics(app.metricsRegistry, { port: metricsAt.port, host: metricsAt.host ?? env.HOST });
      cleanups.push(() => metrics.close());
      metricsUrl = metrics.url;
    }
    logger.info(
      { url, metricsUrl, bus: bus.kind, rateLimitStore: redis ? 'redis' : 'memory' },
      `${def.name} listening`,
    );

    let closing: Promise<void> | undefined;
    const close = () => (closing ??= cleanup());

    if (standalone) exitOnSignals(close, { logger });
    return { app, url, ...(metricsUrl ? { metricsUrl } : {}), close };
  } catch (err) {
    await cleanup();
    if (!standalone) throw err;
    (logger ?? createLogger(def.name)).fatal({ err }, `${def.name} failed to start`);
    process.exit(1);
  }
}
