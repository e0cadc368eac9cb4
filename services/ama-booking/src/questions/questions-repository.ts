import type { Db } from '@wfm/service-kit';
import type { MyQuestion, Question } from '@wfm/contracts/ama';

const COLUMNS = (db: Db) => db`
  q.id, q.session_id, q.question, q.author_name, q.is_anonymous AS "isAnonymous", q.upvotes, q.answer, q.answered_at, q.created_at`;

export async function countForSession(db: Db, sessionId: number): Promise<number> {
  const [row] = await db<{ n: number }[]>`SELECT count(*)::int AS n FROM questions WHERE session_id = ${sessionId}`;
  return row!.n;
}

export async function insertQuestion(
  db: Db,
  q: { session_id: number; question: string; author_name: string; is_anonymous: boolean; visitor_hash: Buffer; created_at: number },
): Promise<Question> {
  const [row] = await db<Question[]>`
    INSERT INTO questions AS q (session_id, question, author_name, is_anonymous, visitor_hash, created_at)
    VALUES (${q.session_id}, ${q.question}, ${q.author_name}, ${q.is_anonymous}, ${q.visitor_hash}, ${q.created_at})
    RETURNING ${COLUMNS(db)}`;
  return row!;
}

export async function listForSession(db: Db, sessionId: number, order: 'latest' | 'upvotes'): Promise<Question[]> {
  return db<Question[]>`
    SELECT ${COLUMNS(db)} FROM questions q WHERE q.session_id = ${sessionId}
    ORDER BY ${order === 'upvotes' ? db`q.upvotes DESC, q.created_at ASC, q.id ASC` : db`q.created_at DESC, q.id DESC`}
    LIMIT 500`;
}

/** Answered questions ranked by upvotes (the transcript). */
export async function answeredByUpvotes(db: Db, sessionId: number): Promise<Question[]> {
  return db<Question[]>`
    SELECT ${COLUMNS(db)} FROM questions q WHERE q.session_id = ${sessionId} AND q.answer IS NOT NULL
    ORDER BY q.upvotes DESC, q.created_at ASC, q.id ASC`;
}

export async function listForVisitor(db: Db, hash: Buffer, order: 'latest' | 'upvotes'): Promise<MyQuestion[]> {
  return db<MyQuestion[]>`
    SELECT ${COLUMNS(db)}, s.title AS session_title FROM questions q JOIN sessions s ON s.id = q.session_id
    WHERE q.visitor_hash = ${hash}
    ORDER BY ${order === 'upvotes' ? db`q.upvotes DESC, q.created_at DESC` : db`q.created_at DESC, q.id DESC`}
    LIMIT 200`;
}

export async function findQuestion(db: Db, id: number): Promise<(Question & { visitor_hash: Buffer | null }) | null> {
  const rows = await db<Array<Question & { visitor_hash: Buffer | null }>>`
    SELECT ${COLUMNS(db)}, q.visitor_hash FROM questions q WHERE q.id = ${id}`;
  return rows[0] ?? null;
}

/** Adds the visitor's upvote once (the primary key decides) and answers the count. */
export async function upvote(db: Db, id: number, hash: Buffer, now: number): Promise<number> {
  const [row] = await db<{ upvotes: number }[]>`
    WITH added AS (
      INSERT INTO question_upvotes (question_id, visitor_hash, created_at) VALUES (${id}, ${hash}, ${now})
      ON CONFLICT DO NOTHING RETURNING question_id),
    bumped AS (
      UPDATE questions SET upvotes = upvotes + 1 WHERE id = ${id} AND EXISTS (SELECT 1 FROM added) RETURNING upvotes)
    SELECT coalesce((SELECT upvotes FROM bumped), (SELECT upvotes FROM questions WHERE id = ${id}))::int AS upvotes`;
  return row!.upvotes;
}

export async function answer(db: Db, id: number, text: string, by: string, now: number): Promise<Question | null> {
  const rows = await db<Question[]>`
    UPDATE questions AS q SET answer = ${text}, answered_by = ${by}, answered_at = ${now} WHERE q.id = ${id}
    RETURNING ${COLUMNS(db)}`;
  return rows[0] ?? null;
}

/** Deletes the question (its upvotes go by the foreign key); answers what its event needs, or null when there was none. */
export async function deleteQuestion(db: Db, id: number): Promise<Pick<Question, 'id' | 'session_id' | 'upvotes' | 'answer'> | null> {
  const rows = await db<Pick<Question, 'id' | 'session_id' | 'upvotes' | 'answer'>[]>`
    DELETE FROM questions WHERE id = ${id} RETURNING id, session_id, upvotes, answer`;
  return rows[0] ?? null;
}
