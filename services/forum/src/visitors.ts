import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

const MAX_TOKEN_LENGTH = 200;

/** SHA-256 of an anonymous token: what the forum stores instead of the token (My Posts, votes). */
export function hashToken(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}

/** The x-anon-token the request carries, when it looks like one. */
export function anonToken(req: FastifyRequest): string | null {
  const token = req.headers['x-anon-token'];
  return typeof token === 'string' && token.length > 0 && token.length <= MAX_TOKEN_LENGTH ? token : null;
}

/** Hash of the request's visitor token, or null without one. */
export function visitorHash(req: FastifyRequest): Buffer | null {
  const token = anonToken(req);
  return token === null ? null : hashToken(token);
}

/** Who an upvote belongs to: the visitor token, or the client address for visitors without one. */
export function voterHash(req: FastifyRequest): Buffer {
  return visitorHash(req) ?? createHash('sha256').update(`ip:${req.ip}`, 'utf8').digest();
}
