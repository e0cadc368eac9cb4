import { randomBytes } from 'node:crypto';
import { Queue, UnrecoverableError } from 'bullmq';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '@wfm/service-kit';
import { createTestDatabase, TEST_REDIS_URL, type TestDatabase } from '@wfm/service-kit/testing';
import { createTaskQueue, TaskFailedError, TaskTimeoutError, type TaskQueue } from '../src/backups/backups-task-queue.ts';
import { TASK_NAMES } from '../src/backups/backups-task-names.ts';
import { backendArgs, queueConnection, QUEUE_SCHEMA, type QueueConnection } from '@wfm/service-kit';
import type { TaskContext, TaskHandler } from '@wfm/service-kit';
import { startWorker, type RunningWorker } from '../src/worker/worker-process.ts';

const logger = createLogger('admin-job-test', 'silent');

describe.each([
  { backend: 'postgres', redisUrl: undefined },
  { backend: 'redis', redisUrl: TEST_REDIS_URL },
] as const)('jobs on the $backend queue', ({ redisUrl }) => {
  const queueName = `admin-test-${randomBytes(6).toString('hex')}`;
  let db: TestDatabase;
  let connection: QueueConnection;
  let worker: RunningWorker;
  let jobs: TaskQueue;
  const runs = new Map<string, TaskContext[]>();

  /** Backup jobs answer their data after `delayMs`; restore jobs fail as their data says. */
  const handlers: TaskHandler[] = [
    {
      name: TASK_NAMES.backup,
      async run(data, ctx) {
        runs.set(ctx.id, [...(runs.get(ctx.id) ?? []), ctx]);
        await new Promise((resolve) => setTimeout(resolve, (data as { delayMs: number }).delayMs));
        return { echoed: data };
      },
    },
    {
      name: TASK_NAMES.restore,
      async run(data, ctx) {
        runs.set(ctx.id, [...(runs.get(ctx.id) ?? []), ctx]);
        const { failures, final } = data as { failures: number; final?: boolean };
        if (final) throw new UnrecoverableError('pg_restore is missing');
        if (ctx.attempt <= failures) throw new Error(`transient failure ${ctx.attempt}`);
        return { attempt: ctx.attempt };
      },
    },
  ];

  beforeAll(async () => {
    db = await createTestDatabase();
    connection = queueConnection({ redisUrl, databaseUrl: db.url });
    worker = await startWorker({ databaseUrl: db.url, redisUrl, queueName, handlers, port: 0, host: '127.0.0.1', logger });
    jobs = createTaskQueue({
      connection,
      queueName,
      jobOptions: { attempts: 3, backoff: { type: 'fixed', delay: 10 }, removeOnFail: false },
    });
  });

  afterAll(async () => {
    await jobs?.close();
    await worker?.close();
    if (redisUrl) {
      const queue = new Queue(queueName, { connection: { url: redisUrl }, prefix: 'wfm' });
      await queue.obliterate({ force: true });
      await queue.close();
    }
    await db?.drop();
  });

  it('keeps its jobs in the chosen backend', async () => {
    const sql = postgres(db.url, { max: 1, onnotice: () => undefined });
    try {
      const [schema] = await sql`SELECT to_regnamespace(${QUEUE_SCHEMA}) IS NOT NULL AS exists`;
      expect(schema!.exists).toBe(redisUrl === undefined);
    } finally {
      await sql.end();
    }
    expect(backendArgs(connection).prefix).toBe(redisUrl ? 'wfm' : undefined);
  });

  it('runs a job id once: a repeated add joins the running job, a later one gets the kept result', async () => {
    const jobId = `backup-idempotent-${randomBytes(4).toString('hex')}`;
    const [first, second] = await Promise.all([
      jobs.run(TASK_NAMES.backup, { delayMs: 200, n: 1 }, jobId, 20_000),
      jobs.run(TASK_NAMES.backup, { delayMs: 200, n: 2 }, jobId, 20_000),
    ]);
    const third = await jobs.run(TASK_NAMES.backup, { delayMs: 0, n: 3 }, jobId, 20_000);

    // Whichever add reached the queue first made the job; the other joined it.
    expect([{ echoed: { delayMs: 200, n: 1 } }, { echoed: { delayMs: 200, n: 2 } }]).toContainEqual(first);
    expect(second).toEqual(first);
    expect(third).toEqual(first);
    expect(runs.get(jobId)).toHaveLength(1);
  });

  it('retries a failing job with backoff until it succeeds', async () => {
    const jobId = `restore-retry-${randomBytes(4).toString('hex')}`;
    expect(await jobs.run(TASK_NAMES.restore, { failures: 2 }, jobId, 20_000)).toEqual({ attempt: 3 });
    expect(runs.get(jobId)!.map((ctx) => ctx.attempt)).toEqual([1, 2, 3]);
  });

  it('fails after the last attempt, or at once on a final error, and keeps the failed job', async () => {
    const exhausted = `restore-exhausted-${randomBytes(4).toString('hex')}`;
    await expect(jobs.run(TASK_NAMES.restore, { failures: 5 }, exhausted, 20_000)).rejects.toThrow(
      new TaskFailedError('transient failure 3'),
    );
    expect(runs.get(exhausted)).toHaveLength(3);

    const final = `restore-final-${randomBytes(4).toString('hex')}`;
    await expect(jobs.run(TASK_NAMES.restore, { failures: 0, final: true }, final, 20_000)).rejects.toThrow(
      new TaskFailedError('pg_restore is missing'),
    );
    expect(runs.get(final)).toHaveLength(1);

    const { factory, connection: conn, prefix } = backendArgs(connection);
    const queue = new Queue(queueName, { connection: conn, ...(prefix ? { prefix } : {}) }, factory);
    try {
      for (const id of [exhausted, final]) {
        const job = await queue.getJob(id);
        expect(await job!.getState()).toBe('failed');
      }
    } finally {
      await queue.close();
    }
  });

  it('gives up waiting without failing the job when it takes too long', async () => {
    const jobId = `backup-slow-${randomBytes(4).toString('hex')}`;
    await expect(jobs.run(TASK_NAMES.backup, { delayMs: 500 }, jobId, 50)).rejects.toBeInstanceOf(TaskTimeoutError);
    expect(await jobs.run(TASK_NAMES.backup, { delayMs: 0 }, jobId, 20_000)).toEqual({ echoed: { delayMs: 500 } });
  });
});
