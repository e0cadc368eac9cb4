import type { Db } from '@wfm/service-kit';
import type { Booking, BookingCounts, BookingStatus, CreateBookingBody } from '@wfm/contracts/ama';

export interface BookingRow extends Booking {
  visitor_hash: Buffer | null;
}

const BOOKING_COLUMNS = (db: Db) => db`
  id, session_id, booking_reference, participant_name, participant_email, participant_phone, payment_method,
  booking_status, seat_number, receipt_uploaded, created_at, payment_deadline, cancel_reason, from_waitlist, visitor_hash`;

export async function occupancy(db: Db, sessionId: number): Promise<number> {
  const [row] = await db<{ n: number }[]>`
    SELECT count(*)::int AS n FROM bookings WHERE session_id = ${sessionId} AND booking_status IN ('pending', 'confirmed')`;
  return row!.n;
}

export async function countByStatus(db: Db, sessionId: number, status: 'pending' | 'confirmed'): Promise<number> {
  const [row] = await db<{ n: number }[]>`
    SELECT count(*)::int AS n FROM bookings WHERE session_id = ${sessionId} AND booking_status = ${status}`;
  return row!.n;
}

export interface NewBooking extends CreateBookingBody {
  session_id: number;
  booking_reference: string;
  visitor_hash: Buffer | null;
  created_at: number;
  payment_deadline: number;
  from_waitlist: boolean;
}

export async function insertBooking(db: Db, b: NewBooking): Promise<BookingRow> {
  const [row] = await db<BookingRow[]>`
    INSERT INTO bookings (session_id, booking_reference, participant_name, participant_email, participant_phone,
                          payment_method, visitor_hash, created_at, payment_deadline, from_waitlist)
    VALUES (${b.session_id}, ${b.booking_reference}, ${b.participant_name}, ${b.participant_email}, ${b.participant_phone},
            ${b.payment_method}, ${b.visitor_hash}, ${b.created_at}, ${b.payment_deadline}, ${b.from_waitlist})
    RETURNING ${BOOKING_COLUMNS(db)}`;
  return row!;
}

export async function findBooking(db: Db, id: number, lock = false): Promise<BookingRow | null> {
  const rows = await db<BookingRow[]>`
    SELECT ${BOOKING_COLUMNS(db)} FROM bookings WHERE id = ${id} ${lock ? db`FOR UPDATE` : db``}`;
  return rows[0] ?? null;
}

export async function findByReference(db: Db, reference: string): Promise<BookingRow | null> {
  const rows = await db<BookingRow[]>`SELECT ${BOOKING_COLUMNS(db)} FROM bookings WHERE booking_reference = ${reference}`;
  return rows[0] ?? null;
}

export async function listBookings(db: Db, sessionId: number): Promise<BookingRow[]> {
  return db<BookingRow[]>`
    SELECT ${BOOKING_COLUMNS(db)} FROM bookings WHERE session_id = ${sessionId} ORDER BY created_at DESC, id DESC`;
}

export async function counts(db: Db, sessionId: number): Promise<BookingCounts> {
  const [row] = await db<BookingCounts[]>`
    SELECT count(*)::int AS total,
      count(*) FILTER (WHERE booking_status = 'confirmed')::int AS confirmed,
      count(*) FILTER (WHERE booking_status = 'pending')::int AS pending,
      count(*) FILTER (WHERE booking_status = 'cancelled')::int AS cancelled,
      coalesce(sum(r.approved), 0)::int AS "receiptsApproved",
      coalesce(sum(r.pending), 0)::int AS "receiptsPending",
      coalesce(sum(r.rejected), 0)::int AS "receiptsRejected"
    FROM bookings b
    LEFT JOIN LATERAL (
      SELECT count(*) FILTER (WHERE validation_status = 'approved') AS approved,
             count(*) FILTER (WHERE validation_status = 'pending') AS pending,
             count(*) FILTER (WHERE validation_status = 'rejected') AS rejected
      FROM receipts WHERE booking_id = b.id) r ON true
    WHERE b.session_id = ${sessionId}`;
  return row!;
}

export async function setStatus(
  db: Db,
  id: number,
  status: BookingStatus,
  cancelReason: string | null = null,
): Promise<BookingRow> {
  const [row] = await db<BookingRow[]>`
    UPDATE bookings SET booking_status = ${status}, cancel_reason = ${cancelReason},
      seat_number = CASE WHEN ${status} = 'cancelled' THEN NULL ELSE seat_number END
    WHERE id = ${id} RETURNING ${BOOKING_COLUMNS(db)}`;
  return row!;
}

/** Assigns a seat; the (session_id, seat_number) unique key refuses a taken seat (23505). */
export async function setSeat(db: Db, id: number, seat: number): Promise<BookingRow> {
  const [row] = await db<BookingRow[]>`UPDATE bookings SET seat_number = ${seat} WHERE id = ${id} RETURNING ${BOOKING_COLUMNS(db)}`;
  return row!;
}

export async function markReceiptUploaded(db: Db, id: number): Promise<void> {
  await db`UPDATE bookings SET receipt_uploaded = true WHERE id = ${id}`;
}

export async function deleteBooking(db: Db, id: number): Promise<BookingRow | null> {
  const rows = await db<BookingRow[]>`DELETE FROM bookings WHERE id = ${id} RETURNING ${BOOKING_COLUMNS(db)}`;
  return rows[0] ?? null;
}

/** Unpaid holds past their deadline, locked (skipping ones another replica is expiring). */
export async function expiredHolds(db: Db, now: number, limit: number): Promise<BookingRow[]> {
  return db<BookingRow[]>`
    SELECT ${BOOKING_COLUMNS(db)} FROM bookings
    WHERE booking_status = 'pending' AND NOT receipt_uploaded AND payment_deadline <= ${now}
    ORDER BY payment_deadline LIMIT ${limit} FOR UPDATE SKIP LOCKED`;
}

// Waitlist --------------------------------------------------------------------------------------

export interface WaitlistRow extends CreateBookingBody {
  id: number;
  session_id: number;
  visitor_hash: Buffer | null;
  created_at: number;
}

export async function insertWaitlist(db: Db, sessionId: number, body: CreateBookingBody, hash: Buffer | null, now: number) {
  const rows = await db<{ id: number }[]>`
    INSERT INTO waitlist (session_id, participant_name, participant_email, participant_phone, payment_method, visitor_hash, created_at)
    VALUES (${sessionId}, ${body.participant_name}, ${body.participant_email}, ${body.participant_phone}, ${body.payment_method}, ${hash}, ${now})
    ON CONFLICT DO NOTHING RETURNING id`;
  return rows[0]?.id ?? null;
}

export async function waitlistPosition(db: Db, sessionId: number, id: number): Promise<number> {
  const [row] = await db<{ n: number }[]>`
    SELECT count(*)::int AS n FROM waitlist WHERE session_id = ${sessionId} AND promoted_at IS NULL AND id <= ${id}`;
  return row!.n;
}

export async function nextInLine(db: Db, sessionId: number): Promise<WaitlistRow | null> {
  const rows = await db<WaitlistRow[]>`
    SELECT id, session_id, participant_name, participant_email, participant_phone, payment_method, visitor_hash, created_at
    FROM waitlist WHERE session_id = ${sessionId} AND promoted_at IS NULL ORDER BY id LIMIT 1 FOR UPDATE`;
  return rows[0] ?? null;
}

export async function markPromoted(db: Db, id: number, bookingId: number, now: number): Promise<void> {
  await db`UPDATE waitlist SET promoted_booking_id = ${bookingId}, promoted_at = ${now} WHERE id = ${id}`;
}

export async function listWaitlist(db: Db, sessionId: number) {
  return db<Array<{ id: number; session_id: number; participant_name: string; participant_email: string; position: number; created_at: number }>>`
    SELECT id, session_id, participant_name, participant_email, created_at,
           (row_number() OVER (ORDER BY id))::int AS position
    FROM waitlist WHERE session_id = ${sessionId} AND promoted_at IS NULL ORDER BY id`;
}
