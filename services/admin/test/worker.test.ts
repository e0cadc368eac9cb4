import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '@wfm/service-kit';
import { createTestDatabase, TEST_REDIS_URL, type TestDatabase } from '@wfm/service-kit/testing';
import { newBackupFileName } from '../src/backups/backups-files.ts';
import { createTaskQueue, TaskFailedError } from '../src/backups/backups-task-queue.ts';
import { ALL_TASK_NAMES, TASK_NAMES } from '../src/backups/backups-task-names.ts';
import { queueConnection } from '@wfm/service-kit';
import type { TaskHandler } from '@wfm/service-kit';
import { startWorker } from '../src/worker/worker-process.ts';

const WORKER_ENTRY = fileURLToPath(new URL('../src/worker.ts', import.meta.url));
const logger = createLogger('worker-test', 'silent');
const run = async () => undefined;
/** Tests on the shared Redis use their own queue, never the admin queue of a running site. */
const testQueue = () => `admin-test-${randomBytes(6).toString('hex')}`;

let db: TestDatabase;
let work: string;
beforeAll(async () => {
  db = await createTestDatabase();
  work = await mkdtemp(path.join(tmpdir(), 'wfm-worker-'));
});
afterAll(async () => {
  await db?.drop();
  if (work) await rm(work, { recursive: true, force: true });
});

describe('startWorker', () => {
  it('serves /healthz and /readyz on its port, with a handler for every job', async () => {
    const worker = await startWorker({ databaseUrl: db.url, port: 0, host: '127.0.0.1', logger, backupDir: work });
    try {
      const health = await fetch(`${worker.url}/healthz`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: 'ok' });

      const ready = await fetch(`${worker.url}/readyz`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ status: 'ready', checks: { db: true, queue: true } });
      expect(worker.tasks.sort()).toEqual([...ALL_TASK_NAMES].sort());
      expect(worker.queue.backend).toBe('postgres');
    } finally {
      await worker.close();
    }
  });

  it('serves /metrics on its internal metrics listener only', async () => {
    const worker = await startWorker({ databaseUrl: db.url, port: 0, host: '127.0.0.1', logger, backupDir: work, metrics: { port: 0 } });
    try {
      expect((await fetch(`${worker.url}/metrics`)).status).toBe(404);
      expect(worker.metricsUrl).toBeDefined();
      const res = await fetch(`${worker.metricsUrl}/metrics`);
      expect(res.status).toBe(200);
      const body = await res.text();
      expect(body).toMatch(/process_cpu_user_seconds_total\{service="worker"\}/);
      // The admin queue's depth by state, read from the queue (BullMQ's PostgreSQL backend here).
      expect(body).toMatch(/job_queue_jobs\{queue="[^"]+",state="waiting",service="worker"\} 0/);
      expect(body).toContain('# TYPE job_failures_total counter');
    } finally {
      await worker.close();
    }
  });

  it('is not ready when the database does not answer', async () => {
    const unreachable = new URL(db.url);
    unreachable.port = '1';
    const queueName = testQueue();
    const worker = await startWorker({
      databaseUrl: unreachable.toString(),
      redisUrl: TEST_REDIS_URL,
      queueName,
      port: 0,
      host: '127.0.0.1',
      logger,
    });
    try {
      const ready = await fetch(`${worker.url}/readyz`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({ status: 'not_ready', checks: { db: false, queue: true } });
    } finally {
      await worker.close();
      const queue = new Queue(queueName, { connection: { url: TEST_REDIS_URL }, prefix: 'wfm' });
      await queue.obliterate({ force: true });
      await queue.close();
    }
  });

  it('refuses to start when the queue in PostgreSQL cannot be reached', async () => {
    const unreachable = new URL(db.url);
    unreachable.port = '1';
    await expect(startWorker({ databaseUrl: unreachable.toString(), port: 0, host: '127.0.0.1', logger })).rejects.toThrow(
      /ECONNREFUSED/,
    );
  });

  it('refuses to start with a duplicate or a missing job handler', async () => {
    const handlers = (...names: string[]): TaskHandler[] => names.map((name) => ({ name, run }));
    const start = (list: TaskHandler[]) =>
      startWorker({ databaseUrl: db.url, port: 0, host: '127.0.0.1', logger, queueName: testQueue(), handlers: list });

    await expect(start(handlers(TASK_NAMES.backup, TASK_NAMES.restore, TASK_NAMES.backup))).rejects.toThrow(
      'Duplicate job handler "database.backup"',
    );
    await expect(start(handlers(TASK_NAMES.backup))).rejects.toThrow('Missing job handler "database.restore"');
  });
});

// Each test boots the worker as its own process, the way the image runs it (`node --import tsx`, one
// process: the tsx CLI is a second process that relays SIGTERM and SIGKILLs its child when the child
// has not answered within 30 ms, an exit 143 seen once in a busy CI run). A boot takes 4-7 s of wall
// time on this 2-core machine beside the rest of CI, and one passed 30 s: the timeout is for a slow
// machine, not a bound on the boot; a hang still fails here.
describe('worker process', { timeout: 90_000 }, () => {
  function launch(env: Record<string, string | undefined>) {
    const child = spawn(process.execPath, ['--import', 'tsx', WORKER_ENTRY], {
      env: { PATH: process.env.PATH, LOG_LEVEL: 'info', HOST: '127.0.0.1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const lines = createInterface({ input: child.stdout });
    // Keep reading stdout to the end: the worker logs while it shuts down.
    const listening = new Promise<{ url?: string; queue?: string } | undefined>((resolve) => {
      lines.on('line', (line) => {
        const entry = JSON.parse(line) as { msg?: string; url?: string; queue?: string };
        if (entry.msg === 'worker listening') resolve(entry);
      });
      lines.once('close', () => resolve(undefined));
    });
    return { child, exited, lines, listening };
  }

  it('boots from the environment, answers health and exits 0 on SIGTERM', async () => {
    const { child, exited, listening } = launch({ DATABASE_URL: db.url, WORKER_PORT: '0', BACKUP_DIR: work });
    try {
      const started = await listening;
      expect(started?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(started?.queue).toBe('PostgreSQL (BullMQ PostgreSQL backend, schema bullmq)');
      expect((await fetch(`${started!.url}/healthz`)).status).toBe(200);

      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });

  it('fails a backup with a clear error and writes no file when pg_dump is not on PATH', async () => {
    // PATH holds node and nothing else.
    const bin = await mkdtemp(path.join(work, 'bin-'));
    await symlink(process.execPath, path.join(bin, 'node'));
    const backupDir = path.join(work, 'no-pg-dump');
    await mkdir(backupDir);
    const { child, exited, listening } = launch({ DATABASE_URL: db.url, WORKER_PORT: '0', BACKUP_DIR: backupDir, PATH: bin });
    const jobs = createTaskQueue({ connection: queueConnection({ databaseUrl: db.url }) });
    try {
      expect(await listening).toBeDefined();
      const fileName = newBackupFileName(new Date());
      const failure = jobs.run(TASK_NAMES.backup, { fileName }, `backup-${fileName}`, 30_000);
      await expect(failure).rejects.toBeInstanceOf(TaskFailedError);
      await expect(failure).rejects.toThrow(
        /^pg_dump was not found on PATH: install the PostgreSQL \d+ client tools \(postgresql-client-\d+\) or set PG_BIN_DIR to their directory$/,
      );
      expect(await readdir(backupDir)).toEqual([]);
    } finally {
      await jobs.close();
      child.kill('SIGTERM');
      await exited;
    }
  });

  it('exits 1 naming the variable when DATABASE_URL is missing', async () => {
    const { exited, lines } = launch({});
    const output: string[] = [];
    for await (const line of lines) output.push(line);
    expect(await exited).toBe(1);
    expect(output.join('\n')).toContain('DATABASE_URL is required');
  });
});
