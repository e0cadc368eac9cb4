import path from 'node:path';
import {
  createSql,
  describeQueueConnection,
  processMetricsFor,
  queueConnection,
  registerTaskQueueMetrics,
  serveMetrics,
  startTaskRunner,
  type TaskHandler,
  type Logger,
  type QueueConnection,
} from '@wfm/service-kit';
import { DEFAULT_BACKUP_DIR } from '../backups/backups-files.ts';
import { ADMIN_QUEUE } from '../backups/backups-task-names.ts';
import { checkTaskHandlers, createTaskHandlers } from '../backups/backups-tasks.ts';
import { createHealthServer, databaseCheck } from './worker-health.ts';

/** The worker's one name: in logs, metrics, compose, Kubernetes and the launchers. */
export const WORKER_NAME = 'worker';

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
  /** Default: every task handler of backups-tasks.ts. */
  handlers?: readonly TaskHandler[];
  /** The internal Prometheus listener (METRICS_PORT; port 0: a free one, for tests). Default: none. */
  metrics?: { port: number; host?: string } | undefined;
}

export interface RunningWorker {
  url: string;
  /** The internal metrics listener's URL (GET /metrics), when there is one. */
  metricsUrl?: string;
  /** The names of the tasks it runs. */
  tasks: string[];
  queue: QueueConnection;
  /** For start-up banners: "Redis host:6379" or "PostgreSQL (BullMQ PostgreSQL backend, schema bullmq)". */
  queueDescription: string;
  backupDir: string;
  close(): Promise<void>;
}

/**
 * Boots the worker: database pool and the task handlers (a missing or duplicate handler throws
 * before anything connects), the kit's job runner on the admin queue (one task at a time: backups
 * and restores are heavy and should not overlap), then the health server. close() stops the health
 * server, lets the running task finish, then closes the pool.
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
    const handlers = [
      ...(opts.handlers ??
        createTaskHandlers({
          sql,
          backupDir,
          backupDatabaseUrl: opts.backupDatabaseUrl ?? opts.databaseUrl,
          restoreDatabaseUrl: opts.restoreDatabaseUrl ?? opts.databaseUrl,
          pgBinDir: opts.pgBinDir,
        })),
    ];
    const tasks = checkTaskHandlers(handlers);
    // Process metrics plus the queue's depth by state and its failed attempts (job_queue_jobs, job_failures_total).
    const metricsRegistry = processMetricsFor(WORKER_NAME);
    const jobMetrics = registerTaskQueueMetrics(metricsRegistry);
    const runner = await startTaskRunner({
      handlers,
      connection: queue,
      queueName: opts.queueName ?? ADMIN_QUEUE,
      logger: opts.logger,
      concurrency: 1,
      metrics: jobMetrics,
    });
    cleanups.unshift(() => runner.close());

    const health = createHealthServer({
      checks: { db: databaseCheck(sql), queue: async () => runner.isRunning() },
      logger: opts.logger,
    });
    cleanups.unshift(() => health.close());
    const url = await health.listen({ port: opts.port, host: opts.host });
    let metricsUrl: string | undefined;
    if (opts.metrics) {
      const metrics = await serveMetrics(metricsRegistry, { port: opts.metrics.port, host: opts.metrics.host ?? opts.host });
      cleanups.unshift(() => metrics.close());
      metricsUrl = metrics.url;
    }
    opts.logger.info({ url, tasks, queue: describeQueueConnection(queue), backupDir }, `${WORKER_NAME} listening`);

    let closing: Promise<void> | undefined;
    return {
      url,
      ...(metricsUrl ? { metricsUrl } : {}),
      tasks,
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
