import {
  RECOVERY_MESSAGES,
  type CreateRecoveryPhraseResponse,
  type RecoverSessionResponse,
  type RecoveryPhraseStatusResponse,
} from '@wfm/contracts/identity';
import { badRequest, conflict, notFound, unauthorized } from '@wfm/service-kit';
import type { IdentityContext } from '../context.ts';
import { findVisitor, IDENTITY_MESSAGES } from '../visitors/visitors-service.ts';
import { hashAnonToken } from '../visitors/visitors-tokens.ts';
import * as phrases from './recovery-repository.ts';
import {
  burnOneCheck,
  DEFAULT_SCRYPT_COST,
  isValidPhrase,
  lookupOf,
  newPhrase,
  openPhrase,
  sealPhrase,
  type ScryptCost,
} from './recovery-phrase.ts';

/** The key of the prefix lookup (and of the per-prefix limit), derived from VISITOR_TOKEN_SECRET. */
export const lookupKeyOf = (ctx: { readonly visitorTokens: Pick<IdentityContext['visitorTokens'], 'secretKey'> }): Buffer => ctx.visitorTokens.secretKey('identity-recovery-lookup');

const cost = (): ScryptCost => DEFAULT_SCRYPT_COST;

/**
 * A new phrase for the visitor holding `token` (who must have a username); any earlier phrase of the
 * visitor stops working in the same statement. The phrase is answered here once and never stored.
 */
export async function createPhrase(ctx: IdentityContext, token: string | undefined): Promise<CreateRecoveryPhraseResponse> {
  const tokenId = ctx.visitorTokens.idOf(token);
  const visitor = tokenId === null ? null : await findVisitor(ctx, token);
  if (!visitor || tokenId === null) throw unauthorized(IDENTITY_MESSAGES.tokenRequired);
  if (!visitor.username) throw conflict(RECOVERY_MESSAGES.usernameRequired);
  const phrase = newPhrase();
  const sealed = await sealPhrase(phrase, tokenId, lookupKeyOf(ctx), cost());
  const createdAt = await ctx.sql.begin((tx) => phrases.upsertPhrase(tx, visitor.id, sealed));
  return { phrase, created_at: createdAt.getTime() };
}

export async function phraseStatus(ctx: IdentityContext, token: string | undefined): Promise<RecoveryPhraseStatusResponse> {
  const visitor = await findVisitor(ctx, token);
  if (!visitor) throw unauthorized(IDENTITY_MESSAGES.tokenRequired);
  const createdAt = await phrases.phraseCreatedAt(ctx.sql, visitor.id);
  return { has_phrase: createdAt !== null, created_at: createdAt?.getTime() ?? null };
}

/**
 * The token of the visitor whose phrase this is, and their username; nothing else. A phrase with a
 * word off the list or a wrong checksum is a 400 before any hashing; an unknown or wrong phrase is
 * one 404 (after at least one slow hash, so timing does not tell a known prefix from an unknown one).
 * The phrase of a visitor whose token was revoked ("forget this device") brings the username back
 * on a new token (the revoked one stays revoked); see moveToNewToken.
 */
export async function recover(ctx: IdentityContext, phrase: string, retried = false): Promise<RecoverSessionResponse> {
  if (!isValidPhrase(phrase)) throw badRequest(RECOVERY_MESSAGES.malformed);
  const candidates = await phrases.findCandidates(ctx.sql, lookupOf(lookupKeyOf(ctx), phrase));
  if (candidates.length === 0) await burnOneCheck(phrase, cost());
  for (const candidate of candidates) {
    const tokenId = await openPhrase(phrase, candidate, cost());
    if (tokenId === null) continue;
    const token = ctx.visitorTokens.forId(tokenId);
    // The sealed id must still be this visitor's token (it always is; a mismatch finds nothing).
    if (!hashAnonToken(token).equals(candidate.tokenHash)) continue;
    if (!candidate.revoked) return { anon_token: token, username: candidate.username };
    const moved = await moveToNewToken(ctx, phrase, candidate.visitorId);
    if (moved) return moved;
    // Another recovery of the same phrase moved it a moment ago: its new token is the answer.
    if (!retried) return recover(ctx, phrase, true);
  }
  throw notFound(RECOVERY_MESSAGES.noMatch);
}

/**
 * A revoked token stays revoked (every service refuses it), so the username and the phrase move to
 * a newly issued token, the phrase sealed anew for it. What services keyed by the old token (My
 * Posts, votes, bookings) stays with the old token: only the name comes back.
 */
async function moveToNewToken(ctx: IdentityContext, phrase: string, revokedVisitorId: number): Promise<RecoverSessionResponse | null> {
  const token = ctx.visitorTokens.issue();
  const sealed = await sealPhrase(phrase, ctx.visitorTokens.idOf(token)!, lookupKeyOf(ctx), cost());
  const username = await ctx.sql.begin((tx) => phrases.moveToNewVisitor(tx, revokedVisitorId, hashAnonToken(token), sealed));
  return username === null ? null : { anon_token: token, username };
}
