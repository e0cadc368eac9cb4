import { createHash } from 'node:crypto';

/**
 * What the database keeps instead of the token. A plain SHA-256 is enough here: the token is a
 * 256-bit random secret, so there is nothing to brute-force that a slow password hash would protect,
 * and a fast deterministic hash lets every request find its visitor through a unique index.
 * Tokens are issued by the kit's issueVisitorToken (app.issueVisitorToken): `<id>.<tag>`.
 */
export function hashAnonToken(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}
