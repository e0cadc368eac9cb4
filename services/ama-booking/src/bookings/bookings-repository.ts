import { outboxInsert, outboxNotify, type Db } from '@wfm/service-kit';
import type { EventPayload } from '@wfm/contracts/shared';
import type { Booking, BookingCounts, BookingStatus, CreateBookingBody, StaffBooking } from '@wfm/contracts/ama';
import type { NewEmail } from '../emails/emails-repository.ts';
import { SESSION_COLUMNS, type SessionRow } from '../sessions/sessions-repository.ts';
import type { BookingAddress, SeatShare } from './bookings-address-share.ts';

export interface BookingRow extends Booking {
  visitor_hash: Buffer | null;
}

const BOOKING_COLUMNS = (db: Db) => db`
  id, session_id, booking_reference, participant_name, participant_email, participant_phone, payment_method,
  booking_status, seat_number, receipt_uploaded, created_at, payment_deadline, cancel_reason, from_waitlist, visitor_hash`;

/** Pending + confirmed bookings of the session: its counter, kept by the bookings trigger (migration 006). */
export async function occupancy(db: Db, sessionId: number): Promise<number> {
  const [row] = await db<{ n: number }[]>`SELECT seats_taken AS n FROM sessions WHERE id = ${sessionId}`;
  return row?.n ?? 0;
}

export async function countByStatus(db: Db, sessionId: number, status: 'pending' | 'confirmed'): Promise<number> {
  const [row] = await db<{ n: number }[]>`
    SELECT count(*)::int AS n FROM bookings WHERE session_id = ${sessionId} AND booking_status = ${status}`;
  return row!.n;
}

export interface NewBooking extends CreateBookingBody {
  session_id: number;
  /** Where the booking came from; null for waitlist entries made before addresses were kept. */
  address_key: string | null;
  network_key: string | null;
  /** The normalised email (emailKey). */
  email_key: string;
  booking_reference: string;
  visitor_hash: Buffer | null;
  created_at: number;
  payment_deadline: number;
  from_waitlist: boolean;
}

export async function insertBooking(db: Db, b: NewBooking): Promise<BookingRow> {
  const [row] = await db<BookingRow[]>`
    INSERT INTO bookings (session_id, booking_reference, participant_name, participant_email, participant_phone,
                          payment_method, visitor_hash, created_at, payment_deadline, from_waitlist,
                          email_key, address_key, network_key)
    VALUES (${b.session_id}, ${b.booking_reference}, ${b.participant_name}, ${b.participant_email}, ${b.participant_phone},
            ${b.payment_method}, ${b.visitor_hash}, ${b.created_at}, ${b.payment_deadline}, ${b.from_waitlist},
            ${b.email_key}, ${b.address_key}, ${b.network_key})
    RETURNING ${BOOKING_COLUMNS(db)}`;
  return row!;
}

/** What the bookings trigger's refusals (constraint names of migration 006) mean. */
export const BOOKING_REFUSALS: ReadonlyMap<string, 'full' | 'share' | 'notBookable'> = new Map([
  ['bookings_session_full', 'full'],
  ['bookings_address_share', 'share'],
  ['bookings_session_not_bookable', 'notBookable'],
] as const);

export interface BookingRead extends SessionRow {
  /** Pending + confirmed bookings of the session, as committed so far. */
  occupied: number;
  /** The new booking's id, drawn from its sequence; null when the session had no place left. */
  booking_id: number | null;
  /** The visitor or the normalised email already holds an active booking of the session. */
  booked: boolean;
  /** Pending bookings made from the address and from its /48 (0 without one), as committed so far. */
  address: number;
  network: number;
}

/**
 * The booking path's one read, without a lock: the session with its pricing (for the mail), its
 * occupancy, whether the visitor or email already booked, the address's unpaid holds, and a new
 * booking id (a sequence draw, kept even if the booking is then refused; none is drawn once the
 * session is full). A refusal decided on these counts writes nothing (and its mail is not counted
 * against the mail cap); the bookings trigger decides again, exactly, under the session row's lock.
 */
export async function readForBooking(
  db: Db,
  p: { sessionId: number; visitorHash: Buffer | null; emailKey: string; from: BookingAddress },
): Promise<BookingRead | null> {
  const rows = await db<BookingRead[]>`
    SELECT ${db.unsafe(SESSION_COLUMNS)},
           s.seats_taken AS occupied,
           CASE WHEN s.max_participants IS NULL OR s.seats_taken < s.max_participants
                THEN nextval(pg_get_serial_sequence('bookings', 'id')) END AS booking_id,
           EXISTS (
             SELECT 1 FROM bookings
             WHERE session_id = s.id AND booking_status <> 'cancelled'
               AND (email_key = ${p.emailKey} ${p.visitorHash ? db`OR visitor_hash = ${p.visitorHash}` : db``})
           ) AS booked,
           coalesce((SELECT pending FROM booking_address_holds
                     WHERE session_id = s.id AND kind = 'a' AND key = ${p.from.address_key}), 0) AS address,
           coalesce((SELECT pending FROM booking_address_holds
                     WHERE session_id = s.id AND kind = 'n' AND key = ${p.from.network_key}), 0) AS network
    FROM sessions s LEFT JOIN pricing p ON p.session_id = s.id WHERE s.id = ${p.sessionId}`;
  return rows[0] ?? null;
}

export interface StoredBooking {
  /** The id readForBooking drew. */
  id: number;
  fields: NewBooking;
  /** The seat share the trigger holds the address to; null: none. */
  share: SeatShare | null;
  mail: NewEmail;
  delivery: 'kept' | 'queued' | 'capped';
  event: EventPayload<'ama.booking.created'>;
}

/**
 * Writes a booking, its mail and its event as ONE statement outside any transaction, so it is its
 * own transaction: the session row the bookings trigger locks (taking the place with
 * `seats_taken + 1 WHERE seats_taken < max_participants`) is held for this statement and its
 * commit only, never across a round trip to the service. The seat share reaches the trigger as
 * the transaction's `ama.seat_share` setting, set by the row the insert selects from, so before the
 * trigger runs. A refusal by the trigger (BOOKING_REFUSALS) or by a one-booking index rolls the
 * whole statement back, mail and event included. The mail's reference to the booking is checked at
 * commit (deferred, migration 006).
 */
export async function storeBooking(db: Db, s: StoredBooking): Promise<void> {
  const b = s.fields;
  const m = s.mail;
  await db`
    WITH share AS (
      SELECT set_config('ama.seat_share', ${s.share ? `${s.share.address},${s.share.network}` : ''}, true) AS setting
    ), booking AS (
      INSERT INTO bookings (id, session_id, booking_reference, participant_name, participant_email, participant_phone,
                            payment_method, visitor_hash, created_at, payment_deadline, from_waitlist,
                            email_key, address_key, network_key)
      OVERRIDING SYSTEM VALUE
      SELECT ${s.id}::bigint, ${b.session_id}::bigint, ${b.booking_reference}::text, ${b.participant_name}::text,
             ${b.participant_email}::text, ${b.participant_phone}::text, ${b.payment_method}::text, ${b.visitor_hash}::bytea,
             ${b.created_at}::bigint, ${b.payment_deadline}::bigint, ${b.from_waitlist}::boolean,
             ${b.email_key}::text, ${b.address_key}::text, ${b.network_key}::text
      FROM share
    ), mail AS (
      INSERT INTO emails (kind, booking_id, session_id, to_address, subject, body, delivery, created_at)
      VALUES (${m.kind}, ${m.booking_id}, ${m.session_id}, ${m.to}, ${m.subject}, ${m.text}, ${s.delivery}, ${b.created_at})
    ), event AS (${outboxInsert(db, 'ama.booking.created', s.event)})
    SELECT ${outboxNotify(db)} FROM event`;
}

/** The unique indexes that keep one active booking per visitor and per normalised email in a session. */
export const ONE_BOOKING_INDEXES: ReadonlySet<string> = new Set(['bookings_one_per_visitor_idx', 'bookings_one_per_email_idx']);

/**
 * Does the visitor or the normalised email already hold an active (pending or confirmed) booking in
 * the session (one kept from before the indexes too)? Read under the session lock (waitlist promotion skips such entries; a new booking is
 * refused by the unique indexes themselves).
 */
export async function hasActiveBooking(db: Db, sessionId: number, visitorHash: Buffer | null, emailKey: string): Promise<boolean> {
  const rows = await db`
    SELECT 1 FROM bookings
    WHERE session_id = ${sessionId} AND booking_status <> 'cancelled'
      AND (email_key = ${emailKey} ${visitorHash ? db`OR visitor_hash = ${visitorHash}` : db``})
    LIMIT 1`;
  return rows.length > 0;
}

/**
 * The session's occupancy (pending + confirmed) and the pending-payment bookings made from the
 * address (IPv4 or /64) and from its /48 (0 without one): the counters the bookings trigger keeps.
 */
export async function occupancyAndShare(
  db: Db,
  sessionId: number,
  from: BookingAddress | null,
): Promise<{ occupied: number; address: number; network: number }> {
  const [row] = await db<{ occupied: number; address: number; network: number }[]>`
    SELECT seats_taken AS occupied,
           coalesce((SELECT pending FROM booking_address_holds
                     WHERE session_id = ${sessionId} AND kind = 'a' AND key = ${from?.address_key ?? null}), 0) AS address,
           coalesce((SELECT pending FROM booking_address_holds
                     WHERE session_id = ${sessionId} AND kind = 'n' AND key = ${from?.network_key ?? null}), 0) AS network
    FROM sessions WHERE id = ${sessionId}`;
  return row ?? { occupied: 0, address: 0, network: 0 };
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

export type StaffBookingRow = BookingRow & Pick<StaffBooking, 'receipt_duplicate'>;

/** The session's bookings for staff, each flagged when one of its receipts is a file another booking also sent. */
export async function listBookings(db: Db, sessionId: number): Promise<StaffBookingRow[]> {
  return db<StaffBookingRow[]>`
    SELECT ${BOOKING_COLUMNS(db)},
      EXISTS (
        SELECT 1 FROM receipts r JOIN receipts other ON other.content_sha256 = r.content_sha256 AND other.booking_id <> r.booking_id
        WHERE r.booking_id = bookings.id) AS receipt_duplicate
    FROM bookings WHERE session_id = ${sessionId} ORDER BY created_at DESC, id DESC`;
}

/** Bookings by id, locked in id order (the order every path locks bookings in, before their session). */
export async function lockBookings(db: Db, ids: readonly number[]): Promise<BookingRow[]> {
  return db<BookingRow[]>`
    SELECT ${BOOKING_COLUMNS(db)} FROM bookings WHERE id = ANY(${ids as number[]}::bigint[]) ORDER BY id FOR UPDATE`;
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
  /** Null for entries made before addresses were kept: they count against no address. */
  address_key: string | null;
  network_key: string | null;
}

export async function insertWaitlist(
  db: Db,
  sessionId: number,
  body: CreateBookingBody,
  hash: Buffer | null,
  from: BookingAddress,
  now: number,
) {
  const rows = await db<{ id: number }[]>`
    INSERT INTO waitlist (session_id, participant_name, participant_email, participant_phone, payment_method, visitor_hash,
                          address_key, network_key, created_at)
    VALUES (${sessionId}, ${body.participant_name}, ${body.participant_email}, ${body.participant_phone}, ${body.payment_method}, ${hash},
            ${from.address_key}, ${from.network_key}, ${now})
    ON CONFLICT DO NOTHING RETURNING id`;
  return rows[0]?.id ?? null;
}

export async function waitlistPosition(db: Db, sessionId: number, id: number): Promise<number> {
  const [row] = await db<{ n: number }[]>`
    SELECT count(*)::int AS n FROM waitlist WHERE session_id = ${sessionId} AND promoted_at IS NULL AND id <= ${id}`;
  return row!.n;
}

/** The first in line after `afterId` (entries skipped for now stay in line, behind those passed over). */
export async function nextInLine(db: Db, sessionId: number, afterId = 0): Promise<WaitlistRow | null> {
  const rows = await db<WaitlistRow[]>`
    SELECT id, session_id, participant_name, participant_email, participant_phone, payment_method, visitor_hash, created_at,
           address_key, network_key
    FROM waitlist WHERE session_id = ${sessionId} AND promoted_at IS NULL AND id > ${afterId} ORDER BY id LIMIT 1 FOR UPDATE`;
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
