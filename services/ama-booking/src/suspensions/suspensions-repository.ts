import type { Db } from '@wfm/service-kit';

type Row = { hash: Buffer | null };

/** The AMA service's keyed hash of a question's asker (null: unknown, or asked without a token). */
export async function questionAuthorHash(db: Db, id: number): Promise<Buffer | null> {
  return (await db<Row[]>`SELECT visitor_hash AS hash FROM questions WHERE id = ${id}`)[0]?.hash ?? null;
}

/** The AMA service's keyed hash of the visitor who made a booking. */
export async function bookingAuthorHash(db: Db, id: number): Promise<Buffer | null> {
  return (await db<Row[]>`SELECT visitor_hash AS hash FROM bookings WHERE id = ${id}`)[0]?.hash ?? null;
}

/** The AMA service's keyed hash of the visitor who opened a mentor thread (the request's requester). */
export async function mentorThreadAuthorHash(db: Db, id: number): Promise<Buffer | null> {
  return (await db<Row[]>`SELECT requester_hash AS hash FROM mentor_requests WHERE id = ${id}`)[0]?.hash ?? null;
}
