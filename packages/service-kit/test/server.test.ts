import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryBus } from '../src/bus/memory.ts';
import { createLogger } from '../src/logger.ts';
import { writeEvent } from '../src/outbox.ts';
import { startService } from '../src/server.ts';
import { createTestDatabase, type TestDatabase } from '../src/testing.ts';
import { fixtureDir, fixtureService, waitFor } from './helpers.ts';

const logger = createLogger('test', 'silent');
let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.drop();
});

const env = () => ({ DATABASE_URL: db.url, NODE_ENV: 'test', LOG_LEVEL: 'silent' });

describe('startService (in process)', () => {
  it('migrates, listens, relays events to a shared bus, drains in-flight requests on close', async () => {
    const bus = createMemoryBus();
    const events: unknown[] = [];
    await bus.subscribe('identity.>', (e) => void events.push(e.data));
    const svc = await startService(fixtureService, { env: env(), bus, logger, port: 0, host: '127.0.0.1', registerSignals: false });
    expect(svc.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);

    const ready = await fetch(`${svc.url}/readyz`);
    expect(ready.status).toBe(200);
    const created = await fetch(`${svc.url}/items`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'from-start', qty: 1 }),
    });
    expect(created.status).toBe(201);

    await writeEvent(svc.app.sql, 'identity.profile.created', { username: 'started', created_at: 1 });
    await waitFor(() => (events.length === 1 ? true : undefined));

    const slow = fetch(`${svc.url}/slow`).then((r) => r.json());
    await new Promise((resolve) => setTimeout(resolve, 50));
    await svc.close();
    expect(await slow).toEqual({ done: true });
    await expect(fetch(`${svc.url}/healthz`)).rejects.toThrow();
    // The shared bus is the caller's and stays open.
    expect(await bus.isReady()).toBe(true);
    await bus.close();
  });

  it('serves /metrics on its internal listener, 404 on the public port; none without METRICS_PORT', async () => {
    const bus = createMemoryBus();
    const svc = await startService(fixtureService, {
      env: env(),
      bus,
      logger,
      port: 0,
      host: '127.0.0.1',
      registerSignals: false,
      metrics: { port: 0, host: '127.0.0.1' },
    });
    try {
      const publicPort = await fetch(`${svc.url}/metrics`);
      expect(publicPort.status).toBe(404);
      expect(await publicPort.json()).toEqual({ message: expect.any(String) });
      expect(svc.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(svc.metricsUrl).not.toBe(svc.url);
      const internal = await fetch(`${svc.metricsUrl}/metrics`);
      expect(internal.status).toBe(200);
      expect(await internal.text()).toContain('process_cpu_user_seconds_total');
    } finally {
      await svc.close();
    }
    await expect(fetch(`${svc.metricsUrl}/metrics`)).rejects.toThrow();

    const plain = await startService(fixtureService, { env: env(), bus, logger, port: 0, host: '127.0.0.1', registerSignals: false });
    expect(plain.metricsUrl).toBeUndefined();
    await plain.close();
    await bus.close();
  });

  it('throws on a failed migration', async () => {
    await expect(
      startService(
        { ...fixtureService, schema: 'kit_bad', migrationsDir: fixtureDir('bad-migrations') },
        { env: env(), logger, port: 0, registerSignals: false },
      ),
    ).rejects.toThrow(/Migrations of schema "kit_bad" failed/);
  });

  it('throws a ConfigError naming the variable', async () => {
    await expect(startService(fixtureService, { env: {}, logger, registerSignals: false })).rejects.toThrow(
      'Invalid environment: DATABASE_URL is required',
    );
  });
});

const script = fileURLToPath(new URL('./fixtures/start-fixture.ts', import.meta.url));

function runFixture(extraEnv: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, ...env(), LOG_LEVEL: 'info', ...extraEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

// Each test boots the fixture service as its own tsx process (2-5 s here beside the rest of CI); a
// busy machine has made such a boot take four times that (services/admin/test/worker.test.ts), so
// the limits are for a slow machine, not bounds on the boot: a hang still fails.
describe('startService (own process)', { timeout: 60_000 }, () => {
  it('exits non-zero when a migration fails', async () => {
    const { exited, output } = runFixture({ FIXTURE_MIGRATIONS: 'bad-migrations' });
    expect(await exited).toBe(1);
    expect(output()).toMatch(/"level":"fatal".*failed to start/);
  });

  it('exits non-zero on a bad environment', async () => {
    const { exited, output } = runFixture({ DATABASE_URL: 'not a url' });
    expect(await exited).toBe(1);
    expect(output()).toContain('DATABASE_URL must be a postgres:// or postgresql:// URL');
  });

  it('runs the migrations and exits 0 without serving when MIGRATE_ONLY=1', async () => {
    const { exited, output } = runFixture({ MIGRATE_ONLY: '1' });
    expect(await exited).toBe(0);
    expect(output()).toContain('migrations applied (MIGRATE_ONLY)');
    expect(output()).not.toContain('forum listening');
  });

  it('finishes in-flight requests on SIGTERM and exits 0', async () => {
    const { child, exited, output } = runFixture({});
    const url = await waitFor(() => /"url":"(http:[^"]+)".*forum listening/.exec(output())?.[1], 45_000);
    const slow = fetch(`${url}/slow`).then((r) => r.json());
    await new Promise((resolve) => setTimeout(resolve, 100));
    child.kill('SIGTERM');
    expect(await slow).toEqual({ done: true });
    expect(await exited).toBe(0);
    expect(output()).toContain('shutting down');
  });
});
