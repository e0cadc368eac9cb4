import { Pool } from 'undici';
import type { ServiceName } from '@wfm/contracts/shared';

export type Upstreams = Map<ServiceName, Pool>;

export interface UpstreamPoolOptions {
  /** Most sockets kept open to one service; sized well above the concurrency the gateway serves. */
  connections?: number;
}

/**
 * One keep-alive connection pool per service, shared by every prefix that service owns, so
 * proxied requests reuse warm sockets instead of opening one per request.
 */
export function createUpstreams(
  serviceUrls: Record<ServiceName, string>,
  opts: UpstreamPoolOptions = {},
): Upstreams {
  const pools: Upstreams = new Map();
  for (const [service, url] of Object.entries(serviceUrls) as Array<[ServiceName, string]>) {
    pools.set(
      service,
      new Pool(new URL(url).origin, {
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
      }),
    );
  }
  return pools;
}

export async function closeUpstreams(upstreams: Upstreams): Promise<void> {
  await Promise.all([...upstreams.values()].map((pool) => pool.close()));
}
