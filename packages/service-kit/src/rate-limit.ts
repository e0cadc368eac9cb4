import { createHash } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { HttpError, tooManyRequests } from './errors.ts';

export const RATE_LIMIT_MESSAGE = 'Too many requests, please try again later.';

/**
 * @fastify/rate-limit with global: false, so only routes with `config: { rateLimit: {...} }` (and
 * limiters made with app.rateLimit / app.createRateLimit) are limited. Counters live in Redis when
 * a client is given, so every replica shares them; otherwise in memory. If Redis fails, requests
 * are let through rather than refused.
 */
export async function registerRateLimit(
  app: FastifyInstance,
  opts: { redis?: Redis | undefined; namespace: string },
): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    redis: opts.redis,
    nameSpace: `wfm-rl:${opts.namespace}:`,
    skipOnError: true,
    errorResponseBuilder: (_req, ctx) => new HttpError(ctx.statusCode, RATE_LIMIT_MESSAGE),
  });
}

/**
 * A keyGenerator counting per visitor: the anonymous token when the request carries one (hashed,
 * so the counter store never holds a token), else the client IP.
 */
export function keyByVisitor(req: FastifyRequest): string {
  const token = req.headers['x-anon-token'];
  if (typeof token === 'string' && token.length > 0) {
    return `anon:${createHash('sha256').update(token).digest('base64url').slice(0, 32)}`;
  }
  return `ip:${req.ip}`;
}

export interface Limit {
  /** Unique per limit: it namespaces the counters, which all limiters of a service share. */
  name: string;
  max: number;
  windowMs: number;
  /** Who is counted; null skips this limit for the request. */
  key: (req: FastifyRequest) => string | null;
}

/** Counts per client IP (as forwarded by trusted proxies). */
export const byIp = (req: FastifyRequest): string => `ip:${req.ip}`;

/**
 * An onRequest hook enforcing every limit in `limits` before the body is read (each counted
 * separately, e.g. per visitor and per IP); the first one exceeded answers 429 with Retry-After.
 */
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
