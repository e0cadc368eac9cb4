import type { Db } from '@wfm/service-kit';
import type { MentorMessage, MentorRequest, MentorRequestStatus, MentorStatus } from '@wfm/contracts/ama';

/** A request without the caller's role, as stored (plus its mentor's name and message count). */
export type RequestView = Omit<MentorRequest, 'role'>;
/** A request with the two visitors' hashes and the mentor's status, for access decisions only. */
export type RequestRow = RequestView & { requester_hash: Buffer; mentor_hash: Buffer; mentor_status: MentorStatus };

const COLUMNS = (db: Db) => db`
  r.id, r.mentor_id, m.name AS mentor_name, r.requester_name, r.requester_contact, r.message, r.goals, r.status,
  (SELECT count(*)::int FROM mentor_messages mm WHERE mm.request_id = r.id) AS message_count, r.created_at, r.updated_at`;

/** A new pending request; null when this visitor already has an open one with the mentor (the partial unique index decides). */
export async function insertRequest(
  db: Db,
  f: { mentor_id: number; requester_name: string; requester_contact: string; message: string; goals: string; requester_hash: Buffer; now: number },
): Promise<number | null> {
  const rows = await db<{ id: number }[]>`
    INSERT INTO mentor_requests (mentor_id, requester_name, requester_contact, message, goals, requester_hash, created_at, updated_at)
    VALUES (${f.mentor_id}, ${f.requester_name}, ${f.requester_contact}, ${f.message}, ${f.goals}, ${f.requester_hash}, ${f.now}, ${f.now})
    ON CONFLICT (mentor_id, requester_hash) WHERE status IN ('pending', 'accepted') DO NOTHING
    RETURNING id`;
  return rows[0]?.id ?? null;
}

export async function findRequest(db: Db, id: number, lock = false): Promise<RequestRow | null> {
  const rows = await db<RequestRow[]>`
    SELECT ${COLUMNS(db)}, r.requester_hash, m.visitor_hash AS mentor_hash, m.status AS mentor_status
    FROM mentor_requests r JOIN mentors m ON m.id = r.mentor_id
    WHERE r.id = ${id} ${lock ? db`FOR UPDATE OF r` : db``}`;
  return rows[0] ?? null;
}

/** A mentor's inbox, newest first. */
export async function listForMentor(db: Db, mentorId: number, limit = 200): Promise<RequestView[]> {
  return db<RequestView[]>`
    SELECT ${COLUMNS(db)} FROM mentor_requests r JOIN mentors m ON m.id = r.mentor_id
    WHERE r.mentor_id = ${mentorId} ORDER BY r.created_at DESC, r.id DESC LIMIT ${limit}`;
}

/** The requests a visitor sent, newest first. */
export async function listForRequester(db: Db, hash: Buffer, limit = 200): Promise<RequestView[]> {
  return db<RequestView[]>`
    SELECT ${COLUMNS(db)} FROM mentor_requests r JOIN mentors m ON m.id = r.mentor_id
    WHERE r.requester_hash = ${hash} ORDER BY r.created_at DESC, r.id DESC LIMIT ${limit}`;
}

export async function setRequestStatus(db: Db, id: number, status: MentorRequestStatus, now: number): Promise<void> {
  await db`UPDATE mentor_requests SET status = ${status}, updated_at = ${now} WHERE id = ${id}`;
}

const MESSAGE_COLUMNS = (db: Db) => db`
  id, request_id, sender, sender_name, message, is_anonymous AS "isAnonymous", created_at`;

export async function insertMessage(
  db: Db,
  f: { request_id: number; sender: 'mentor' | 'requester'; sender_name: string; message: string; is_anonymous: boolean; now: number },
): Promise<MentorMessage> {
  const [row] = await db<MentorMessage[]>`
    INSERT INTO mentor_messages (request_id, sender, sender_name, message, is_anonymous, created_at)
    VALUES (${f.request_id}, ${f.sender}, ${f.sender_name}, ${f.message}, ${f.is_anonymous}, ${f.now})
    RETURNING ${MESSAGE_COLUMNS(db)}`;
  await db`UPDATE mentor_requests SET updated_at = ${f.now} WHERE id = ${f.request_id}`;
  return row!;
}

/** The newest `limit` messages of a thread, oldest first. */
export async function listMessages(db: Db, requestId: number, limit: number): Promise<MentorMessage[]> {
  return db<MentorMessage[]>`
    SELECT * FROM (SELECT ${MESSAGE_COLUMNS(db)} FROM mentor_messages WHERE request_id = ${requestId} ORDER BY id DESC LIMIT ${limit}) t
    ORDER BY id ASC`;
}
