import type { AdminUserProfile } from '@wfm/contracts/identity';
import type { Db } from '@wfm/service-kit';

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
    WHERE v.token_hash = ${tokenHash} AND v.revoked_at IS NULL
      AND NOT EXISTS (SELECT 1 FROM revoked_tokens r WHERE r.token_hash = ${tokenHash})`;
  return rows[0] ?? null;
}

/**
 * Marks the visitor of a token revoked; false when there was no such live token. The token's hash
 * also goes into revoked_tokens, which a database restore keeps (visitors.revoked_at goes back with
 * the backup's visitors table): a restore never brings a revoked token back.
 */
export async function revokeVisitor(db: Db, tokenHash: Buffer): Promise<boolean> {
  const rows = await db`
    UPDATE visitors SET revoked_at = now() WHERE token_hash = ${tokenHash} AND revoked_at IS NULL RETURNING id`;
  await db`INSERT INTO revoked_tokens (token_hash) VALUES (${tokenHash}) ON CONFLICT DO NOTHING`;
  return rows.length > 0;
}

/** Moves last_seen_at forward unless it already moved within `minIntervalSeconds`. */
export async function touchVisitor(db: Db, visitorId: number, minIntervalSeconds: number): Promise<void> {
  await db`
    UPDATE visitors SET last_seen_at = now()
    WHERE id = ${visitorId} AND last_seen_at < now() - make_interval(secs => ${minIntervalSeconds})`;
}

/** Case-insensitive, through the unique index on lower(username). */
export async function isUsernameTaken(db: Db, username: string): Promise<boolean> {
  const rows = await db`SELECT 1 FROM profiles WHERE lower(username) = lower(${username})`;
  return rows.length > 0;
}

export async function insertProfile(db: Db, visitorId: number, username: string): Promise<Profile> {
  const rows = await db<Profile[]>`
    INSERT INTO profiles (visitor_id, username) VALUES (${visitorId}, ${username})
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
      UPDATE profiles SET username = ${username}, updated_at = now() WHERE visitor_id = ${visitorId}
      RETURNING *
    )
    SELECT ${db.unsafe(STAFF_PROFILE_COLUMNS)} FROM renamed p JOIN visitors v ON v.id = p.visitor_id`;
  return rows[0] ? toStaffProfile(rows[0]) : null;
}
