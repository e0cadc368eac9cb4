import type { AdminUserProfile } from '@wfm/contracts/identity';
import type { Db } from '@wfm/service-kit';

interface Row {
  id: number;
  username: string;
  tokenFingerprint: string;
  createdAt: Date;
  updatedAt: Date;
  lastSeen: Date;
}

const toProfile = (row: Row): AdminUserProfile => ({
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
const COLUMNS = `
  p.visitor_id AS id, p.username,
  encode(substring(sha256('wfm-admin-fingerprint:'::bytea || v.token_hash) FROM 1 FOR 4), 'hex') AS "tokenFingerprint",
  p.created_at AS "createdAt", p.updated_at AS "updatedAt", v.last_seen_at AS "lastSeen"`;

/** Profiles newest first. */
export async function listProfiles(db: Db, limit: number, offset: number): Promise<AdminUserProfile[]> {
  const rows = await db<Row[]>`
    SELECT ${db.unsafe(COLUMNS)} FROM profiles p JOIN visitors v ON v.id = p.visitor_id
    ORDER BY p.created_at DESC, p.visitor_id DESC
    LIMIT ${limit} OFFSET ${offset}`;
  return rows.map(toProfile);
}

/** Null when the visitor has no profile. */
export async function renameProfile(db: Db, visitorId: number, username: string): Promise<AdminUserProfile | null> {
  const rows = await db<Row[]>`
    WITH renamed AS (
      UPDATE profiles SET username = ${username}, updated_at = now() WHERE visitor_id = ${visitorId}
      RETURNING *
    )
    SELECT ${db.unsafe(COLUMNS)} FROM renamed p JOIN visitors v ON v.id = p.visitor_id`;
  return rows[0] ? toProfile(rows[0]) : null;
}
