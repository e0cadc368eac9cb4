/**
 * Tracing on (an in-memory exporter standing in for OTLP): the trace context travels with the
 * outbox row, the relay's publish span continues it, NATS message headers carry it to the
 * subscribers' spans, and the in-process bus does the same.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { context, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { DeliverPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream';
import { createMemoryBus } from '../src/bus/memory.ts';
import { createNatsBus } from '../src/bus/nats.ts';
import type { EventBus } from '../src/bus/types.ts';
import { createSql, type Sql } from '../src/db.ts';
import { createLogger } from '../src/logger.ts';
import { runMigrations } from '../src/migrate.ts';
import { writeEvent } from '../src/outbox.ts';
import { startOutboxRelay } from '../src/relay.ts';
import { TRACER_NAME, tracingEnabled } from '../src/telemetry/tracing.ts';
import { createTestDatabase, TEST_NATS_URL, type TestDatabase } from '../src/testing.ts';
import { installTestTracing, type ReadableSpan, type TestTracing } from '../src/testing-telemetry.ts';
import { fixtureDir, uid, waitFor } from './helpers.ts';

const logger = createLogger('test', 'silent');
const SCHEMA = 'kit_traced';
const SUBJECT = 'identity.profile.created';
let tracing: TestTracing;
let db: TestDatabase;
let sql: Sql;
let nats: EventBus;
let nc: NatsConnection;

beforeAll(async () => {
  tracing = await installTestTracing('kit-test');
  db = await createTestDatabase();
  await runMigrations({ databaseUrl: db.url, schema: SCHEMA, migrationsDir: fixtureDir('migrations'), logger });
  sql = createSql(db.url, { schema: SCHEMA });
  nats = await createNatsBus({ natsUrl: TEST_NATS_URL, logger });
  nc = await connect({ servers: TEST_NATS_URL });
});

afterAll(async () => {
  await nc?.close();
  await nats?.close();
  await sql?.end();
  await db?.drop();
  await tracing?.shutdown();
});

/** Runs `fn` inside a span of its own, as a traced request handler runs; answers the span. */
async function inRequestSpan(fn: () => Promise<void>) {
  const span = trace.getTracer(TRACER_NAME).startSpan('POST /test', { kind: SpanKind.SERVER });
  await context.with(trace.setSpan(context.active(), span), fn);
  span.end();
  return span.spanContext();
}

const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;

describe('trace context through the outbox and the bus', () => {
  it('is on', () => {
    expect(tracingEnabled()).toBe(true);
  });

  it('keeps the writer\'s trace context with the outbox row, and none outside a traced context', async () => {
    const traced = `u${uid()}`;
    const untraced = `u${uid()}`;
    const request = await inRequestSpan(() => writeEvent(sql, SUBJECT, { username: traced, created_at: 1 }));
    await writeEvent(sql, SUBJECT, { username: untraced, created_at: 1 });
    const rows = await sql<{ username: string; trace_context: { traceparent: string } | null }[]>`
      SELECT payload->>'username' AS username, trace_context FROM outbox WHERE payload->>'username' IN ${sql([traced, untraced])}`;
    const byName = Object.fromEntries(rows.map((r) => [r.username, r.trace_context]));
    expect(byName[traced]).toEqual({ traceparent: `00-${request.traceId}-${request.spanId}-01` });
    expect(byName[untraced]).toBeNull();
    await sql`DELETE FROM outbox`;
  });

  it('publishes under a span continuing the row\'s trace, with traceparent in the NATS headers, and the subscriber\'s span follows', async () => {
    const username = `u${uid()}`;
    const seenHeaders: Array<string | undefined> = [];
    const heard: string[] = [];
    // A plain JetStream reader next to the kit's subscriber, to see the message's own headers.
    const js = jetstream(nc);
    const { state } = await (await jetstreamManager(nc)).streams.info('WFM_EVENTS');
    const raw = await js.consumers.get('WFM_EVENTS', {
      filter_subjects: SUBJECT,
      deliver_policy: DeliverPolicy.StartSequence,
      opt_start_seq: state.last_seq + 1,
    });
    const rawMessages = await raw.consume();
    void (async () => {
      for await (const m of rawMessages) if (m.json<{ username: string }>().username === username) seenHeaders.push(m.headers?.get('traceparent'));
    })();
    const stop = await nats.subscribe(SUBJECT, (evt) => void (evt.data.username === username && heard.push(username)));
    const relay = startOutboxRelay({ sql, schema: SCHEMA, bus: nats, logger });
    try {
      const request = await inRequestSpan(() => sql.begin((tx) => writeEvent(tx, SUBJECT, { username, created_at: 2 })).then(() => undefined));
      await waitFor(() => (heard.length === 1 && seenHeaders.length === 1 ? true : undefined));
      const spans = await waitFor(() => {
        const all = tracing.spans().filter((s) => s.spanContext().traceId === request.traceId);
        return all.some((s) => s.kind === SpanKind.CONSUMER) ? all : undefined;
      });
      const publish = spans.find((s) => s.kind === SpanKind.PRODUCER);
      expect(publish?.name).toBe(`${SUBJECT} publish`);
      expect(parentOf(publish!)).toBe(request.spanId);
      expect(publish!.attributes['messaging.destination.name']).toBe(SUBJECT);
      expect(seenHeaders[0]).toBe(`00-${request.traceId}-${publish!.spanContext().spanId}-01`);
      const consumer = spans.find((s) => s.kind === SpanKind.CONSUMER);
      expect(consumer?.name).toBe(`${SUBJECT} process`);
      expect(parentOf(consumer!)).toBe(publish!.spanContext().spanId);
    } finally {
      await relay.stop();
      await stop();
      rawMessages.stop();
    }
  });

  it('carries the active context on the in-process bus too, and marks a failing handler\'s span', async () => {
    const bus = createMemoryBus({ logger });
    const username = `u${uid()}`;
    await bus.subscribe(SUBJECT, () => {
      throw new Error('handler broke');
    });
    const request = await inRequestSpan(() => bus.publish(SUBJECT, { username, created_at: 3 }, { msgId: uid() }));
    const consumer = await waitFor(() =>
      tracing.spans().find((s) => s.spanContext().traceId === request.traceId && s.kind === SpanKind.CONSUMER),
    );
    expect(parentOf(consumer)).toBe(request.spanId);
    expect(consumer.status.code).toBe(SpanStatusCode.ERROR);
    await bus.close();
  });

  it('starts a trace of its own for a message published outside any trace', async () => {
    const bus = createMemoryBus({ logger });
    const username = `u${uid()}`;
    const got: string[] = [];
    await bus.subscribe(SUBJECT, (evt) => void got.push(evt.data.username));
    tracing.reset();
    await bus.publish(SUBJECT, { username, created_at: 4 }, { msgId: uid() });
    const consumer = await waitFor(() => tracing.spans().find((s) => s.kind === SpanKind.CONSUMER));
    expect(parentOf(consumer)).toBeUndefined();
    expect(got).toEqual([username]);
    await bus.close();
  });
});
