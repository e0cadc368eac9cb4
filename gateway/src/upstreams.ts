import { BalancedPool, Pool, type Dispatcher } from 'undici';
import type { ServiceName } from '@wfm/contracts/shared';

/** One dispatcher per service: a Pool for one replica, a BalancedPool over several. */
export type Upstreams = Map<ServiceName, Dispatcher>;

export interface UpstreamPoolOptions {
  /** Most sockets kept open to one service replica; sized well above the concurrency the gateway serves. */
  connections?: number;
}

/**
 * A service's address as configured (`FORUM_URL`): one URL, or several separated by commas —
 * one per replica when the gateway itself spreads calls over them (`REPLICAS=n npm run
 * start:distributed`). Returns the origins in order.
 */
export function replicaOrigins(value: string): string[] {
  return value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => new URL(part).origin);
}

/**
 * One keep-alive connection pool per service, shared by every prefix that service owns, so
 * proxied requests reuse warm sockets instead of opening one per request. A service with several
 * replica URLs gets undici's BalancedPool: one such pool per replica, requests spread over them in
 * turn (weighted round robin that backs off a replica whose connections fail, and takes it back
 * when it answers again), so every gateway replica reaches every service replica without a
 * balancer process in between.
 */
export function createUpstreams(
  serviceUrls: Record<ServiceName, string>,
  opts: UpstreamPoolOptions = {},
): Upstreams {
  const poolOptions: Pool.Options = {
    connections: opts.connections ?? 512,
    pipelining: 1,
    connectTimeout: 5_000,
    // Uploads of 50 MB from slow clients stream through; the service answers once it has them.
    headersTimeout: 120_000,
    bodyTimeout: 60_000,
    // Below the services' own keep-alive (Fastify default 72 s), so the gateway closes idle
    // sockets first and never writes to one the service is closing.
    keepAliveTimeout: 30_000,
    keepAliveMaxTimeout: 60_000,
  };
  const pools: Upstreams = new Map();
  for (const [service, value] of Object.entries(serviceUrls) as Array<[ServiceName, string]>) {
    const origins = replicaOrigins(value);
    pools.set(service, origins.length > 1 ? new BalancedPool(origins, poolOptions) : new Pool(origins[0]!, poolOptions));
  }
  return pools;
}

export async function closeUpstreams(upstreams: Upstreams): Promise<void> {
  await Promise.all([...upstreams.values()].map((pool) => pool.close()));
}
