import { ADMIN_USER_PROFILE_MESSAGES, type AdminUserProfile } from '@wfm/contracts/identity';
import {
  cleanDisplayName,
  conflict,
  nameKey,
  notFound,
  recordStaffAction,
  type ServiceContext,
  type Sql,
  type StaffIdentity,
} from '@wfm/service-kit';
import { hashAnonToken } from './visitors-tokens.ts';
import { isNameUnavailable } from './visitors-service.ts';
import { findVisitorByTokenHash, listStaffProfiles, lockNameKey, profileConflict, renameProfileAsStaff } from './visitors-repository.ts';

export function listProfiles(ctx: Pick<ServiceContext, 'sql'>, limit: number, offset: number): Promise<AdminUserProfile[]> {
  return listStaffProfiles(ctx.sql, limit, offset);
}

/** The visitor a row id or an anonymous token (AdminUserProfileId) stands for, or null. */
async function visitorIdOf(sql: Sql, id: number | string): Promise<number | null> {
  if (typeof id === 'number') return id;
  return (await findVisitorByTokenHash(sql, hashAnonToken(id)))?.id ?? null;
}

/**
 * `input` has passed the AdminUsername contract. The name obeys the visitors' name rule
 * (isNameUnavailable: no reserved word, no look-alike of a staff name or of another member's
 * username; 409 ADMIN_USER_PROFILE_MESSAGES.unavailable) and is stored cleaned (kit cleanDisplayName:
 * NFKC, no invisible characters), otherwise as typed. The change is reported to the audit log.
 */
export async function renameProfile(
  ctx: Pick<ServiceContext, 'sql' | 'staffActionLog'>,
  staff: StaffIdentity,
  id: number | string,
  input: string,
): Promise<AdminUserProfile> {
  const { sql } = ctx;
  const username = cleanDisplayName(input);
  const visitorId = await visitorIdOf(sql, id);
  if (visitorId === null) throw notFound(ADMIN_USER_PROFILE_MESSAGES.notFound);
  try {
    return await sql.begin(async (tx) => {
      await lockNameKey(tx, nameKey(username));
      if (await isNameUnavailable(tx, username, visitorId)) throw conflict(ADMIN_USER_PROFILE_MESSAGES.unavailable);
      const renamed = await renameProfileAsStaff(tx, visitorId, username);
      if (!renamed) throw notFound(ADMIN_USER_PROFILE_MESSAGES.notFound);
      await recordStaffAction(tx, ctx, staff, {
        action: 'user-profile.username.update',
        target: { type: 'user_profile', id: visitorId },
      });
      return renamed;
    });
  } catch (err) {
    // The unique index on lower(username) decides, also between concurrent renames and sign-ups.
    if (profileConflict(err) === 'username_taken') throw conflict(ADMIN_USER_PROFILE_MESSAGES.unavailable);
    throw err;
  }
}
