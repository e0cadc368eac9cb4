import type { FastifyInstance } from 'fastify';
import { byIp, keyByVisitor, rateLimits } from '@wfm/service-kit';

const MINUTE = 60_000;

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
