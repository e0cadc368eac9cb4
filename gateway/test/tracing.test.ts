/**
 * One request's trace across processes: gateway -> service -> NATS -> subscribers, as the spans an
 * in-memory exporter receives (the same spans OTLP would export with OTEL_EXPORTER_OTLP_ENDPOINT set).
 * The service is a real kit service on its own database, its outbox relay publishing to the real
 * JetStream; the gateway has its own NATS connection and forwards the event to websocket clients.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createNatsBus, writeEvent, type EventBus, type ServiceDefinition } from '@wfm/service-kit';
import {
  buildTestService,
  installTestTracing,
  SpanKind,
  TEST_NATS_URL,
  type ReadableSpan,
  type TestService,
  type TestTracing,
} from '@wfm/service-kit/testing';
import { silentLogger, startFakeServices, startGateway, type FakeServices } from './helpers.ts';

let tracing: TestTracing;
let services: FakeServices;
let service: TestService;
let gatewayBus: EventBus;
let gateway: { app: FastifyInstance; close(): Promise<void> };
const heard: string[] = [];

/** Stands in for identity: POST /api/user-profile writes identity.profile.created in its transaction. */
async function profileService(): Promise<ServiceDefinition> {
  return {
    name: 'identity',
    schema: 'trace_identity',
    migrationsDir: await mkdtemp(path.join(tmpdir(), 'trace-migrations-')),
    routes: [
      async (app, ctx) => {
        app.post('/api/user-profile', async (request) => {
          const { username } = request.body as { username: string };
          await ctx.sql.begin((tx) => writeEvent(tx, 'identity.profile.created', { username, created_at: Date.now() }));
          return { username };
        });
      },
    ],
    // A durable subscriber in the service itself (a work queue, as the services' projections are).
    onReady: async (app) => {
      await app.bus.subscribe('identity.profile.created', (evt) => void heard.push(evt.data.username), { durable: `trace-test-${randomUUID().slice(0, 8)}` });
    },
  };
}

beforeAll(async () => {
  // Before any app is built: apps register their request spans only when tracing is on.
  tracing = await installTestTracing('trace-test');
  services = await startFakeServices();
  service = await buildTestService(await profileService(), { bus: 'nats' });
  const identityUrl = await service.app.listen({ port: 0, host: '127.0.0.1' });
  gatewayBus = await createNatsBus({ natsUrl: TEST_NATS_URL, logger: silentLogger() });
  gateway = await startGateway(services, { serviceUrls: { ...services.urls, identity: identityUrl }, bus: gatewayBus, readCache: false });
});

afterAll(async () => {
  await gateway?.close();
  await gatewayBus?.close();
  await service?.close();
  await services?.close();
  await tracing?.shutdown();
});

async function waitForSpans(match: (spans: ReadableSpan[]) => boolean, timeoutMs = 10_000): Promise<ReadableSpan[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const spans = tracing.spans();
    if (match(spans)) return spans;
    if (Date.now() > deadline) throw new Error(`spans seen: ${spans.map((s) => s.name).join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;

describe('tracing across gateway, service and NATS', () => {
  it('links one request: gateway span -> service span -> publish span -> every subscriber span, in one trace', async () => {
    const username = `traced_${randomUUID().slice(0, 8)}`;
    // A client's own traceparent never decides the trace: the gateway starts it.
    const clientTrace = `00-${'ab'.repeat(16)}-${'cd'.repeat(8)}-01`;
    const res = await gateway.app.inject({
      method: 'POST',
      url: '/api/user-profile',
      headers: { 'content-type': 'application/json', traceparent: clientTrace },
      payload: { username },
    });
    expect(res.statusCode, res.body).toBe(200);

    const spans = await waitForSpans(
      (all) => all.filter((s) => s.name === 'identity.profile.created process').length >= 2 && heard.includes(username),
    );
    const gatewaySpan = spans.find((s) => s.kind === SpanKind.SERVER && s.name === 'POST /api/user-profile' && parentOf(s) === undefined);
    expect(gatewaySpan, spans.map((s) => s.name).join(', ')).toBeDefined();
    const traceId = gatewaySpan!.spanContext().traceId;
    expect(traceId).not.toBe('ab'.repeat(16));
    const inTrace = spans.filter((s) => s.spanContext().traceId === traceId);

    const serviceSpan = inTrace.find((s) => s.kind === SpanKind.SERVER && parentOf(s) === gatewaySpan!.spanContext().spanId);
    expect(serviceSpan?.name).toBe('POST /api/user-profile');
    expect(serviceSpan?.attributes['http.response.status_code']).toBe(200);

    const publishSpan = inTrace.find((s) => s.kind === SpanKind.PRODUCER && parentOf(s) === serviceSpan!.spanContext().spanId);
    expect(publishSpan?.name).toBe('identity.profile.created publish');

    const consumers = inTrace.filter((s) => s.kind === SpanKind.CONSUMER && parentOf(s) === publishSpan!.spanContext().spanId);
    // The service's durable subscriber and the gateway's realtime forwarder each got it over NATS.
    expect(consumers.map((s) => s.name)).toEqual(['identity.profile.created process', 'identity.profile.created process']);
    expect(consumers.some((s) => String(s.attributes['messaging.consumer.group.name']).startsWith('trace-test-'))).toBe(true);
    expect(consumers.some((s) => s.attributes['messaging.consumer.group.name'] === undefined)).toBe(true);
  });
});
