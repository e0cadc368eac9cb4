import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import type { FastifyInstance } from 'fastify';

let processRegistry: Registry | undefined;

/** Process metrics (CPU, memory, event loop) are collected once per process, however many apps it runs. */
function sharedProcessRegistry(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/**
 * One registry per app (several apps can share a process): an HTTP request duration histogram by
 * route template, method and status, labelled with the service name, plus the process metrics.
 * Served as Prometheus text at GET /metrics.
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
  const exposed = Registry.merge([registry, sharedProcessRegistry()]);
  exposed.setDefaultLabels({ service });

  app.addHook('onResponse', async (request, reply) => {
    // Unmatched URLs share one label so scanners cannot blow up the series count.
    const route = request.routeOptions.url ?? 'unmatched';
    duration.observe(
      { route, method: request.method, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  app.get('/metrics', { logLevel: 'warn' }, async (_request, reply) => {
    reply.header('content-type', exposed.contentType);
    return exposed.metrics();
  });
  return registry;
}
