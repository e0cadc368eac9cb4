import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '@wfm/service-kit';
import { createTestDatabase, type TestDatabase } from '@wfm/service-kit/testing';
import { startWorker } from '../src/worker/start-worker.ts';

const WORKER_ENTRY = fileURLToPath(new URL('../src/worker.ts', import.meta.url));
const TSX = fileURLToPath(new URL('../../../node_modules/.bin/tsx', import.meta.url));
const logger = createLogger('admin-worker-test', 'silent');

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => db?.drop());

describe('startWorker', () => {
  it('serves /healthz and /readyz on its port', async () => {
    const worker = await startWorker({ databaseUrl: db.url, port: 0, host: '127.0.0.1', logger });
    try {
      const health = await fetch(`${worker.url}/healthz`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: 'ok' });

      const ready = await fetch(`${worker.url}/readyz`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ status: 'ready', checks: { db: true } });
      expect(worker.registry.names).toEqual([]);
    } finally {
      await worker.close();
    }
  });

  it('is not ready when the database does not answer', async () => {
    const unreachable = new URL(db.url);
    unreachable.port = '1';
    const worker = await startWorker({ databaseUrl: unreachable.toString(), port: 0, host: '127.0.0.1', logger });
    try {
      const ready = await fetch(`${worker.url}/readyz`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({ status: 'not_ready', checks: { db: false } });
    } finally {
      await worker.close();
    }
  });

  it('refuses to start with a duplicate job handler name', async () => {
    const run = async () => undefined;
    await expect(
      startWorker({
        databaseUrl: db.url,
        port: 0,
        host: '127.0.0.1',
        logger,
        handlers: [
          { name: 'backup', run },
          { name: 'backup', run },
        ],
      }),
    ).rejects.toThrow('Duplicate job handler "backup"');
  });
});

describe('worker process', () => {
  function launch(env: Record<string, string>) {
    const child = spawn(TSX, [WORKER_ENTRY], {
      env: { PATH: process.env.PATH, LOG_LEVEL: 'info', HOST: '127.0.0.1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const lines = createInterface({ input: child.stdout });
    return { child, exited, lines };
  }

  it('boots from the environment, answers health and exits 0 on SIGTERM', async () => {
    const { child, exited, lines } = launch({ DATABASE_URL: db.url, WORKER_PORT: '0' });
    // Keep reading stdout to the end: the worker logs while it shuts down.
    const url = await new Promise<string | undefined>((resolve) => {
      lines.on('line', (line) => {
        const entry = JSON.parse(line) as { msg?: string; url?: string };
        if (entry.msg === 'admin worker listening') resolve(entry.url);
      });
      lines.once('close', () => resolve(undefined));
    });
    try {
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect((await fetch(`${url}/healthz`)).status).toBe(200);

      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
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
