import type { Db } from '@wfm/service-kit';

export interface AnswerReply {
  questionId: number;
  sessionId: number;
  title: string;
  answeredBy: string;
  excerpt: string;
  answeredAt: number;
}

/** The visitor's answered questions, newest answer first (questions_visitor_idx finds the visitor's rows). */
export async function listAnswers(db: Db, visitorHash: Buffer, limit: number, excerpt: number): Promise<AnswerReply[]> {
  return db<AnswerReply[]>`
    SELECT q.id AS "questionId", q.session_id AS "sessionId", s.title,
           coalesce(q.answered_by, 'Host') AS "answeredBy", left(q.answer, ${excerpt}) AS excerpt,
           q.answered_at AS "answeredAt"
    FROM questions q JOIN sessions s ON s.id = q.session_id
    WHERE q.visitor_hash = ${visitorHash} AND q.answered_at IS NOT NULL
    ORDER BY q.answered_at DESC, q.id DESC
    LIMIT ${limit}`;
}

export async function countAnswersSince(db: Db, visitorHash: Buffer, since: number): Promise<number> {
  const rows = await db<{ n: number }[]>`
    SELECT count(*)::int AS n FROM questions
    WHERE visitor_hash = ${visitorHash} AND answered_at > ${since}`;
  return rows[0]!.n;
}

export async function seenAt(db: Db, visitorHash: Buffer): Promise<number | null> {
  const rows = await db<{ seenAt: number }[]>`SELECT seen_at AS "seenAt" FROM notification_reads WHERE visitor_hash = ${visitorHash}`;
  return rows[0]?.seenAt ?? null;
}

/** Everything up to `now` is read; the mark never moves back. */
export async function markSeen(db: Db, visitorHash: Buffer, now: number): Promise<number> {
  const rows = await db<{ seenAt: number }[]>`
    INSERT INTO notification_reads (visitor_hash, seen_at) VALUES (${visitorHash}, ${now})
    ON CONFLICT (visitor_hash) DO UPDATE SET seen_at = greatest(notification_reads.seen_at, EXCLUDED.seen_at)
    RETURNING seen_at AS "seenAt"`;
  return rows[0]!.seenAt;
}

/** Who asked an answered question and in which session (null: asked without a verified visitor). */
export async function answerRecipient(db: Db, questionId: number): Promise<{ to: Buffer; sessionId: number } | null> {
  const rows = await db<{ to: Buffer; sessionId: number }[]>`
    SELECT visitor_hash AS "to", session_id AS "sessionId" FROM questions
    WHERE id = ${questionId} AND visitor_hash IS NOT NULL AND answered_at IS NOT NULL`;
  return rows[0] ?? null;
}
