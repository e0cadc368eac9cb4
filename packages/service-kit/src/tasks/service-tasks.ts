import type { Logger } from 'pino';
import type { Sql } from '../db.ts';
import type { TaskQueueMetrics } from './task-metrics.ts';
import { startTaskRunner, type TaskRunner, type ServiceTasks } from './task-runner.ts';
import { describeQueueConnection, queueConnectionForSql } from './queue-connection.ts';

export interface ServiceTasksHandle {
  /** The runner once connected, else undefined (still trying). */
  readonly runner: TaskRunner | undefined;
  close(): Promise<void>;
}

const RETRY_MIN_MS = 1_000;
const RETRY_MAX_MS = 60_000;

/**
 * Starts a service's job runner on its own queue (named after the service) in the background:
 * the service serves requests even while the queue cannot be reached, and the runner keeps
 * retrying with backoff (logged) until it connects or the service closes. Handlers run in the
 * service's process with the service's own pool and role.
 */
export function startServiceTasks(opts: {
  name: string;
  jobs: ServiceTasks;
  sql: Sql;
  redisUrl?: string | undefined;
  logger: Logger;
  /** Queue depth and failures (the service's metrics registry). */
  metrics?: TaskQueueMetrics | undefined;
}): ServiceTasksHandle {
  const connection = queueConnectionForSql({ redisUrl: opts.redisUrl, sql: opts.sql });
  let runner: TaskRunner | undefined;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  let attempt: Promise<void> | undefined;

  const tryStart = (delay: number) => {
    attempt = startTaskRunner({ ...opts.jobs, connection, queueName: opts.name, logger: opts.logger, metrics: opts.metrics }).then(
      async (started) => {
        if (closed) return started.close();
        runner = started;
        opts.logger.info(
          { queue: opts.name, via: describeQueueConnection(connection), jobs: opts.jobs.handlers.map((h) => h.name) },
          'job runner started',
        );
      },
      (err: unknown) => {
        if (closed) return;
        opts.logger.error({ err, retryInMs: delay }, 'job runner could not start; retrying');
        timer = setTimeout(() => tryStart(Math.min(delay * 2, RETRY_MAX_MS)), delay);
        timer.unref();
      },
    );
  };
  tryStart(RETRY_MIN_MS);

  return {
    get runner() {
      return runner;
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await attempt;
      await runner?.close();
    },
  };
}
