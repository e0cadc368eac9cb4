import { createHash } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { HttpError } from './errors.ts';

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
