import {
  AnonToken,
  AUTHOR_NAME_MESSAGES,
  USERNAME_MESSAGES,
  Username,
  type CreateProfileResponse,
  type CreateSessionResponse,
  type UserProfileResponse,
} from '@wfm/contracts/identity';
import { ANONYMOUS } from '@wfm/contracts/shared';
import {
  ANONYMOUS_KEY,
  badRequest,
  cleanDisplayName,
  conflict,
  nameKey,
  nameKeys,
  notFound,
  reservedWordIn,
  unauthorized,
  writeEvent,
  type Db,
  type ServiceContext,
  type Visitor,
} from '@wfm/service-kit';
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
 * refuses the token for per-visitor writes. The username stays taken.
 */
export async function revokeVisitorToken(ctx: Ctx, token: string, visitor: Visitor): Promise<{ revoked: boolean }> {
  return ctx.sql.begin(async (tx) => {
    const revoked = await visitors.revokeVisitor(tx, hashAnonToken(token));
    await writeEvent(tx, 'identity.visitor.revoked', { revocation: visitor.revocation, at: ctx.now() });
    return { revoked };
  });
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

/**
 * The one name rule (service-kit names.ts), for usernames, author names and staff renames alike: a
 * name is unavailable when it has a reserved word (also inside: `the_moderator`, `Admin Team`), or
 * its key (look-alikes folded: `Аdmin`, `ａｄｍｉｎ`, `ad\u200Bmin`) is a staff account name's
 * (current or former) or, unless it is `ownerVisitorId`'s own, a member's username.
 */
export async function isNameUnavailable(db: Db, name: string, ownerVisitorId: number | null = null): Promise<boolean> {
  const keys = nameKeys(name);
  if (nameKey(name) === '' || keys.includes(ANONYMOUS_KEY) || reservedWordIn(name)) return true;
  if (await isStaffName(db, name)) return true;
  return visitors.isNameKeyTaken(db, keys, ownerVisitorId);
}

/**
 * The author name the visitor holding `token` may write under (no impersonation): their own
 * username (any look-alike of it is written as the username), `Anonymous` (any look-alike of it),
 * or a cleaned name (kit `cleanDisplayName`) that `isNameUnavailable` lets through. Every refusal is the
 * one message AUTHOR_NAME_MESSAGES.taken: reserved, staff and member names are not told apart.
 */
export async function acceptAuthorName(ctx: Ctx, token: string | undefined, input: string): Promise<string> {
  const name = cleanDisplayName(input);
  const keys = nameKeys(name);
  if (keys.includes(ANONYMOUS_KEY)) return ANONYMOUS;
  const visitor = token === undefined ? null : await findVisitor(ctx, token);
  if (visitor?.username && keys.includes(nameKey(visitor.username))) return visitor.username;
  if (await isNameUnavailable(ctx.sql, name)) throw badRequest(AUTHOR_NAME_MESSAGES.taken);
  return name;
}

/** Format errors are a 400 with the rule's message; a taken, look-alike, reserved or inappropriate name is unavailable. */
export async function isUsernameAvailable(ctx: Ctx, input: string): Promise<boolean> {
  const parsed = Username.safeParse(input);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? USERNAME_MESSAGES.badChars);
  const username = parsed.data;
  if (isProfane(username)) return false;
  return !(await isNameUnavailable(ctx.sql, username));
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

  try {
    return await ctx.sql.begin(async (tx) => {
      // Under the key's lock, so a look-alike signing up at the same moment waits and then sees this one.
      await visitors.lockNameKey(tx, nameKey(username));
      if (await isNameUnavailable(tx, username)) throw conflict(USERNAME_MESSAGES.taken);
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
