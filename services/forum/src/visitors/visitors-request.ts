import { createHmac } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ANONYMOUS } from '@wfm/contracts/shared';
import { clientAddressKey, type ServiceContext } from '@wfm/service-kit';

/**
 * What the forum's routes and hooks read from a request. The forum's view of a visitor is the kit's
 * `request.visitor`: a token identity issued (HMAC tag) and did not revoke, stored as the kit's
 * keyed per-service hash (`visitor.hash`). Any other x-anon-token is no visitor: reads ignore it,
 * per-visitor writes answer 401 (requireVisitor).
 */

/** The request's verified visitor hash (authorship, uploads, active members), or null. */
export function visitorHash(req: FastifyRequest): Buffer | null {
  return req.visitor?.hash ?? null;
}

/** For a token found elsewhere (the My Posts `anon_token` query): its hash, or null when identity did not issue it or revoked it. */
export const verifiedVisitorHash =
  (app: Pick<FastifyInstance, 'visitorOf'>) =>
  async (token: string): Promise<Buffer | null> =>
    (await app.visitorOf(token))?.hash ?? null;

/**
 * The author name to store (no impersonation): `Anonymous` for anonymous writes, else the name
 * the kit's author-name check accepts (own username, Anonymous, or a name no member registered;
 * 400 with a message otherwise, 503 when identity cannot answer).
 */
export async function acceptAuthorName(
  ctx: Pick<ServiceContext, 'identity'>,
  req: FastifyRequest,
  input: { author_name?: string | undefined; isAnonymous?: boolean | undefined },
): Promise<string> {
  if (input.isAnonymous || !input.author_name) return ANONYMOUS;
  return ctx.identity.acceptAuthorName(req, input.author_name);
}

/**
 * A keyed hash of the request's address key (IPv4 address or IPv6 /64, the kit's clientAddressKey):
 * what a report keeps of where it came from, so auto-hide can count distinct addresses without the
 * forum storing any address. The key comes from VISITOR_TOKEN_SECRET (kit visitorTokens.secretKey).
 */
export function addressHashOf(app: Pick<FastifyInstance, 'visitorTokens'>, req: FastifyRequest): Buffer {
  return createHmac('sha256', app.visitorTokens.secretKey('forum-report-address')).update(clientAddressKey(req.ip)).digest();
}
