import { createHash, randomBytes } from 'node:crypto';

/** A new anonymous token: 32 random bytes as base64url (43 characters). */
export function newAnonToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * What the database keeps instead of the token. A plain SHA-256 is enough here: the token is a
 * 256-bit random secret, so there is nothing to brute-force that a slow password hash would protect,
 * and a fast deterministic hash lets every request find its visitor through a unique index.
 */
export function hashAnonToken(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}
