import type { Db } from '@wfm/service-kit';
import type { SealedPhrase } from './recovery-phrase.ts';

export interface PhraseCandidate {
  visitorId: number;
  tokenHash: Buffer;
  username: string;
  salt: Buffer;
  verifier: Buffer;
  sealedId: Buffer;
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
 * Phrases sharing the lookup of a prefix, of live visitors with a username (a revoked token is no
 * visitor any more, so its phrase finds nothing). Few rows: the index on lookup.
 */
export async function findCandidates(db: Db, lookup: Buffer): Promise<PhraseCandidate[]> {
  return db<PhraseCandidate[]>`
    SELECT r.visitor_id AS "visitorId", v.token_hash AS "tokenHash", p.username,
           r.salt, r.verifier, r.sealed_id AS "sealedId"
    FROM recovery_phrases r
    JOIN visitors v ON v.id = r.visitor_id AND v.revoked_at IS NULL
    JOIN profiles p ON p.visitor_id = r.visitor_id
    WHERE r.lookup = ${lookup}
    ORDER BY r.visitor_id
    LIMIT 20`;
}
