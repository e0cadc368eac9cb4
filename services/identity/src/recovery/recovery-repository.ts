import type { Db } from '@wfm/service-kit';
import type { SealedPhrase } from './recovery-phrase.ts';

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

/** Stores the visitor's phrase, replacing (ending) any earlier one; answers when it was made. */
export async function upsertPhrase(db: Db, visitorId: number, sealed: SealedPhrase): Promise<Date> {
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
    SELECT created_at AS "createdAt" FROM recovery_phrases WHERE visitor_id = ${visitorId}`;
  return rows[0]?.createdAt ?? null;
}

/**
 * Phrases sharing the lookup of a prefix, of visitors with a username, revoked ones included (their
 * phrase brings the username back on a new token). Few rows: the index on lookup.
 */
export async function findCandidates(db: Db, lookup: Buffer): Promise<PhraseCandidate[]> {
  return db<PhraseCandidate[]>`
    SELECT r.visitor_id AS "visitorId", v.token_hash AS "tokenHash", p.username,
           r.salt, r.verifier, r.sealed_id AS "sealedId", v.revoked_at IS NOT NULL AS revoked
    FROM recovery_phrases r
    JOIN visitors v ON v.id = r.visitor_id
    JOIN profiles p ON p.visitor_id = r.visitor_id
    WHERE r.lookup = ${lookup}
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
    WHERE v.id = ${revokedVisitorId} AND v.revoked_at IS NOT NULL
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
