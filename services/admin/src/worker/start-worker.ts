import path from 'node:path';
import { createSql, processMetricsFor, serveMetrics, type Logger } from '@wfm/service-kit';
import { DEFAULT_BACKUP_DIR } from '../backups/backup-files.ts';
import { createJobHandlers } from '../jobs/handlers.ts';
import { startJobWorker } from '../jobs/job-worker.ts';
import { describeQueueConnection, queueConnection, type QueueConnection } from '@wfm/service-kit';
import { JobRegistry, type JobHandler } from '../jobs/registry.ts';
import { createHealthServer, databaseCheck } from './health-server.ts';

export interface WorkerOptions {
  databaseUrl: string;
  port: number;
  host: string;
  logger: Logger;
  /** The job queue: Redis when set, else BullMQ's PostgreSQL backend in databaseUrl. */
  redisUrl?: string | undefined;
  /** Default: the admin queue. */
  queueName?: string;
  /** Default ./.data/backups (relative to the working directory). */
  backupDir?: string;
  /** pg_dump's connection; default databaseUrl. */
  backupDatabaseUrl?: string | undefined;
  /** pg_restore's connection; default databaseUrl. */
  restoreDatabaseUrl?: string | undefined;
  /** Directory of pg_dump and pg_restore; default PATH. */
  pgBinDir?: string | undefined;
  /** Default: every handler of jobs/handlers.ts. */
  handlers?: readonly JobHandler[];
  /** The internal Prometheus listener (METRICS_PORT; port 0: a free one, for tests). Default: none. */
  metrics?: { port: number; host?: string } | undefined;
}

export interface RunningWorker {
  url: string;
  /** The internal metrics listener's URL (GET /metrics), when there is one. */
  metricsUrl?: string;
  registry: JobRegistry;
  queue: QueueConnection;
  /** For start-up banners: "Redis host:6379" or "PostgreSQL (BullMQ PostgreSQL backend, schema bullmq)". */
  queueDescription: string;
  backupDir: string;
  close(): Promise<void>;
}

/**
 * Boots the worker: database pool and job registry (a missing or duplicate handler throws before
 * anything connects), the queue consumer, then the health server. close() stops the health
 * server, lets the running job finish, then closes the pool.
 */
export async function startWorker(opts: WorkerOptions): Promise<RunningWorker> {
  const backupDir = path.resolve(opts.backupDir ?? DEFAULT_BACKUP_DIR);
  const queue = queueConnection({ redisUrl: opts.redisUrl, databaseUrl: opts.databaseUrl });
  const sql = createSql(opts.databaseUrl, { schema: 'admin', max: 2, logger: opts.logger });
  const cleanups: Array<() => Promise<unknown>> = [() => sql.end({ timeout: 5 })];
  const cleanup = async () => {
    for (const fn of cleanups.splice(0)) await fn().catch((err: unknown) => opts.logger.error({ err }, 'worker shutdown step failed'));
  };

  try {
    const registry = new JobRegistry(
      opts.handlers ??
        createJobHandlers({
          sql,
          backupDir,
          backupDatabaseUrl: opts.backupDatabaseUrl ?? opts.databaseUrl,
          restoreDatabaseUrl: opts.restoreDatabaseUrl ?? opts.databaseUrl,
          pgBinDir: opts.pgBinDir,
        }),
    );
    const worker = await startJobWorker({ connection: queue, registry, logger: opts.logger, queueName: opts.queueName });
    cleanups.unshift(() => worker.close());

    const health = createHealthServer({
      checks: { db: databaseCheck(sql), queue: async () => worker.isRunning() },
      logger: opts.logger,
    });
    cleanups.unshift(() => health.close());
    const url = await health.listen({ port: opts.port, host: opts.host });
    let metricsUrl: string | undefined;
    if (opts.metrics) {
      const metrics = await serveMetrics(processMetricsFor('worker'), { port: opts.metrics.port, host: opts.metrics.host ?? opts.host });
      cleanups.unshift(() => metrics.close());
      metricsUrl = metrics.url;
    }
    opts.logger.info(
      { url, jobs: registry.names, queue: describeQueueConnection(queue), backupDir },
      'admin worker listening',
    );

    let closing: Promise<void> | undefined;
    return {
      url,
      ...(metricsUrl ? { metricsUrl } : {}),
      registry,
      queue,
      queueDescription: describeQueueConnection(queue),
      backupDir,
      close: () => (closing ??= cleanup()),
    };
  } catch (err) {
    await cleanup();
    throw err;
  }
}
