import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createNatsBus, type EventBus } from '@wfm/service-kit';
import { startNatsServer, type FaultServer } from '@wfm/service-kit/testing';
import { silentLogger, startFakeServices, startGateway, type FakeServices } from './helpers.ts';

/**
 * The gateway's /readyz follows the fault table (docs/operations.md, "When a dependency fails"):
 * with NATS killed it stays ready (realtime pauses, writes wait in the services' outboxes), the bus
 * reported down, and reports it up again once NATS returns. NATS is the test's own, on a free port.
 */
describe('gateway readiness while NATS is down', () => {
  let nats: FaultServer;
  let services: FakeServices;
  let bus: EventBus;
  let gateway: Awaited<ReturnType<typeof startGateway>>;

  beforeAll(async () => {
    [nats, services] = await Promise.all([startNatsServer(), startFakeServices()]);
    bus = await createNatsBus({ natsUrl: nats.url, logger: silentLogger(), name: 'gateway' });
    gateway = await startGateway(services, { bus });
  }, 60_000);

  afterAll(async () => {
    await gateway?.close();
    await bus?.close();
    await Promise.all([nats?.close(), services?.close()]);
  });

  const readyz = async () => {
    const res = await gateway.app.inject({ method: 'GET', url: '/readyz' });
    return { status: res.statusCode, body: res.json() as { status: string; checks: { bus: boolean } } };
  };

  it('stays ready with the bus reported down, and reports it up once NATS is back', async () => {
    expect(await readyz()).toEqual({ status: 200, body: { status: 'ready', checks: { bus: true } } });

    await nats.kill();
    await vi.waitFor(async () => expect((await readyz()).body.checks.bus).toBe(false), { timeout: 20_000, interval: 200 });
    expect(await readyz()).toEqual({ status: 200, body: { status: 'ready', checks: { bus: false } } });
    // Still serving while NATS is away.
    expect((await gateway.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);

    await nats.start();
    await vi.waitFor(async () => expect((await readyz()).body.checks.bus).toBe(true), { timeout: 15_000, interval: 200 });
  }, 60_000);
});
