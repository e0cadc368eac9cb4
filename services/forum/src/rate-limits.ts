import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { keyByVisitor, tooManyRequests } from '@wfm/service-kit';

const MINUTE = 60_000;

interface Limit {
  /** Namespaces the counters, which all limiters share. */
  name: string;
  max: number;
  windowMs: number;
  key: (req: FastifyRequest) => string;
}

const byIp = (req: FastifyRequest): string => `ip:${req.ip}`;

/**
 * Abuse limits per visitor (token, else IP) and per IP, per minute. The IP limits are several
 * times the visitor ones, so a shared address (office, NAT) still works for a handful of people.
 */
export const FORUM_LIMITS = {
  post: { visitor: 10, ip: 60 },
  comment: { visitor: 20, ip: 120 },
  upvote: { visitor: 120, ip: 600 },
  report: { visitor: 10, ip: 60 },
  suggestion: { visitor: 5, ip: 30 },
  upload: { visitor: 10, ip: 40 },
} as const;

/** An onRequest hook enforcing the visitor and IP limits of one kind of write. */
export function writeLimits(app: FastifyInstance, kind: keyof typeof FORUM_LIMITS) {
  const { visitor, ip } = FORUM_LIMITS[kind];
  return rateLimits(app, [
    { name: `${kind}-visitor`, max: visitor, windowMs: MINUTE, key: keyByVisitor },
    { name: `${kind}-ip`, max: ip, windowMs: MINUTE, key: byIp },
  ]);
}

function rateLimits(app: FastifyInstance, limits: Limit[]) {
  const checks = limits.map((limit) => ({
    limit,
    check: app.createRateLimit({
      max: limit.max,
      timeWindow: limit.windowMs,
      keyGenerator: (req) => `${limit.name}:${limit.key(req)}`,
    }),
  }));
  return async (req: FastifyRequest, reply: FastifyReply): Promise<void> => {
    for (const { check } of checks) {
      const result = await check(req);
      if (!result.isAllowed && result.isExceeded) {
        reply.header('retry-after', result.ttlInSeconds);
        throw tooManyRequests();
      }
    }
  };
}
