import {
  AnonToken,
  AUTHOR_NAME_MESSAGES,
  RESERVED_AUTHOR_NAMES,
  USERNAME_MESSAGES,
  Username,
  type CreateProfileResponse,
  type CreateSessionResponse,
  type UserProfileResponse,
  type VisitorStandingResponse,
} from '@wfm/contracts/identity';
import { ANONYMOUS } from '@wfm/contracts/shared';
import { badRequest, conflict, notFound, unauthorized, writeEvent, type ServiceContext, type Visitor } from '@wfm/service-kit';
import type { IdentityContext } from '../context.ts';
import { isProfane } from './visitors-profanity.ts';
import { isStaffName } from '../staff-names/staff-names-repository.ts';
import { hashAnonToken } from './visitors-tokens.ts';
import * as visitors from './visitors-repository.ts';

/** last_seen_at is moved at most this often per visitor, so reads stay reads. */
const LAST_SEEN_RESOLUTION_SECONDS = 60;

/** What the visitor functions read from the service context. */
type Ctx = Pick<ServiceContext, 'sql' | 'now'>;

export const IDENTITY_MESSAGES = {
  profileNotFound: 'Profile not found',
  tokenRequired: 'A valid x-anon-token header is required',
} as const;

/** A new visitor token (POST /api/session): it carries the tag every service verifies. */
export async function issueVisitorToken(
  ctx: Pick<IdentityContext, 'sql' | 'visitorTokens'>,
): Promise<CreateSessionResponse> {
  const token = ctx.visitorTokens.issue();
  await visitors.insertVisitor(ctx.sql, hashAnonToken(token));
  return { anon_token: token };
}

/**
 * Ends the token of the request's (verified) visitor: its row no longer answers to it, and the
 * identity.visitor.revoked event carries the kit's revocation key to every service, which then
 * refuses the token for every per-visitor read and write, and to the gateway, which drops its sockets. The username stays taken.
 */
export async function revokeVisitorToken(ctx: Ctx, token: string, visitor: Visitor): Promise<{ revoked: boolean }> {
  return ctx.sql.begin(async (tx) => {
    const revoked = await visitors.revokeVisitor(tx, hashAnonToken(token));
    await writeEvent(tx, 'identity.visitor.revoked', { revocation: visitor.revocation, at: ctx.now() });
    return { revoked };
  });
}

/**
 * The standing of `token` as identity knows it now (its own table, not the kit's copy fed by the
 * event): `good` only for a token identity issued and has not revoked.
 */
export async function visitorStanding(ctx: Pick<ServiceContext, 'sql'>, token: string | undefined): Promise<VisitorStandingResponse> {
  if (token === undefined || !AnonToken.safeParse(token).success) return { standing: 'revoked' };
  return { standing: (await visitors.isLiveToken(ctx.sql, hashAnonToken(token))) ? 'good' : 'revoked' };
}

/**
 * The visitor holding `token`, or null. Also records that the visitor was seen, at most once per
 * LAST_SEEN_RESOLUTION_SECONDS.
 */
export async function findVisitor(ctx: Ctx, token: string | undefined): Promise<visitors.Visitor | null> {
  if (token === undefined || !AnonToken.safeParse(token).success) return null;
  const visitor = await visitors.findVisitorByTokenHash(ctx.sql, hashAnonToken(token));
  if (visitor && ctx.now() - visitor.lastSeenAt.getTime() >= LAST_SEEN_RESOLUTION_SECONDS * 1000) {
    await visitors.touchVisitor(ctx.sql, visitor.id, LAST_SEEN_RESOLUTION_SECONDS);
  }
  return visitor;
}

export async function getProfile(ctx: Ctx, token: string): Promise<UserProfileResponse> {
  const visitor = await findVisitor(ctx, token);
  if (!visitor) throw notFound(IDENTITY_MESSAGES.profileNotFound);
  // A visitor who has not chosen a username yet is an answer, not a failure: a 404 here was a
  // failed request in every first visitor's browser console (issue 15, Lighthouse best practices).
  if (!visitor.username || !visitor.profileCreatedAt) return { username: null, created_at: null };
  return { username: visitor.username, created_at: visitor.profileCreatedAt.getTime() };
}

export async function hasProfile(ctx: Ctx, token: string): Promise<boolean> {
  const visitor = await findVisitor(ctx, token);
  return Boolean(visitor?.username);
}

const RESERVED_USERNAMES = new Set<string>([...RESERVED_AUTHOR_NAMES, ANONYMOUS.toLowerCase()]);

/** Reserved words, `anonymous` and staff names (current and former) are never usernames. */
async function isReservedUsername(ctx: Ctx, username: string): Promise<boolean> {
  return RESERVED_USERNAMES.has(username.toLowerCase()) || (await isStaffName(ctx.sql, username));
}

/**
 * The author name the visitor holding `token` may write under (no impersonation): their own
 * username, `Anonymous`, or a name that no member registered; staff names (current and former) and
 * the reserved words are refused. Case-insensitive; the name is trimmed.
 */
export async function acceptAuthorName(ctx: Ctx, token: string | undefined, input: string): Promise<string> {
  const name = input.trim();
  const folded = name.toLowerCase();
  if (name === '') throw badRequest(AUTHOR_NAME_MESSAGES.reserved);
  if (folded === ANONYMOUS.toLowerCase()) return ANONYMOUS;
  const visitor = token === undefined ? null : await findVisitor(ctx, token);
  if (visitor?.username && visitor.username.toLowerCase() === folded) return visitor.username;
  if (RESERVED_USERNAMES.has(folded) || (await isStaffName(ctx.sql, folded))) throw badRequest(AUTHOR_NAME_MESSAGES.reserved);
  if (await visitors.isUsernameTaken(ctx.sql, folded)) throw badRequest(AUTHOR_NAME_MESSAGES.memberName);
  return name;
}

/** Format errors are a 400 with the rule's message; a taken or inappropriate name is unavailable. */
export async function isUsernameAvailable(ctx: Ctx, input: string): Promise<boolean> {
  const parsed = Username.safeParse(input);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? USERNAME_MESSAGES.badChars);
  const username = parsed.data;
  if (isProfane(username)) return false;
  if (await isReservedUsername(ctx, username)) return false;
  return !(await visitors.isUsernameTaken(ctx.sql, username));
}

/** `username` has passed the Username contract (trimmed, lower-cased, format checked). */
export async function createProfile(
  ctx: Ctx,
  token: string | undefined,
  username: string,
): Promise<CreateProfileResponse> {
  const visitor = await findVisitor(ctx, token);
  if (!visitor) throw unauthorized(IDENTITY_MESSAGES.tokenRequired);
  if (visitor.username) throw conflict(USERNAME_MESSAGES.alreadySet);
  if (isProfane(username)) throw badRequest(USERNAME_MESSAGES.inappropriate);
  if (await isReservedUsername(ctx, username)) throw conflict(USERNAME_MESSAGES.taken);

  try {
    return await ctx.sql.begin(async (tx) => {
      const profile = await visitors.insertProfile(tx, visitor.id, username);
      const created = { username: profile.username, created_at: profile.createdAt.getTime() };
      await writeEvent(tx, 'identity.profile.created', created);
      return created;
    });
  } catch (err) {
    // Two requests can pass the checks above at once; the database's unique indexes decide.
    const conflictKind = visitors.profileConflict(err);
    if (conflictKind === 'already_set') throw conflict(USERNAME_MESSAGES.alreadySet);
    if (conflictKind === 'username_taken') throw conflict(USERNAME_MESSAGES.taken);
    throw err;
  }
}
