import { ADMIN_USER_PROFILE_MESSAGES, type AdminUserProfile } from '@wfm/contracts';
import { conflict, notFound, writeEvent, type Sql, type StaffIdentity } from '@wfm/service-kit';
import * as repo from './admin-profile-repository.ts';
import { hashAnonToken } from './tokens.ts';
import { findVisitorByTokenHash, profileConflict } from './visitor-repository.ts';

export function listProfiles(sql: Sql, limit: number, offset: number): Promise<AdminUserProfile[]> {
  return repo.listProfiles(sql, limit, offset);
}

/** The visitor a row id or an anonymous token (AdminUserProfileId) stands for, or null. */
async function visitorIdOf(sql: Sql, id: number | string): Promise<number | null> {
  if (typeof id === 'number') return id;
  return (await findVisitorByTokenHash(sql, hashAnonToken(id)))?.id ?? null;
}

/** `username` has passed the AdminUsername contract. The change is reported to the audit log. */
export async function renameProfile(
  sql: Sql,
  staff: StaffIdentity,
  id: number | string,
  username: string,
): Promise<AdminUserProfile> {
  const visitorId = await visitorIdOf(sql, id);
  if (visitorId === null) throw notFound(ADMIN_USER_PROFILE_MESSAGES.notFound);
  try {
    return await sql.begin(async (tx) => {
      const renamed = await repo.renameProfile(tx, visitorId, username);
      if (!renamed) throw notFound(ADMIN_USER_PROFILE_MESSAGES.notFound);
      await writeEvent(tx, 'identity.staff.action', {
        staff_id: staff.id,
        staff_username: staff.username,
        role: staff.role,
        action: 'user-profile.username.update',
        target_type: 'user_profile',
        target_id: String(visitorId),
        at: Date.now(),
      });
      return renamed;
    });
  } catch (err) {
    // The unique index on lower(username) decides, also between concurrent renames and sign-ups.
    if (profileConflict(err) === 'username_taken') throw conflict(ADMIN_USER_PROFILE_MESSAGES.unavailable);
    throw err;
  }
}
