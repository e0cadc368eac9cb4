import { Queue, QueueEvents, type DefaultJobOptions, type IQueueBackend } from 'bullmq';
import { ADMIN_QUEUE, type TaskName } from './backups-task-names.ts';
import { backendArgs, explainQueueError, type QueueConnection } from '@wfm/service-kit';

/**
 * Retries with exponential backoff (5 s, 10 s); completed jobs are kept a week so a repeated job id
 * answers the earlier result; failed jobs are kept until someone removes them.
 */
export const DEFAULT_TASK_OPTIONS: DefaultJobOptions = {
  attempts: 3,
  backoff: { type: 'exponential', delay: 5_000 },
  removeOnComplete: { age: 7 * 24 * 3600, count: 1000 },
  removeOnFail: false,
};

/** The task ran and failed for good; `message` is its failure reason. */
export class TaskFailedError extends Error {
  override name = 'TaskFailedError';
}

/** The queue's store (Redis, or PostgreSQL for BullMQ's PostgreSQL backend) did not answer in time. */
export class QueueUnavailableError extends Error {
  override name = 'QueueUnavailableError';
}

/**
 * Longest a request waits for the queue to connect or to take a job: while Redis is down the
 * caller gets a 503 within about a second instead of hanging in a reconnect loop.
 */
export const QUEUE_CALL_TIMEOUT_MS = 1_000;

function bounded<T>(what: string, promise: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new QueueUnavailableError(`${what} did not answer within ${timeoutMs} ms`)), timeoutMs);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** The task did not finish in time; it keeps running (or waiting) in the queue. */
export class TaskTimeoutError extends Error {
  override name = 'TaskTimeoutError';
}

export interface TaskQueueOptions {
  connection: QueueConnection;
  /** Default: the admin queue. Tests use their own name on a shared Redis. */
  queueName?: string;
  /** Default: DEFAULT_TASK_OPTIONS. */
  jobOptions?: DefaultJobOptions;
  /** Default: QUEUE_CALL_TIMEOUT_MS. */
  callTimeoutMs?: number;
}

/** The producer side: adds tasks and waits for their results. Connects on first use. */
export interface TaskQueue {
  /**
   * Adds a task under a deterministic job id (a second add with the same id joins the first task
   * instead of running again) and resolves with its result. Rejects with TaskFailedError or
   * TaskTimeoutError.
   */
  run<R>(name: TaskName, data: object, jobId: string, timeoutMs: number): Promise<R>;
  close(): Promise<void>;
}

interface Opened {
  queue: Queue<object, unknown, string, object, unknown, string, IQueueBackend, unknown>;
  events: QueueEvents<unknown, IQueueBackend, unknown>;
}

export function createTaskQueue(opts: TaskQueueOptions): TaskQueue {
  const queueName = opts.queueName ?? ADMIN_QUEUE;
  const callTimeoutMs = opts.callTimeoutMs ?? QUEUE_CALL_TIMEOUT_MS;
  let opening: Promise<Opened> | undefined;
  let closed = false;

  const open = (): Promise<Opened> => {
    if (opening) return opening;
    const attempt = (async (): Promise<Opened> => {
      const { factory, connection, prefix } = backendArgs(opts.connection);
      const base = { connection, ...(prefix ? { prefix } : {}) };
      // The producer fails fast while Redis is away instead of queueing commands in memory: a job
      // the caller was told failed (503) must not start later on its own.
      const producer =
        opts.connection.backend === 'redis' ? { ...base, connection: { ...(connection as object), enableOfflineQueue: false } } : base;
      const queue = new Queue(queueName, { ...producer, defaultJobOptions: opts.jobOptions ?? DEFAULT_TASK_OPTIONS }, factory);
      const events = new QueueEvents(queueName, base, factory);
      // Errors also reject the calls that hit them; without listeners they would crash the process.
      queue.on('error', () => undefined);
      events.on('error', () => undefined);
      try {
        await bounded('The job queue', Promise.all([queue.waitUntilReady(), events.waitUntilReady()]), callTimeoutMs);
        return { queue, events };
      } catch (err) {
        await Promise.allSettled([queue.close(), events.close()]);
        throw explainQueueError(opts.connection, err);
      }
    })();
    opening = attempt;
    // A failed connect is retried by the next call rather than remembered.
    attempt.catch(() => {
      if (opening === attempt) opening = undefined;
    });
    return attempt;
  };

  return {
    async run<R>(name: TaskName, data: object, jobId: string, timeoutMs: number): Promise<R> {
      if (closed) throw new Error('Job queue is closed');
      const { queue, events } = await open();
      const job = await bounded('The job queue', queue.add(name, data, { jobId }), callTimeoutMs);
      try {
        return (await job.waitUntilFinished(events, timeoutMs)) as R;
      } catch (err) {
        const current = await bounded('The job queue', queue.getJob(jobId), callTimeoutMs);
        if (current && (await current.isFailed())) throw new TaskFailedError(current.failedReason);
        if (current && (await current.isCompleted())) return current.returnvalue as R;
        throw new TaskTimeoutError(err instanceof Error ? err.message : String(err));
      }
    },

    async close() {
      closed = true;
      const current = opening;
      opening = undefined;
      if (!current) return;
      const opened = await current.catch(() => undefined);
      if (opened) await Promise.allSettled([opened.events.close(), opened.queue.close()]);
    },
  };
}
