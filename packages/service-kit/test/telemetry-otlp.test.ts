/**
 * With OTEL_EXPORTER_OTLP_ENDPOINT set, a service started by startService exports its spans over
 * OTLP/HTTP (`<endpoint>/v1/traces`); close() flushes them. The collector is a local HTTP listener.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService } from '../src/server.ts';
import { otlpTracesUrl, tracingEnabled } from '../src/telemetry/tracing.ts';
import { createTestDatabase, TEST_STAFF_SECRET, TEST_VISITOR_SECRET, type TestDatabase } from '../src/testing.ts';
import { createLogger } from '../src/logger.ts';
import { fixtureService } from './helpers.ts';

let db: TestDatabase;
let collector: Server;
let endpoint: string;
const received: Array<{ path: string; type: string | undefined; body: string }> = [];

beforeAll(async () => {
  db = await createTestDatabase();
  collector = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', type: req.headers['content-type'], body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
  const address = collector.address();
  endpoint = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

afterAll(async () => {
  await new Promise((resolve) => collector?.close(resolve));
  await db?.drop();
});

describe('OTLP export', () => {
  it('names the traces endpoint from either variable', () => {
    expect(otlpTracesUrl({})).toBeUndefined();
    expect(otlpTracesUrl({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' })).toBe('http://collector:4318/v1/traces');
    expect(otlpTracesUrl({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://a:4318', OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://b:4318/traces' })).toBe(
      'http://b:4318/traces',
    );
  });

  it('exports the request spans of a started service to the collector, flushed by close()', async () => {
    const running = await startService(fixtureService, {
      env: {
        DATABASE_URL: db.url,
        STAFF_HEADER_SECRET: TEST_STAFF_SECRET,
        VISITOR_TOKEN_SECRET: TEST_VISITOR_SECRET,
        OTEL_EXPORTER_OTLP_ENDPOINT: endpoint,
      },
      logger: createLogger('otlp-test', 'silent'),
      port: 0,
      host: '127.0.0.1',
      metrics: false,
      registerSignals: false,
    });
    expect(tracingEnabled()).toBe(true);
    const res = await fetch(`${running.url}/whoami`, { headers: { traceparent: `00-${'12'.repeat(16)}-${'34'.repeat(8)}-01` } });
    expect(res.status).toBe(200);
    await running.close();
    expect(tracingEnabled()).toBe(false);

    const traces = received.filter((r) => r.path === '/v1/traces');
    expect(traces.length).toBeGreaterThan(0);
    const body = traces.map((r) => r.body).join('\n');
    // The service continued the caller's trace (behind the gateway, the gateway's span).
    expect(body).toContain('GET /whoami');
    expect(body).toContain('12'.repeat(16));
    expect(body).toContain('"forum"');
  });
});
