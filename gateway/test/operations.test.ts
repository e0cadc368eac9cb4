import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryBus } from '@wfm/service-kit';
import { startFakeServices, startGateway, type FakeServices } from './helpers.ts';

let services: FakeServices;

beforeAll(async () => {
  services = await startFakeServices();
});

afterAll(async () => {
  await services?.close();
});

describe('health, readiness and metrics', () => {
  it('is healthy and ready while its bus is usable, not ready once the bus is gone', async () => {
    const bus = createMemoryBus();
    const gateway = await startGateway(services, { bus });
    try {
      expect((await gateway.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
      const ready = await gateway.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'ready', checks: { bus: true } });

      await bus.close();
      const notReady = await gateway.app.inject({ method: 'GET', url: '/readyz' });
      expect(notReady.statusCode).toBe(503);
      expect(notReady.json()).toEqual({ status: 'not_ready', checks: { bus: false } });
    } finally {
      await gateway.close();
    }
  });

  it('exposes Prometheus metrics for proxied requests and websocket clients', async () => {
    const gateway = await startGateway(services);
    try {
      await gateway.app.inject({ method: 'GET', url: '/api/posts' });
      const res = await gateway.app.inject({ method: 'GET', url: '/metrics' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.body).toMatch(/http_request_duration_seconds_count\{[^}]*route="\/api\/posts\/?\*?"/);
      expect(res.body).toContain('gateway_websocket_clients');
      expect(res.body).toContain('process_cpu_user_seconds_total');
    } finally {
      await gateway.close();
    }
  });
});
