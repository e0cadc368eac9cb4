import type { StaffRole } from '@wfm/contracts/shared';
import type { Db } from '@wfm/service-kit';

/** A session ends after this long without a request... */
export const SESSION_IDLE_SECONDS = 30 * 60;
/** ...and this long after login, however active. */
export const SESSION_MAX_AGE_SECONDS = 12 * 60 * 60;

export interface SessionStaff {
  id: number;
  username: string;
  role: StaffRole;
}

export async function insertSession(db: Db, idHash: Buffer, staffId: number): Promise<void> {
  await db`INSERT INTO staff_sessions (id_hash, staff_id) VALUES (${idHash}, ${staffId})`;
}

/**
 * The active staff member owning a live session, recording the activity (the idle timeout slides).
 * Null for an unknown, idle-expired or too old session, or an inactive account.
 */
export async function touchSession(db: Db, idHash: Buffer): Promise<SessionStaff | null> {
  const rows = await db<SessionStaff[]>`
    WITH live AS (
      UPDATE staff_sessions SET last_seen_at = now()
      WHERE id_hash = ${idHash}
        AND last_seen_at > now() - make_interval(secs => ${SESSION_IDLE_SECONDS})
        AND created_at > now() - make_interval(secs => ${SESSION_MAX_AGE_SECONDS})
      RETURNING staff_id
    )
    SELECT s.id, s.username, s.role FROM live JOIN staff s ON s.id = live.staff_id WHERE s.active`;
  return rows[0] ?? null;
}

export async function deleteSession(db: Db, idHash: Buffer): Promise<number | null> {
  const rows = await db<{ staffId: number }[]>`
    DELETE FROM staff_sessions WHERE id_hash = ${idHash} RETURNING staff_id AS "staffId"`;
  return rows[0]?.staffId ?? null;
}

/** Ends every session of a staff member, except `keep` when given. */
export async function deleteSessionsOf(db: Db, staffId: number, keep?: Buffer): Promise<void> {
  if (keep) await db`DELETE FROM staff_sessions WHERE staff_id = ${staffId} AND id_hash <> ${keep}`;
  else await db`DELETE FROM staff_sessions WHERE staff_id = ${staffId}`;
}

export async function deleteExpiredSessions(db: Db): Promise<void> {
  await db`
    DELETE FROM staff_sessions
    WHERE last_seen_at < now() - make_interval(secs => ${SESSION_IDLE_SECONDS})
       OR created_at < now() - make_interval(secs => ${SESSION_MAX_AGE_SECONDS})`;
}
