import type { FastifyRequest } from 'fastify';
import { hashAnonToken } from './tokens.ts';

/** Keyed by a hash, so the counters' store never holds a token; requests without one skip it. */
export const byToken = (req: FastifyRequest): string | null => {
  const token = req.headers['x-anon-token'];
  return typeof token === 'string' && token.length > 0 ? hashAnonToken(token).toString('base64url') : null;
};
