import Fastify, { type FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Logger } from 'pino';
import type { EventBus } from './bus/types.ts';
import type { Sql } from './db.ts';
import { NOT_FOUND_MESSAGE } from './error-handler.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** What the internal metrics listener serves for this app (see serveMetrics); never a public route. */
    metricsRegistry: Registry;
  }
}

let processRegistry: Registry | undefined;

/** Process metrics (CPU, memory, event loop) are collected once per process, however many apps it runs. */
export function processMetricsRegistry(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** The process metrics alone, labelled with `service` (the worker, which has no HTTP app to measure). */
export function processMetricsFor(service: string): Registry {
  const exposed = Registry.merge([processMetricsRegistry()]);
  exposed.setDefaultLabels({ service });
  return exposed;
}

/** How long one outbox reading serves every gauge of a scrape. */
const OUTBOX_READING_MS = 1_000;

/**
 * The service's outbox as gauges, read from its table when Prometheus scrapes (every replica reports
 * the same rows: aggregate with max): rows waiting for the relay and the age of the oldest. Both
 * rise while NATS is unreachable (the relay keeps the rows) and fall back to 0 once it drains.
 */
export function registerOutboxMetrics(registry: Registry, sql: Sql): void {
  let reading: { at: number; value: Promise<{ backlog: number; age: number } | undefined> } | undefined;
  const read = () => {
    const now = Date.now();
    if (!reading || now - reading.at > OUTBOX_READING_MS) {
      reading = {
        at: now,
        value: sql<{ backlog: number; age: number }[]>`
          SELECT count(*)::int AS backlog,
                 coalesce(extract(epoch FROM clock_timestamp() - min(created_at)), 0)::float8 AS age
          FROM outbox`.then((rows) => rows[0], () => undefined),
      };
    }
    return reading.value;
  };
  new Gauge({
    name: 'outbox_backlog_events',
    help: 'Events in the service outbox not yet published to the bus',
    registers: [registry],
    async collect() {
      const outbox = await read();
      if (outbox) this.set(outbox.backlog);
    },
  });
  new Gauge({
    name: 'outbox_oldest_event_age_seconds',
    help: 'Age of the oldest event still waiting in the service outbox (0 when empty)',
    registers: [registry],
    async collect() {
      const outbox = await read();
      if (outbox) this.set(outbox.age);
    },
  });
}

/**
 * The lag of the durable subscriptions made through `bus` (JetStream's own counts for the NATS bus,
 * so every replica reports the same figure: aggregate with max), by durable name.
 */
export function registerConsumerLagMetrics(registry: Registry, bus: EventBus): void {
  let reading: { at: number; value: ReturnType<EventBus['consumerLag']> } | undefined;
  const read = () => {
    const now = Date.now();
    if (!reading || now - reading.at > OUTBOX_READING_MS) reading = { at: now, value: bus.consumerLag().catch(() => []) };
    return reading.value;
  };
  new Gauge({
    name: 'event_consumer_pending_messages',
    help: 'Events not yet delivered to a durable subscription',
    labelNames: ['consumer'] as const,
    registers: [registry],
    async collect() {
      const lags = await read();
      this.reset();
      for (const lag of lags) this.set({ consumer: lag.consumer }, lag.pending);
    },
  });
  new Gauge({
    name: 'event_consumer_ack_pending_messages',
    help: 'Events delivered to a durable subscription and not yet acknowledged (being handled or awaiting redelivery)',
    labelNames: ['consumer'] as const,
    registers: [registry],
    async collect() {
      const lags = await read();
      this.reset();
      for (const lag of lags) this.set({ consumer: lag.consumer }, lag.ackPending);
    },
  });
}

/**
 * One registry per app (several apps can share a process): an HTTP request duration histogram by
 * route template, method and status, labelled with the service name, plus the process metrics, and
 * given its database and bus, the outbox and consumer-lag gauges.
 * Decorated as `app.metricsRegistry`; the app itself has no /metrics route, so the public port
 * answers 404 there: serveMetrics exposes the registry on an internal listener.
 */
export function registerMetrics(app: FastifyInstance, service: string, sources: { sql?: Sql; bus?: EventBus } = {}): Registry {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration in seconds',
    labelNames: ['route', 'method', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  if (sources.sql) registerOutboxMetrics(registry, sources.sql);
  if (sources.bus) registerConsumerLagMetrics(registry, sources.bus);
  const exposed = Registry.merge([registry, processMetricsRegistry()]);
  exposed.setDefaultLabels({ service });
  app.decorate('metricsRegistry', exposed);

  app.addHook('onResponse', async (request, reply) => {
    // Unmatched URLs share one label so scanners cannot blow up the series count.
    const route = request.routeOptions.url ?? 'unmatched';
    duration.observe(
      { route, method: request.method, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
  return registry;
}

export interface MetricsServer {
  url: string;
  close(): Promise<void>;
}

export interface ServeMetricsOptions {
  /** 0 picks a free port (tests); the environment's METRICS_PORT=0 means "no listener" and never gets here. */
  port: number;
  host: string;
  logger?: Logger;
}

/**
 * The internal metrics listener: GET /metrics answers `registry` as Prometheus text, anything else
 * a JSON 404. It listens on its own port (METRICS_PORT), which only the monitoring network reaches;
 * the public apps have no /metrics.
 */
export async function serveMetrics(registry: Registry, opts: ServeMetricsOptions): Promise<MetricsServer> {
  const app = Fastify({ ...(opts.logger ? { loggerInstance: opts.logger } : { logger: false }) }) as unknown as FastifyInstance;
  app.get('/metrics', { logLevel: 'warn' }, async (_request, reply) => {
    reply.header('content-type', registry.contentType);
    return registry.metrics();
  });
  app.setNotFoundHandler(async (_request, reply) => reply.code(404).send({ message: NOT_FOUND_MESSAGE }));
  const url = await app.listen({ port: opts.port, host: opts.host });
  return { url, close: () => app.close() };
}
