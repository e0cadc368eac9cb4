import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startService, type RunningService } from '../src/server.ts';
import { startNatsServer, startPostgresServer, type FaultServer } from '../src/testing-faults.ts';
import { fixtureService } from './helpers.ts';

/**
 * /readyz of a service follows the fault table (docs/operations.md, "When a dependency fails"):
 * NATS killed -> still ready (writes wait in the outbox), the bus reported down; PostgreSQL killed ->
 * not ready; each back -> ready again. NATS and PostgreSQL are the test's own, on free ports.
 */
describe('service readiness while a dependency is down', () => {
  let nats: FaultServer;
  let pg: FaultServer;
  let svc: RunningService;

  beforeAll(async () => {
    [nats, pg] = await Promise.all([startNatsServer(), startPostgresServer()]);
    svc = await startService(fixtureService, {
      env: { DATABASE_URL: pg.url, NATS_URL: nats.url, NODE_ENV: 'test', LOG_LEVEL: 'silent' },
      registerSignals: false,
      port: 0,
      host: '127.0.0.1',
    });
  }, 60_000);

  afterAll(async () => {
    await svc?.close();
    await Promise.all([nats?.close(), pg?.close()]);
  });

  const readyz = async () => {
    const res = await fetch(`${svc.url}/readyz`);
    return { status: res.status, body: (await res.json()) as { status: string; checks: { db: boolean; bus: boolean } } };
  };

  it('stays ready with NATS down (bus reported down) and is ready again, bus up, once NATS returns', async () => {
    expect(await readyz()).toEqual({ status: 200, body: { status: 'ready', checks: { db: true, bus: true } } });

    await nats.kill();
    // The client notices the dead server within its ping interval; until then the bus still reads up.
    await vi.waitFor(async () => expect((await readyz()).body.checks.bus).toBe(false), { timeout: 20_000, interval: 200 });
    expect(await readyz()).toEqual({ status: 200, body: { status: 'ready', checks: { db: true, bus: false } } });

    await nats.start();
    await vi.waitFor(async () => expect((await readyz()).body.checks.bus).toBe(true), { timeout: 15_000, interval: 200 });
    expect((await readyz()).status).toBe(200);
  }, 60_000);

  it('is not ready with PostgreSQL down, and ready again once it returns', async () => {
    await pg.kill();
    await vi.waitFor(async () => expect((await readyz()).status).toBe(503), { timeout: 10_000, interval: 200 });
    expect((await readyz()).body).toEqual({ status: 'not_ready', checks: { db: false, bus: true } });

    await pg.start();
    await vi.waitFor(async () => expect((await readyz()).status).toBe(200), { timeout: 15_000, interval: 200 });
    expect((await readyz()).body).toEqual({ status: 'ready', checks: { db: true, bus: true } });
  }, 60_000);
});
