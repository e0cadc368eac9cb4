import { Queue, QueueEvents, UnrecoverableError, Worker, type DefaultJobOptions, type IQueueBackend, type Job } from 'bullmq';
import type { Logger } from 'pino';
import { TASK_QUEUE_STATES, type TaskQueueMetrics, type TaskQueueState } from './task-metrics.ts';
import { backendArgs, explainQueueError, type QueueConnection } from './queue-connection.ts';

/** What a running job knows about itself. */
export interface TaskContext {
  id: string;
  /** 1 on the first try, 2 on the first retry, ... */
  attempt: number;
  logger: Logger;
}

/** A named kind of background job and the function that runs one; its result is the job's return value. */
export interface TaskHandler {
  name: string;
  run(data: unknown, ctx: TaskContext): Promise<unknown>;
}

/** A job the queue adds by itself every `everyMs` (a BullMQ job scheduler, one per name across replicas). */
export interface RepeatableTask {
  name: string;
  everyMs: number;
  data?: object;
}

/** What a service registers: its handlers and the jobs that repeat. */
export interface ServiceTasks {
  handlers: TaskHandler[];
  repeat?: RepeatableTask[];
}

export interface TaskRunnerOptions extends ServiceTasks {
  connection: QueueConnection;
  /** One queue per service (its name), so a service's worker only ever sees its own jobs. */
  queueName: string;
  logger: Logger;
  /** Jobs run at the same time by this process; default 1. */
  concurrency?: number;
  jobOptions?: DefaultJobOptions;
  /** Where to report queue depth and failures (registerTaskQueueMetrics); default: nowhere. */
  metrics?: TaskQueueMetrics | undefined;
}

export interface TaskRunner {
  readonly queueName: string;
  /** Adds a job; answers its id. */
  add(name: string, data?: object): Promise<string>;
  /** Adds a job and waits for its result (rejects with the failure reason, or on timeout). */
  run(name: string, data?: object, timeoutMs?: number): Promise<unknown>;
  /** Jobs in the queue by state (metrics). */
  counts(): Promise<Record<TaskQueueState, number>>;
  /** True while the worker consumes the queue (readiness checks). */
  isRunning(): boolean;
  close(): Promise<void>;
}

/** Retries with exponential backoff; finished jobs are kept a little while for inspection. */
export const SERVICE_TASK_OPTIONS: DefaultJobOptions = {
  attempts: 3,
  backoff: { type: 'exponential', delay: 5_000 },
  removeOnComplete: { age: 24 * 3600, count: 100 },
  removeOnFail: { age: 7 * 24 * 3600, count: 1000 },
};

type AnyQueue = Queue<object, unknown, string, object, unknown, string, IQueueBackend, unknown>;

/**
 * A service's queue and worker in one: dispatches each job to its handler by name (an unknown name
 * fails the job for good), upserts the repeatable jobs' schedulers (idempotent, so every replica
 * may do it at boot), and consumes the queue in this process. Resolves once connected.
 */
export async function startTaskRunner(opts: TaskRunnerOptions): Promise<TaskRunner> {
  const handlers = new Map<string, TaskHandler>();
  for (const handler of opts.handlers) {
    if (handlers.has(handler.name)) throw new Error(`Duplicate job handler "${handler.name}"`);
    handlers.set(handler.name, handler);
  }
  for (const job of opts.repeat ?? []) {
    if (!handlers.has(job.name)) throw new Error(`Repeatable job "${job.name}" has no handler`);
  }

  const { factory, connection, prefix } = backendArgs(opts.connection);
  const base = { connection, ...(prefix ? { prefix } : {}) };
  const logger = opts.logger;
  const queue: AnyQueue = new Queue(opts.queueName, { ...base, defaultJobOptions: opts.jobOptions ?? SERVICE_TASK_OPTIONS }, factory);
  queue.on('error', (err) => logger.warn({ err }, 'job queue error'));
  const worker = new Worker(
    opts.queueName,
    async (job: Job<unknown, unknown, string>) => {
      const handler = handlers.get(job.name);
      if (!handler) throw new UnrecoverableError(`No job handler named "${job.name}"`);
      return handler.run(job.data, { id: String(job.id), attempt: job.attemptsStarted, logger: logger.child({ job: job.name }) });
    },
    { ...base, concurrency: opts.concurrency ?? 1, autorun: false },
    factory,
  );
  worker.on('completed', (job) => logger.info({ job: job.name, jobId: job.id, result: job.returnvalue }, 'job completed'));
  worker.on('failed', (job, err) => {
    opts.metrics?.failed(opts.queueName, job?.name ?? 'unknown');
    logger.warn({ job: job?.name, jobId: job?.id, attempt: job?.attemptsStarted, err: err.message }, 'job failed');
  });
  worker.on('error', (err) => logger.error({ err }, 'job worker error'));

  let events: QueueEvents<unknown, IQueueBackend, unknown> | undefined;
  /** Set once the runner is reported to the metrics. */
  const unwatch: Array<() => void> = [];
  const close = async () => {
    for (const stop of unwatch.splice(0)) stop();
    await Promise.allSettled([worker.close(), queue.close(), events?.close()]);
  };

  try {
    await Promise.all([queue.waitUntilReady(), worker.waitUntilReady()]);
    for (const job of opts.repeat ?? []) {
      await queue.upsertJobScheduler(job.name, { every: job.everyMs }, { name: job.name, data: job.data ?? {} });
    }
  } catch (err) {
    await close();
    throw explainQueueError(opts.connection, err);
  }
  void worker.run().catch((err: unknown) => logger.error({ err }, 'job worker stopped'));

  const add = async (name: string, data: object = {}) => {
    const job = await queue.add(name, data);
    return String(job.id);
  };

  const counts = async () => {
    const found = await queue.getJobCounts(...TASK_QUEUE_STATES);
    return Object.fromEntries(TASK_QUEUE_STATES.map((state) => [state, found[state] ?? 0])) as Record<TaskQueueState, number>;
  };

  const runner: TaskRunner = {
    queueName: opts.queueName,
    add,
    async run(name, data = {}, timeoutMs = 30_000) {
      if (!events) {
        events = new QueueEvents(opts.queueName, base, factory);
        events.on('error', () => undefined);
        await events.waitUntilReady();
      }
      const job = await queue.add(name, data);
      return job.waitUntilFinished(events, timeoutMs);
    },
    counts,
    isRunning: () => worker.isRunning(),
    close,
  };
  if (opts.metrics) unwatch.push(opts.metrics.watch(runner));
  return runner;
}
