import type { Db } from '@wfm/service-kit';
import type { SealedPhrase } from './recovery-phrase.ts';

/**
 * Whether the visitor `v` is revoked: its row says so, or its token is in revoked_tokens (kept by a
 * database restore, which brings back the backup's visitors rows).
 */
const revokedVisitorOf = (db: Db) =>
  db`(v.revoked_at IS NOT NULL OR EXISTS (SELECT 1 FROM revoked_tokens rt WHERE rt.token_hash = v.token_hash))`;

export interface PhraseCandidate {
  visitorId: number;
  tokenHash: Buffer;
  username: string;
  salt: Buffer;
  verifier: Buffer;
  sealedId: Buffer;
  /** The visitor's token was revoked ("forget this device"): the phrase moves the username to a new token. */
  revoked: boolean;
}

/**
 * Stores the visitor's phrase, replacing (ending) any earlier one; answers when it was made. Run in
 * a transaction: the earlier phrase's verifier is locked and recorded in ended_recovery_verifiers,
 * which a database restore keeps, so a restore that brings the old row back does not revive it.
 */
export async function upsertPhrase(db: Db, visitorId: number, sealed: SealedPhrase): Promise<Date> {
  await db`
    INSERT INTO ended_recovery_verifiers (verifier)
    SELECT verifier FROM recovery_phrases WHERE visitor_id = ${visitorId} FOR UPDATE
    ON CONFLICT DO NOTHING`;
  const rows = await db<{ createdAt: Date }[]>`
    INSERT INTO recovery_phrases (visitor_id, lookup, salt, verifier, sealed_id)
    VALUES (${visitorId}, ${sealed.lookup}, ${sealed.salt}, ${sealed.verifier}, ${sealed.sealedId})
    ON CONFLICT (visitor_id) DO UPDATE SET
      lookup = EXCLUDED.lookup, salt = EXCLUDED.salt, verifier = EXCLUDED.verifier,
      sealed_id = EXCLUDED.sealed_id, created_at = now()
    RETURNING created_at AS "createdAt"`;
  return rows[0]!.createdAt;
}

export async function phraseCreatedAt(db: Db, visitorId: number): Promise<Date | null> {
  const rows = await db<{ createdAt: Date }[]>`
    SELECT created_at AS "createdAt" FROM recovery_phrases r
    WHERE visitor_id = ${visitorId} AND NOT EXISTS (SELECT 1 FROM ended_recovery_verifiers e WHERE e.verifier = r.verifier)`;
  return rows[0]?.createdAt ?? null;
}

/**
 * Phrases sharing the lookup of a prefix, of visitors with a username, revoked ones included (their
 * phrase brings the username back on a new token). Few rows: the index on lookup.
 */
export async function findCandidates(db: Db, lookup: Buffer): Promise<PhraseCandidate[]> {
  const revokedVisitor = revokedVisitorOf(db);
  return db<PhraseCandidate[]>`
    SELECT r.visitor_id AS "visitorId", v.token_hash AS "tokenHash", p.username,
           r.salt, r.verifier, r.sealed_id AS "sealedId", ${revokedVisitor} AS revoked
    FROM recovery_phrases r
    JOIN visitors v ON v.id = r.visitor_id
    JOIN profiles p ON p.visitor_id = r.visitor_id
    WHERE r.lookup = ${lookup}
      AND NOT EXISTS (SELECT 1 FROM ended_recovery_verifiers e WHERE e.verifier = r.verifier)
    ORDER BY r.visitor_id
    LIMIT 20`;
}

/**
 * Moves the username and the phrase of a revoked visitor to a new visitor (the token whose hash is
 * `tokenHash`), with the phrase sealed anew for that token. Answers the username, or null when the
 * revoked visitor no longer holds it (a concurrent recovery moved it first; nothing is written then).
 */
export async function moveToNewVisitor(db: Db, revokedVisitorId: number, tokenHash: Buffer, sealed: SealedPhrase): Promise<string | null> {
  const [held] = await db<{ username: string }[]>`
    SELECT p.username FROM visitors v JOIN profiles p ON p.visitor_id = v.id
    WHERE v.id = ${revokedVisitorId} AND ${revokedVisitorOf(db)}
    FOR UPDATE OF v, p`;
  if (!held) return null;
  const [fresh] = await db<{ id: number }[]>`INSERT INTO visitors (token_hash) VALUES (${tokenHash}) RETURNING id`;
  await db`UPDATE profiles SET visitor_id = ${fresh!.id} WHERE visitor_id = ${revokedVisitorId}`;
  await db`DELETE FROM recovery_phrases WHERE visitor_id = ${revokedVisitorId}`;
  await db`
    INSERT INTO recovery_phrases (visitor_id, lookup, salt, verifier, sealed_id)
    VALUES (${fresh!.id}, ${sealed.lookup}, ${sealed.salt}, ${sealed.verifier}, ${sealed.sealedId})`;
  return held.username;
}
