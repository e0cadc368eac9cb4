import {
  badRequest,
  conflict,
  notFound,
  notifyVisitor,
  recordStaffAction,
  writeEvent,
  type Db,
  type StaffIdentity,
  type Visitor,
} from '@wfm/service-kit';
import {
  AMA_MESSAGES,
  PAYMENT_DEADLINE_MS,
  displayStatus,
  type Booking,
  type BookingCounts,
  type BulkBookingsBody,
  type BulkBookingsResponse,
  type BookingLookupResponse,
  type CreateBookingBody,
  type CreateBookingResponse,
  type JoinWaitlistResponse,
  type StaffBooking,
} from '@wfm/contracts/ama';
import type { AmaContext } from '../context.ts';
import {
  bookingConfirmedMail,
  bookingReceivedMail,
  bookingRejectedMail,
  holdExpiredMail,
  waitlistPromotedMail,
} from '../emails/emails-templates.ts';
import { deliverSoon, mailDelivery, queueEmail } from '../emails/emails-service.ts';
import { latestReceipt, rejectPendingReceipts } from '../receipts/receipts-repository.ts';
import { findPricing, findSession, lockSession } from '../sessions/sessions-repository.ts';
import { sessionView } from '../sessions/sessions-view.ts';
import { newBookingReference } from './bookings-reference.ts';
import { seatShare, type BookingAddress } from './bookings-address-share.ts';
import { emailKey } from './bookings-email-key.ts';
import { calendarFile } from './bookings-calendar-file.ts';
import * as repo from './bookings-repository.ts';

/** The public booking: everything but the visitor hash. */
export function bookingView(row: repo.BookingRow): Booking {
  const { visitor_hash: _hash, ...booking } = row;
  return booking;
}

const UNIQUE_VIOLATION = '23505';
const CHECK_VIOLATION = '23514';

const REFUSAL_MESSAGES = {
  full: AMA_MESSAGES.sessionFull,
  share: AMA_MESSAGES.seatShareReached,
  notBookable: AMA_MESSAGES.sessionNotBookable,
} as const;

/** A refusal by one of the one-active-booking indexes or by the bookings trigger, as the visitor's 409. */
function bookingRefusal(err: unknown): unknown {
  const e = err as { code?: string; constraint_name?: string };
  if (!e.constraint_name) return err;
  if (e.code === UNIQUE_VIOLATION && repo.ONE_BOOKING_INDEXES.has(e.constraint_name)) return conflict(AMA_MESSAGES.alreadyBooked);
  const refusal = e.code === CHECK_VIOLATION ? repo.BOOKING_REFUSALS.get(e.constraint_name) : undefined;
  return refusal ? conflict(REFUSAL_MESSAGES[refusal]) : err;
}

/**
 * Why a waitlist entry from `from` cannot have a place now, if it cannot: the session is full, or
 * the address (or its IPv6 /48) holds its share of the session's seats pending payment. Read from
 * the counters the bookings trigger keeps, under the session row's lock, which the caller holds (a
 * new booking's insert waits for it). A session without a participant limit is never read.
 */
async function noPlaceFor(
  ctx: AmaContext,
  tx: Db,
  sessionId: number,
  maxParticipants: number | null,
  from: BookingAddress | null,
): Promise<'full' | 'share' | null> {
  if (maxParticipants === null) return null;
  const counts = await repo.occupancyAndShare(tx, sessionId, from);
  if (counts.occupied >= maxParticipants) return 'full';
  const share = seatShare(ctx, maxParticipants);
  if (!share || !from) return null;
  return counts.address >= share.address || (from.network_key !== null && counts.network >= share.network) ? 'share' : null;
}

const bookingEvent = (b: repo.BookingRow, at: number) => ({
  id: b.id,
  session_id: b.session_id,
  booking_status: b.booking_status,
  seat_number: b.seat_number,
  at,
});

/** Tells the booking's visitor (if the booking has one) that its status changed. */
export async function notifyBooking(ctx: AmaContext, tx: Db, b: repo.BookingRow): Promise<void> {
  if (!b.visitor_hash) return;
  await notifyVisitor(tx, ctx.schema, b.visitor_hash, {
    type: 'booking_status',
    data: { booking_id: b.id, reference: b.booking_reference, status: b.booking_status },
  });
}

async function pricingFor(db: Db, sessionId: number) {
  const pricing = await findPricing(db, sessionId);
  return pricing ? { price: pricing.price, currency: pricing.currency, payment_methods: pricing.payment_methods } : null;
}

/** The session row for mails; the caller has checked it exists. */
async function mailSession(db: Db, sessionId: number) {
  const session = await findSession(db, sessionId);
  if (!session) throw notFound(AMA_MESSAGES.sessionNotFound);
  return session;
}

/**
 * Books a place in two steps, neither holding a lock across a round trip. First one read without a
 * lock (readForBooking): the session and pricing for the mail, its occupancy, the address's unpaid
 * holds, whether the visitor or email already booked, and the new booking's id; a full session, an
 * address at its seat share, a repeat booking or a session not open for booking is turned away
 * there, writing nothing. Then the mail cap's count, and one statement outside a transaction
 * (storeBooking): the booking row, its mail and its event. The bookings trigger (migration 006)
 * takes the place with `seats_taken + 1 WHERE seats_taken < max_participants` and counts the
 * address's unpaid hold, so parallel bookings never exceed max_participants nor the share; the
 * session row is locked for that statement and its commit only. One active booking per visitor
 * and per normalised email is the unique indexes'. Every refusal is a clear 409 (one inside the
 * statement, a race lost, rolls back the mail and event but still counts the mail against the cap).
 */
export async function createBooking(
  ctx: AmaContext,
  sessionId: number,
  body: CreateBookingBody,
  visitor: Visitor,
  from: BookingAddress,
): Promise<CreateBookingResponse> {
  const key = emailKey(body.participant_email);
  const session = await repo.readForBooking(ctx.sql, { sessionId, visitorHash: visitor.hash, emailKey: key, from });
  if (!session) throw notFound(AMA_MESSAGES.sessionNotFound);
  if (displayStatus(session.status, session.scheduled_time, session.duration_minutes, ctx.now()) !== 'scheduled') {
    throw conflict(AMA_MESSAGES.sessionNotBookable);
  }
  if (session.booking_id === null || (session.max_participants !== null && session.occupied >= session.max_participants)) {
    throw conflict(AMA_MESSAGES.sessionFull);
  }
  if (session.booked) throw conflict(AMA_MESSAGES.alreadyBooked);
  const share = seatShare(ctx, session.max_participants);
  if (share && (session.address >= share.address || (from.network_key !== null && session.network >= share.network))) {
    throw conflict(AMA_MESSAGES.seatShareReached);
  }
  const pricing =
    session.price === null || session.currency === null
      ? null
      : {
          price: session.price,
          currency: session.currency,
          payment_methods: {
            paypal: { email: session.paypal_email ?? '', instructions: session.paypal_instructions ?? '' },
            gcash: { number: session.gcash_number ?? '', name: session.gcash_name ?? '', instructions: session.gcash_instructions ?? '' },
          },
        };
  const now = ctx.now();
  const fields: repo.NewBooking = {
    ...body,
    session_id: sessionId,
    email_key: key,
    address_key: from.address_key,
    network_key: from.network_key,
    booking_reference: newBookingReference(),
    visitor_hash: visitor.hash,
    created_at: now,
    payment_deadline: now + PAYMENT_DEADLINE_MS,
    from_waitlist: false,
  };
  const booking: repo.BookingRow = {
    id: session.booking_id,
    session_id: sessionId,
    booking_reference: fields.booking_reference,
    participant_name: body.participant_name,
    participant_email: body.participant_email,
    participant_phone: body.participant_phone,
    payment_method: body.payment_method,
    booking_status: 'pending',
    seat_number: null,
    receipt_uploaded: false,
    created_at: now,
    payment_deadline: fields.payment_deadline,
    cancel_reason: null,
    from_waitlist: false,
    visitor_hash: visitor.hash,
  };
  const mail = bookingReceivedMail(booking, session, pricing);
  const delivery = await mailDelivery(ctx, mail.to, now);
  await repo
    .storeBooking(ctx.sql, { id: booking.id, fields, share, mail, delivery, event: bookingEvent(booking, now) })
    .catch((err: unknown) => {
      throw bookingRefusal(err);
    });
  deliverSoon(ctx);
  return {
    id: booking.id,
    booking_reference: booking.booking_reference,
    session_id: booking.session_id,
    booking_status: booking.booking_status,
    payment_deadline: booking.payment_deadline,
  };
}

/** A new pending booking with a fresh 24-hour hold, its event and its mail (in the caller's transaction). */
async function insertHold(
  ctx: AmaContext,
  tx: Db,
  sessionId: number,
  body: CreateBookingBody,
  visitorHash: Buffer | null,
  from: BookingAddress | null,
  fromWaitlist: boolean,
): Promise<repo.BookingRow> {
  const now = ctx.now();
  const booking = await repo.insertBooking(tx, {
    ...body,
    session_id: sessionId,
    email_key: emailKey(body.participant_email),
    address_key: from?.address_key ?? null,
    network_key: from?.network_key ?? null,
    booking_reference: newBookingReference(),
    visitor_hash: visitorHash,
    created_at: now,
    payment_deadline: now + PAYMENT_DEADLINE_MS,
    from_waitlist: fromWaitlist,
  });
  await writeEvent(tx, 'ama.booking.created', bookingEvent(booking, now));
  const session = await mailSession(tx, sessionId);
  const pricing = await pricingFor(tx, sessionId);
  const mail = fromWaitlist ? waitlistPromotedMail(booking, session, pricing) : bookingReceivedMail(booking, session, pricing);
  await queueEmail(ctx, tx, mail);
  if (fromWaitlist) await notifyBooking(ctx, tx, booking);
  return booking;
}

/**
 * Hands freed places to the waitlist, first in line first, each as a pending booking with a fresh
 * hold; runs in the transaction that freed the place, with the session row locked. An entry whose
 * visitor or email already holds an active booking of the session, or whose address is at its seat
 * share, is passed over this time and keeps its place in line.
 */
export async function promoteWaitlist(ctx: AmaContext, tx: Db, sessionId: number): Promise<number> {
  const session = await lockSession(tx, sessionId);
  if (!session) return 0;
  const now = ctx.now();
  if (displayStatus(session.status, session.scheduled_time, session.duration_minutes, now) !== 'scheduled') return 0;
  let promoted = 0;
  let after = 0;
  for (;;) {
    if (session.max_participants !== null && (await repo.occupancy(tx, sessionId)) >= session.max_participants) break;
    const next = await repo.nextInLine(tx, sessionId, after);
    if (!next) break;
    after = next.id;
    const from = next.address_key === null ? null : { address_key: next.address_key, network_key: next.network_key };
    if (await repo.hasActiveBooking(tx, sessionId, next.visitor_hash, emailKey(next.participant_email))) continue;
    if ((await noPlaceFor(ctx, tx, sessionId, session.max_participants, from)) === 'share') continue;
    const booking = await insertHold(ctx, tx, sessionId, next, next.visitor_hash, from, true);
    await repo.markPromoted(tx, next.id, booking.id, now);
    promoted++;
  }
  return promoted;
}

export async function joinWaitlist(
  ctx: AmaContext,
  sessionId: number,
  body: CreateBookingBody,
  visitor: Visitor,
  from: BookingAddress,
): Promise<JoinWaitlistResponse> {
  return ctx.sql.begin(async (tx) => {
    const now = ctx.now();
    const session = await lockSession(tx, sessionId);
    if (!session) throw notFound(AMA_MESSAGES.sessionNotFound);
    if (displayStatus(session.status, session.scheduled_time, session.duration_minutes, now) !== 'scheduled') {
      throw conflict(AMA_MESSAGES.sessionNotBookable);
    }
    if (session.max_participants === null || (await repo.occupancy(tx, sessionId)) < session.max_participants) {
      throw conflict(AMA_MESSAGES.waitlistNotFull);
    }
    const id = await repo.insertWaitlist(tx, sessionId, body, visitor.hash, from, now);
    if (id === null) throw conflict(AMA_MESSAGES.alreadyWaitlisted);
    return { id, session_id: sessionId, position: await repo.waitlistPosition(tx, sessionId, id) };
  });
}

export async function bookingCount(ctx: AmaContext, sessionId: number, status: 'pending' | 'confirmed') {
  if (!(await findSession(ctx.sql, sessionId))) throw notFound(AMA_MESSAGES.sessionNotFound);
  return { count: await repo.countByStatus(ctx.sql, sessionId, status) };
}

export async function lookup(ctx: AmaContext, reference: string): Promise<BookingLookupResponse> {
  const booking = await repo.findByReference(ctx.sql, reference);
  if (!booking) throw notFound(AMA_MESSAGES.bookingNotFound);
  const session = await findSession(ctx.sql, booking.session_id);
  if (!session) throw notFound(AMA_MESSAGES.bookingNotFound);
  const receipt = await latestReceipt(ctx.sql, booking.id);
  return { booking: bookingView(booking), session: sessionView(session, ctx.now()), receipt };
}

// Staff -----------------------------------------------------------------------------------------

export async function staffList(ctx: AmaContext, sessionId: number): Promise<StaffBooking[]> {
  if (!(await findSession(ctx.sql, sessionId))) throw notFound(AMA_MESSAGES.sessionNotFound);
  return (await repo.listBookings(ctx.sql, sessionId)).map((row) => ({ ...bookingView(row), receipt_duplicate: row.receipt_duplicate }));
}

export async function staffCounts(ctx: AmaContext, sessionId: number): Promise<BookingCounts> {
  if (!(await findSession(ctx.sql, sessionId))) throw notFound(AMA_MESSAGES.sessionNotFound);
  return repo.counts(ctx.sql, sessionId);
}

export async function setBookingStatus(
  ctx: AmaContext,
  staff: StaffIdentity,
  id: number,
  status: 'confirmed' | 'cancelled',
): Promise<Booking> {
  const updated = await ctx.sql.begin(async (tx) => {
    const booking = await repo.findBooking(tx, id, true);
    if (!booking) throw notFound(AMA_MESSAGES.bookingNotFound);
    if (status === 'confirmed' && booking.booking_status !== 'pending') throw conflict(AMA_MESSAGES.confirmOnlyPending);
    if (status === 'cancelled' && booking.booking_status === 'cancelled') throw conflict(AMA_MESSAGES.alreadyCancelled);
    const row = await repo.setStatus(tx, id, status);
    const now = ctx.now();
    await writeEvent(tx, 'ama.booking.status_changed', bookingEvent(row, now));
    await notifyBooking(ctx, tx, row);
    await recordStaffAction(tx, ctx, staff, { action: `ama.booking.${status === 'confirmed' ? 'confirm' : 'cancel'}`, target: { type: 'ama_booking', id: String(id) } });
    if (status === 'cancelled') await promoteWaitlist(ctx, tx, row.session_id);
    return row;
  });
  deliverSoon(ctx);
  return bookingView(updated);
}

/**
 * POST /api/admin/ama/bookings/bulk: many bookings cancelled (or rejected: their pending receipts
 * rejected with the reason, the bookings cancelled and their visitors mailed why) in one
 * transaction, each as the single cancel does it (event, realtime push, staff action), then the
 * freed places handed to each session's waitlist once. Bookings are locked in id order before
 * their sessions, the order the single cancel and the hold expiry lock in.
 */
export async function bulkChange(ctx: AmaContext, staff: StaffIdentity, body: BulkBookingsBody): Promise<BulkBookingsResponse> {
  const ids = [...new Set(body.ids)].sort((a, b) => a - b);
  const reason = body.action === 'reject' ? body.reason.trim() : null;
  if (body.action === 'reject' && !reason) throw badRequest(AMA_MESSAGES.rejectionReasonRequired);
  const result = await ctx.sql.begin(async (tx) => {
    const now = ctx.now();
    const rows = await repo.lockBookings(tx, ids);
    const found = new Set(rows.map((r) => r.id));
    const skipped = ids.filter((id) => !found.has(id));
    const cancelled: number[] = [];
    const sessions = new Set<number>();
    let receiptsRejected = 0;
    for (const booking of rows) {
      if (booking.booking_status === 'cancelled') {
        skipped.push(booking.id);
        continue;
      }
      if (reason !== null) receiptsRejected += await rejectPendingReceipts(tx, booking.id, staff.username, reason);
      const row = await repo.setStatus(tx, booking.id, 'cancelled', reason !== null ? 'receipt_rejected' : null);
      await writeEvent(tx, 'ama.booking.status_changed', bookingEvent(row, now));
      await notifyBooking(ctx, tx, row);
      if (reason !== null) await queueEmail(ctx, tx, bookingRejectedMail(row, await mailSession(tx, row.session_id), reason));
      await recordStaffAction(tx, ctx, staff, {
        action: reason !== null ? 'ama.booking.reject' : 'ama.booking.cancel',
        target: { type: 'ama_booking', id: String(row.id) },
      });
      cancelled.push(row.id);
      sessions.add(row.session_id);
    }
    let promoted = 0;
    for (const sessionId of [...sessions].sort((a, b) => a - b)) promoted += await promoteWaitlist(ctx, tx, sessionId);
    return { cancelled, receipts_rejected: receiptsRejected, skipped: skipped.sort((a, b) => a - b), promoted };
  });
  deliverSoon(ctx);
  return result;
}

export async function assignSeat(ctx: AmaContext, staff: StaffIdentity, id: number, seat: number): Promise<Booking> {
  let updated: repo.BookingRow;
  try {
    updated = await ctx.sql.begin(async (tx) => {
      const booking = await repo.findBooking(tx, id, true);
      if (!booking) throw notFound(AMA_MESSAGES.bookingNotFound);
      if (booking.booking_status !== 'confirmed') throw conflict(AMA_MESSAGES.seatNotConfirmed);
      if (booking.seat_number !== null) throw conflict(AMA_MESSAGES.seatAlreadyAssigned);
      const row = await repo.setSeat(tx, id, seat);
      await writeEvent(tx, 'ama.booking.status_changed', bookingEvent(row, ctx.now()));
      await notifyBooking(ctx, tx, row);
      await queueEmail(ctx, tx, bookingConfirmedMail(row, await mailSession(tx, row.session_id), seat));
      await recordStaffAction(tx, ctx, staff, { action: 'ama.booking.seat', target: { type: 'ama_booking', id: String(id) } });
      return row;
    });
  } catch (err) {
    if ((err as { code?: string }).code === UNIQUE_VIOLATION) throw conflict(AMA_MESSAGES.seatTaken);
    throw err;
  }
  deliverSoon(ctx);
  return bookingView(updated);
}

export async function deleteBooking(ctx: AmaContext, staff: StaffIdentity, id: number) {
  await ctx.sql.begin(async (tx) => {
    const booking = await repo.findBooking(tx, id, true);
    if (!booking) throw notFound(AMA_MESSAGES.bookingNotFound);
    // Lock order as in booking: the session first, then its bookings.
    await lockSession(tx, booking.session_id);
    await repo.deleteBooking(tx, id);
    await writeEvent(tx, 'ama.booking.deleted', { ...bookingEvent(booking, ctx.now()), booking_status: null });
    await recordStaffAction(tx, ctx, staff, { action: 'ama.booking.delete', target: { type: 'ama_booking', id: String(id) } });
    if (booking.booking_status !== 'cancelled') await promoteWaitlist(ctx, tx, booking.session_id);
  });
  deliverSoon(ctx);
  return { success: true as const, id };
}

export async function staffWaitlist(ctx: AmaContext, sessionId: number) {
  if (!(await findSession(ctx.sql, sessionId))) throw notFound(AMA_MESSAGES.sessionNotFound);
  return repo.listWaitlist(ctx.sql, sessionId);
}

// Holds -----------------------------------------------------------------------------------------

const EXPIRY_BATCH = 100;

/**
 * Cancels pending bookings that have no receipt 24 hours after booking (payment_deadline), tells
 * their visitors why (mail and realtime), and hands the freed places to the waitlist. Answers how
 * many holds expired.
 */
export async function expireHolds(ctx: AmaContext): Promise<{ expired: number; promoted: number }> {
  let expired = 0;
  let promoted = 0;
  for (;;) {
    const batch = await ctx.sql.begin(async (tx) => {
      const now = ctx.now();
      const holds = await repo.expiredHolds(tx, now, EXPIRY_BATCH);
      const sessions = new Set<number>();
      for (const hold of holds) {
        const row = await repo.setStatus(tx, hold.id, 'cancelled', 'hold_expired');
        await writeEvent(tx, 'ama.booking.status_changed', bookingEvent(row, now));
        await notifyBooking(ctx, tx, row);
        await queueEmail(ctx, tx, holdExpiredMail(row, await mailSession(tx, row.session_id)));
        sessions.add(row.session_id);
      }
      for (const sessionId of sessions) promoted += await promoteWaitlist(ctx, tx, sessionId);
      return holds.length;
    });
    expired += batch;
    if (batch < EXPIRY_BATCH) break;
  }
  if (expired > 0) deliverSoon(ctx);
  return { expired, promoted };
}

// Calendar --------------------------------------------------------------------------------------

/** The .ics of a booking that is not cancelled (the reference is the key, like the status lookup). */
export async function calendarFor(ctx: AmaContext, reference: string) {
  const booking = await repo.findByReference(ctx.sql, reference);
  if (!booking) throw notFound(AMA_MESSAGES.bookingNotFound);
  if (booking.booking_status === 'cancelled') throw conflict(AMA_MESSAGES.calendarNotBooked);
  const session = await findSession(ctx.sql, booking.session_id);
  if (!session) throw notFound(AMA_MESSAGES.bookingNotFound);
  return { session, body: calendarFile(session, booking, ctx.now()) };
}
