import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICES } from '@wfm/contracts/shared';
import { createMemoryBus, serveMetrics } from '@wfm/service-kit';
import { serviceUrlVariable } from '../src/env.ts';
import { startFakeServices, startGateway, type FakeServices } from './helpers.ts';

let services: FakeServices;

beforeAll(async () => {
  services = await startFakeServices();
});

afterAll(async () => {
  await services?.close();
});

describe('health, readiness and metrics', () => {
  it('is healthy and ready, and stays ready (reporting the bus) once the bus is gone', async () => {
    const bus = createMemoryBus();
    const gateway = await startGateway(services, { bus });
    try {
      expect((await gateway.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
      const ready = await gateway.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'ready', checks: { bus: true } });

      await bus.close();
      const busGone = await gateway.app.inject({ method: 'GET', url: '/readyz' });
      expect(busGone.statusCode).toBe(200);
      expect(busGone.json()).toEqual({ status: 'ready', checks: { bus: false } });
    } finally {
      await gateway.close();
    }
  });

  it('exposes Prometheus metrics for proxied requests and websocket clients on the internal listener', async () => {
    const gateway = await startGateway(services);
    const internal = await serveMetrics(gateway.app.metricsRegistry, { port: 0, host: '127.0.0.1' });
    try {
      await gateway.app.inject({ method: 'GET', url: '/api/posts' });
      const res = await fetch(`${internal.url}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
      const body = await res.text();
      expect(body).toMatch(/http_request_duration_seconds_count\{[^}]*route="\/api\/posts\/?\*?"/);
      expect(body).toContain('gateway_websocket_clients');
      expect(body).toContain('process_cpu_user_seconds_total');
    } finally {
      await internal.close();
      await gateway.close();
    }
  });

  it('answers /metrics on the public port with a JSON 404, also to a browser', async () => {
    const gateway = await startGateway(services);
    try {
      for (const accept of ['text/plain', 'text/html']) {
        const res = await gateway.app.inject({ method: 'GET', url: '/metrics', headers: { accept } });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: expect.any(String) });
      }
    } finally {
      await gateway.close();
    }
  });
});

/** A port nothing listens on right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

describe('gateway process (server.ts)', () => {
  it('serves /metrics on METRICS_PORT and 404 on its public PORT', async () => {
    const [port, metricsPort] = [await freePort(), await freePort()];
    const child = spawn(process.execPath, ['--import', 'tsx', path.resolve(import.meta.dirname, '../src/server.ts')], {
      env: {
        PATH: process.env.PATH,
        HOST: '127.0.0.1',
        PORT: String(port),
        METRICS_PORT: String(metricsPort),
        LOG_LEVEL: 'info',
        ...Object.fromEntries(SERVICES.map((s) => [serviceUrlVariable(s.name), services.urls[s.name]])),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      await Promise.race([
        new Promise<void>((resolve) => child.stdout.on('data', () => output.includes('gateway ready') && resolve())),
        exited.then((code) => {
          throw new Error(`gateway exited (${code}): ${output}`);
        }),
      ]);
      const publicPort = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(publicPort.status).toBe(404);
      expect(await publicPort.json()).toEqual({ message: expect.any(String) });
      const internal = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
      expect(internal.status).toBe(200);
      expect(await internal.text()).toContain('gateway_websocket_clients');
    } finally {
      child.kill('SIGTERM');
      await exited;
    }
  });
});
