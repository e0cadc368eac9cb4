import { UnrecoverableError, Worker, type IQueueBackend, type Job, type JobProgress } from 'bullmq';
import type { Logger } from '@wfm/service-kit';
import { ADMIN_QUEUE } from './job-names.ts';
import { backendArgs, explainQueueError, type QueueConnection } from '@wfm/service-kit';
import type { JobRegistry } from './registry.ts';

export interface JobWorkerOptions {
  connection: QueueConnection;
  registry: JobRegistry;
  logger: Logger;
  /** Default: the admin queue. */
  queueName?: string;
}

/**
 * Consumes the queue, one job at a time per worker process (backups and restores are heavy and
 * should not overlap), dispatching each job to its handler by name. Resolves once connected.
 */
export type JobWorker = Worker<unknown, unknown, string, IQueueBackend, JobProgress, unknown>;

export async function startJobWorker(opts: JobWorkerOptions): Promise<JobWorker> {
  const { factory, connection, prefix } = backendArgs(opts.connection);
  const processor = async (job: Job<unknown, unknown, string>) => {
    let handler;
    try {
      handler = opts.registry.get(job.name);
    } catch (err) {
      throw new UnrecoverableError((err as Error).message);
    }
    return handler.run(job.data, { id: String(job.id), attempt: job.attemptsStarted });
  };
  const worker = new Worker(
    opts.queueName ?? ADMIN_QUEUE,
    processor,
    { connection, ...(prefix ? { prefix } : {}), concurrency: 1, autorun: false },
    factory,
  );

  worker.on('active', (job) => opts.logger.info({ job: job.name, jobId: job.id, attempt: job.attemptsStarted }, 'job started'));
  worker.on('completed', (job) => opts.logger.info({ job: job.name, jobId: job.id }, 'job completed'));
  worker.on('failed', (job, err) =>
    opts.logger.warn({ job: job?.name, jobId: job?.id, attempt: job?.attemptsStarted, err: err.message }, 'job failed'),
  );
  worker.on('error', (err) => opts.logger.error({ err }, 'job worker error'));

  try {
    await worker.waitUntilReady();
  } catch (err) {
    await worker.close(true).catch(() => undefined);
    throw explainQueueError(opts.connection, err);
  }
  void worker.run().catch((err: unknown) => opts.logger.error({ err }, 'job worker stopped'));
  return worker;
}
