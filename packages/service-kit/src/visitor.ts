import { createHmac, randomBytes } from 'node:crypto';
import { isBase64urlOf } from './signed-tags.ts';
import type { FastifyRequest } from 'fastify';
import { unauthorized } from './errors.ts';

/**
 * Anonymous visitor tokens, verified without a call to the identity service.
 *
 * A token is `<id>.<tag>`: `id` is 32 random bytes (base64url, 43 characters) and `tag` the first
 * 16 bytes of HMAC-SHA256(VISITOR_TOKEN_SECRET, "anon-token:v1:" + id) (base64url, 22 characters).
 * Only the identity service issues tokens; every service checks the tag with the shared secret, so a
 * string a client made up is never a visitor. Services never store the token or the id: each keeps a
 * keyed hash under a key derived for that service alone, so two schemas (or their backups) hold
 * different values for the same visitor and cannot be joined on them.
 */

const ID_BYTES = 32;
const TAG_BYTES = 16;
const TAG_LABEL = 'anon-token:v1:';
const REVOCATION_LABEL = 'anon-token-revocation:v1:';
export const VISITOR_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{22}$/;
export const VISITOR_TOKEN_HEADER = 'x-anon-token';
export const VISITOR_REQUIRED_MESSAGE = 'A valid x-anon-token header is required';

/** The visitor behind a verified token, as one service sees it. */
export interface Visitor {
  /** Keyed per-service hash (32 bytes): what the service stores for "this visitor". */
  hash: Buffer;
  /** The same hash as text, for rate-limit keys and maps. */
  key: string;
  /**
   * The token's revocation key (base64url): the same in every service, what identity publishes in
   * `identity.visitor.revoked` (never the token) and what kit_revoked_visitors holds.
   */
  revocation: string;
}

function tagOf(secret: string, id: string): Buffer {
  return createHmac('sha256', secret).update(TAG_LABEL + id).digest().subarray(0, TAG_BYTES);
}

/** A new token. Called by the identity service only. */
export function issueVisitorToken(secret: string): string {
  const id = randomBytes(ID_BYTES).toString('base64url');
  return `${id}.${tagOf(secret, id).toString('base64url')}`;
}

/**
 * The token of a known id (identity only): the recovery phrase gives a visitor's id back, and the
 * restored device gets the very token the id makes, so every service's hash of it is unchanged.
 */
export function visitorTokenForId(secret: string, id: string): string {
  if (!/^[A-Za-z0-9_-]{43}$/.test(id)) throw new Error('not a visitor token id');
  return `${id}.${tagOf(secret, id).toString('base64url')}`;
}

/** A key derived from VISITOR_TOKEN_SECRET for one purpose (identity's recovery lookup key). */
export function visitorSecretKey(secret: string, purpose: string): Buffer {
  return createHmac('sha256', secret).update(`visitor-secret-key:${purpose}`).digest();
}

/** The token's id when its tag was made with `secret`, else null (any malformed input included). */
export function verifyVisitorToken(secret: string, token: unknown): string | null {
  if (typeof token !== 'string' || !VISITOR_TOKEN_PATTERN.test(token)) return null;
  const [id, tag] = token.split('.') as [string, string];
  return isBase64urlOf(tag, tagOf(secret, id)) ? id : null;
}

/** The revocation key of a token id: HMAC-SHA256(secret, label + id), base64url (43 characters). */
export function revocationKeyOf(secret: string, id: string): string {
  return createHmac('sha256', secret).update(REVOCATION_LABEL + id).digest('base64url');
}

/**
 * Derives the per-service hashing key once; `hash(token)` then answers the service's view of the
 * visitor for a verified token, or null for anything identity did not issue.
 */
export function createVisitorVerifier(secret: string, service: string) {
  const serviceKey = createHmac('sha256', secret).update(`visitor-hash:${service}`).digest();
  return (token: unknown): Visitor | null => {
    const id = verifyVisitorToken(secret, token);
    if (id === null) return null;
    const hash = createHmac('sha256', serviceKey).update(id).digest();
    return { hash, key: hash.toString('base64url'), revocation: revocationKeyOf(secret, id) };
  };
}
export type VisitorVerifier = ReturnType<typeof createVisitorVerifier>;

/** The request's verified visitor, or a 401 with a message (for per-visitor writes). */
export function requireVisitor(request: FastifyRequest): Visitor {
  if (!request.visitor) throw unauthorized(VISITOR_REQUIRED_MESSAGE);
  return request.visitor;
}
