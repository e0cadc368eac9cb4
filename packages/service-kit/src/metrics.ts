import Fastify, { type FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import type { Logger } from 'pino';
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

/**
 * One registry per app (several apps can share a process): an HTTP request duration histogram by
 * route template, method and status, labelled with the service name, plus the process metrics.
 * Decorated as `app.metricsRegistry`; the app itself has no /metrics route, so the public port
 * answers 404 there: serveMetrics exposes the registry on an internal listener.
 */
export function registerMetrics(app: FastifyInstance, service: string): Registry {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration in seconds',
    labelNames: ['route', 'method', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
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
