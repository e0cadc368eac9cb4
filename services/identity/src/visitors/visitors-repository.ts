import type { AdminUserProfile } from '@wfm/contracts/identity';
import { nameKey, type Db } from '@wfm/service-kit';

export interface Visitor {
  id: number;
  lastSeenAt: Date;
  username: string | null;
  profileCreatedAt: Date | null;
}

export interface Profile {
  username: string;
  createdAt: Date;
}

export async function insertVisitor(db: Db, tokenHash: Buffer): Promise<void> {
  await db`INSERT INTO visitors (token_hash) VALUES (${tokenHash})`;
}

export async function findVisitorByTokenHash(db: Db, tokenHash: Buffer): Promise<Visitor | null> {
  const rows = await db<Visitor[]>`
    SELECT v.id, v.last_seen_at AS "lastSeenAt", p.username, p.created_at AS "profileCreatedAt"
    FROM visitors v LEFT JOIN profiles p ON p.visitor_id = v.id
    WHERE v.token_hash = ${tokenHash} AND v.revoked_at IS NULL`;
  return rows[0] ?? null;
}

/** Marks the visitor of a token revoked; false when there was no such live token. */
export async function revokeVisitor(db: Db, tokenHash: Buffer): Promise<boolean> {
  const rows = await db`
    UPDATE visitors SET revoked_at = now() WHERE token_hash = ${tokenHash} AND revoked_at IS NULL RETURNING id`;
  return rows.length > 0;
}

/** Moves last_seen_at forward unless it already moved within `minIntervalSeconds`. */
export async function touchVisitor(db: Db, visitorId: number, minIntervalSeconds: number): Promise<void> {
  await db`
    UPDATE visitors SET last_seen_at = now()
    WHERE id = ${visitorId} AND last_seen_at < now() - make_interval(secs => ${minIntervalSeconds})`;
}

/**
 * True when a profile (other than `exceptVisitorId`'s) has one of these name keys (service-kit nameKeys):
 * `rnike` is taken when `mike` is, `john_smith` when `johnsmith` is.
 */
export async function isNameKeyTaken(db: Db, keys: string[], exceptVisitorId: number | null = null): Promise<boolean> {
  const rows = await db`
    SELECT 1 FROM profiles WHERE name_key = ANY(${keys}::text[]) AND visitor_id IS DISTINCT FROM ${exceptVisitorId} LIMIT 1`;
  return rows.length > 0;
}

/**
 * Serialises the writes of one name key until the transaction ends, so two sign-ups (or a sign-up
 * and a staff rename) of look-alike names cannot both pass the look-up and both be written.
 */
export async function lockNameKey(tx: Db, key: string): Promise<void> {
  await tx`SELECT pg_advisory_xact_lock(hashtextextended(${`identity.name_key:${key}`}, 0))`;
}

export async function insertProfile(db: Db, visitorId: number, username: string): Promise<Profile> {
  const rows = await db<Profile[]>`
    INSERT INTO profiles (visitor_id, username, name_key) VALUES (${visitorId}, ${username}, ${nameKey(username)})
    RETURNING username, created_at AS "createdAt"`;
  return rows[0]!;
}

export type ProfileConflict = 'already_set' | 'username_taken';

/** Which rule a failed profile insert broke, when the failure is a unique violation. */
export function profileConflict(err: unknown): ProfileConflict | null {
  if (!isUniqueViolation(err)) return null;
  if (err.constraint_name === 'profiles_pkey') return 'already_set';
  if (err.constraint_name === 'profiles_username_lower_key') return 'username_taken';
  return null;
}

function isUniqueViolation(err: unknown): err is { code: string; constraint_name?: string } {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23505';
}

/** A profile as staff see it. */
interface StaffProfileRow {
  id: number;
  username: string;
  tokenFingerprint: string;
  createdAt: Date;
  updatedAt: Date;
  lastSeen: Date;
}

const toStaffProfile = (row: StaffProfileRow): AdminUserProfile => ({
  id: row.id,
  username: row.username,
  token_fingerprint: row.tokenFingerprint,
  anon_token: row.tokenFingerprint,
  created_at: row.createdAt.getTime(),
  updated_at: row.updatedAt.getTime(),
  last_seen: row.lastSeen.getTime(),
});

/**
 * The first 4 bytes (8 hex characters) of SHA-256 over a label and the stored token hash: enough to
 * tell visitors apart in the panel, and no help in finding the token (which the database never had).
 */
const STAFF_PROFILE_COLUMNS = `
  p.visitor_id AS id, p.username,
  encode(substring(sha256('wfm-admin-fingerprint:'::bytea || v.token_hash) FROM 1 FOR 4), 'hex') AS "tokenFingerprint",
  p.created_at AS "createdAt", p.updated_at AS "updatedAt", v.last_seen_at AS "lastSeen"`;

/** Profiles newest first, as staff see them. */
export async function listStaffProfiles(db: Db, limit: number, offset: number): Promise<AdminUserProfile[]> {
  const rows = await db<StaffProfileRow[]>`
    SELECT ${db.unsafe(STAFF_PROFILE_COLUMNS)} FROM profiles p JOIN visitors v ON v.id = p.visitor_id
    ORDER BY p.created_at DESC, p.visitor_id DESC
    LIMIT ${limit} OFFSET ${offset}`;
  return rows.map(toStaffProfile);
}

/** Null when the visitor has no profile. */
export async function renameProfileAsStaff(db: Db, visitorId: number, username: string): Promise<AdminUserProfile | null> {
  const rows = await db<StaffProfileRow[]>`
    WITH renamed AS (
      UPDATE profiles SET username = ${username}, name_key = ${nameKey(username)}, updated_at = now()
      WHERE visitor_id = ${visitorId}
      RETURNING *
    )
    SELECT ${db.unsafe(STAFF_PROFILE_COLUMNS)} FROM renamed p JOIN visitors v ON v.id = p.visitor_id`;
  return rows[0] ? toStaffProfile(rows[0]) : null;
}

/**
 * Writes the name key of profiles that have none (migration 005 keys only [a-z0-9_-] usernames;
 * staff renames kept as typed, and rows written by older code, get theirs here). Run at start.
 */
export async function fillMissingNameKeys(db: Db): Promise<number> {
  let filled = 0;
  for (;;) {
    const rows = await db<{ visitor_id: number; username: string }[]>`
      SELECT visitor_id, username FROM profiles WHERE name_key IS NULL LIMIT 500`;
    if (rows.length === 0) return filled;
    for (const row of rows) {
      await db`UPDATE profiles SET name_key = ${nameKey(row.username)} WHERE visitor_id = ${row.visitor_id} AND username = ${row.username}`;
    }
    filled += rows.length;
  }
}
