import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { processMetricsRegistry } from '@wfm/service-kit';

/** This gateway's Prometheus metrics; `exposed` is what the internal metrics listener (METRICS_PORT) serves. */
export function createGatewayMetrics(sources: { websocketClients: () => number; readCacheReplicas: () => number | undefined }) {
  const registry = new Registry();
  registry.setDefaultLabels({ service: 'gateway' });
  const metrics = {
    httpDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request duration in seconds (proxied requests included)',
      labelNames: ['route', 'method', 'status_code'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    websocketClients: new Gauge({
      name: 'gateway_websocket_clients',
      help: 'Open websocket connections on this replica',
      registers: [registry],
      collect() {
        this.set(sources.websocketClients());
      },
    }),
    websocketConnections: new Counter({
      name: 'gateway_websocket_connections_total',
      help: 'Websocket connections opened on this replica',
      registers: [registry],
    }),
    websocketDrops: new Counter({
      name: 'gateway_websocket_drops_total',
      help: 'Websocket clients the gateway cut: slow (unsent data piled up), heartbeat (no pong), error (broken connection), revoked (its visitor token was revoked)',
      labelNames: ['reason'] as const,
      registers: [registry],
    }),
    websocketRefusals: new Counter({
      name: 'gateway_websocket_refusals_total',
      help: 'Websocket upgrades refused: rate (upgrades per minute), origin, address (per-address cap), total (process cap)',
      labelNames: ['reason'] as const,
      registers: [registry],
    }),
    realtimeEvents: new Counter({
      name: 'gateway_realtime_events_total',
      help: 'Bus events pushed to websocket clients, by message type',
      labelNames: ['type'] as const,
      registers: [registry],
    }),
    readCacheReplicas: new Gauge({
      name: 'gateway_read_cache_replicas',
      help: "Gateway replicas of this deployment alive in the read cache's roster in Redis, this one included (1: misses skip the shared layer); absent while unknown",
      registers: [registry],
      collect() {
        const replicas = sources.readCacheReplicas();
        if (replicas === undefined) this.reset();
        else this.set(replicas);
      },
    }),
    readCache: new Counter({
      name: 'gateway_read_cache_total',
      help: 'Cacheable reads by outcome: hit (memory), stale (memory, being refreshed), shared (Redis), miss (service), not_modified (304)',
      labelNames: ['outcome'] as const,
      registers: [registry],
    }),
  };
  // merge() takes the metrics registered so far, so it comes last.
  return { ...metrics, exposed: Registry.merge([registry, processMetricsRegistry()]) };
}

export type GatewayMetrics = ReturnType<typeof createGatewayMetrics>;
