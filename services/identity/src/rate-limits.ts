import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { tooManyRequests } from '@wfm/service-kit';
import { hashAnonToken } from './tokens.ts';

export interface Limit {
  /** Unique per limit: it namespaces the counters, which all limiters share. */
  name: string;
  max: number;
  windowMs: number;
  /** Who is counted; null skips this limit for the request. */
  key: (req: FastifyRequest) => string | null;
}

export const byIp = (req: FastifyRequest): string => req.ip;

/** Keyed by a hash, so the counters' store never holds a token. */
export const byToken = (req: FastifyRequest): string | null => {
  const token = req.headers['x-anon-token'];
  return typeof token === 'string' && token.length > 0 ? hashAnonToken(token).toString('base64url') : null;
};

/** An onRequest hook enforcing every limit in `limits` (all counted, before body parsing). */
export function rateLimits(app: FastifyInstance, limits: Limit[]) {
  const checks = limits.map((limit) => ({
    limit,
    check: app.createRateLimit({
      max: limit.max,
      timeWindow: limit.windowMs,
      keyGenerator: (req) => `${limit.name}:${limit.key(req)}`,
    }),
  }));
  return async (req: FastifyRequest, reply: FastifyReply): Promise<void> => {
    for (const { limit, check } of checks) {
      if (limit.key(req) === null) continue;
      const result = await check(req);
      if (!result.isAllowed && result.isExceeded) {
        reply.header('retry-after', result.ttlInSeconds);
        throw tooManyRequests();
      }
    }
  };
}
