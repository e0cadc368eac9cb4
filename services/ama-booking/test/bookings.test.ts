import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AMA_MESSAGES, BOOKING_REFERENCE_PATTERN } from '@wfm/contracts/ama';
import {
  DAY,
  book,
  buildAma,
  createSession,
  get,
  newVisitor,
  outboxEvents,
  post,
  staffActions,
  validBooking,
  type AmaTest,
} from './helpers.ts';

let t: AmaTest;
beforeAll(async () => {
  t = await buildAma();
});
afterAll(async () => t?.close());

const count = async (id: number, status: string) => (await get(t.app, `/api/ama/sessions/${id}/bookings/count?status=${status}`)).json<{ count: number }>().count;

describe('booking', () => {
  it('answers id, booking_reference (AMA + 20 random digits and capitals) and session_id; starts pending with a 24 h deadline', async () => {
    const id = await createSession(t);
    const res = await post(t.app, `/api/ama/sessions/${id}/book`, validBooking());
    expect(res.statusCode).toBe(201);
    const body = res.json<{ id: number; booking_reference: string; session_id: number; booking_status: string; payment_deadline: number }>();
    expect(body).toMatchObject({ session_id: id, booking_status: 'pending', payment_deadline: t.clock.now() + DAY });
    expect(body.booking_reference).toMatch(BOOKING_REFERENCE_PATTERN);
    const refs = new Set<string>();
    refs.add(body.booking_reference);
    for (let i = 0; i < 19; i++) refs.add((await book(t, id, newVisitor())).booking_reference);
    expect(refs.size).toBe(20);
    expect(await count(id, 'pending')).toBe(20);
    expect(await count(id, 'confirmed')).toBe(0);
  });

  it('refuses bad fields with the form rules (§5) and checks boundaries', async () => {
    const id = await createSession(t, { max_participants: null });
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ participant_name: '' }, AMA_MESSAGES.nameRequired],
      [{ participant_name: 'x'.repeat(101) }, AMA_MESSAGES.nameTooLong],
      [{ participant_email: 'not-an-email' }, AMA_MESSAGES.emailInvalid],
      [{ participant_email: `${'a'.repeat(195)}@ex.com` }, AMA_MESSAGES.emailTooLong],
      [{ participant_phone: '' }, AMA_MESSAGES.phoneRequired],
      [{ participant_phone: '1'.repeat(21) }, AMA_MESSAGES.phoneTooLong],
      [{ payment_method: 'cash' }, AMA_MESSAGES.paymentMethodInvalid],
      [{ participant_name: 42 }, AMA_MESSAGES.nameRequired],
    ];
    for (const [override, message] of cases) {
      const res = await post(t.app, `/api/ama/sessions/${id}/book`, validBooking(override));
      expect(res.statusCode, JSON.stringify(override)).toBe(400);
      expect(res.json<{ message: string }>().message).toContain(message);
    }
    for (const ok of [{ participant_name: 'x'.repeat(100) }, { participant_phone: '1'.repeat(20) }, { payment_method: 'bank_transfer' }, { payment_method: 'gcash' }]) {
      expect((await post(t.app, `/api/ama/sessions/${id}/book`, validBooking(ok))).statusCode, JSON.stringify(ok)).toBe(201);
    }
    const noToken = await t.app.inject({ method: 'POST', url: `/api/ama/sessions/${id}/book`, payload: validBooking() });
    expect(noToken.statusCode).toBe(401);
    const truncated = await t.app.inject({ method: 'POST', url: `/api/ama/sessions/${id}/book`, headers: { 'content-type': 'application/json', 'x-anon-token': newVisitor().token }, payload: '{"participant_name": "a' });
    expect(truncated.statusCode).toBe(400);
    expect((await post(t.app, '/api/ama/sessions/999999/book', validBooking())).statusCode).toBe(404);
  });

  it('books only scheduled sessions', async () => {
    const live = await createSession(t, { scheduled_time: t.clock.now() - 10 * 60_000, status: 'live' });
    const res = await post(t.app, `/api/ama/sessions/${live}/book`, validBooking());
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: AMA_MESSAGES.sessionNotBookable });
    const past = await createSession(t, { scheduled_time: t.clock.now() - 3 * DAY });
    expect((await post(t.app, `/api/ama/sessions/${past}/book`, validBooking())).statusCode).toBe(409);
    const cancelled = await createSession(t, { status: 'cancelled' });
    expect((await post(t.app, `/api/ama/sessions/${cancelled}/book`, validBooking())).statusCode).toBe(409);
  });

  it('keeps capacity exact under concurrency: 200 parallel bookings for 20 places give 20 bookings and 180 clear 409s (10 rounds)', async () => {
    for (let round = 0; round < 10; round++) {
      const id = await createSession(t, { max_participants: 20 });
      const answers = await Promise.all(
        Array.from({ length: 200 }, () => post(t.app, `/api/ama/sessions/${id}/book`, validBooking(), newVisitor())),
      );
      const codes = answers.map((a) => a.statusCode);
      const odd = answers.find((a) => a.statusCode !== 201 && a.statusCode !== 409);
      expect(odd?.body ?? 'none').toBe('none');
      expect(codes.filter((c) => c === 201)).toHaveLength(20);
      expect(codes.filter((c) => c === 409)).toHaveLength(180);
      expect(answers.find((a) => a.statusCode === 409)!.json()).toEqual({ message: AMA_MESSAGES.sessionFull });
      const [{ n }] = await t.sql<[{ n: number }]>`SELECT count(*)::int AS n FROM bookings WHERE session_id = ${id}`;
      expect(n).toBe(20);
    }
  }, 180_000);

  it('counts confirmed + pending for occupancy; a cancelled booking frees its place; empty max_participants is unlimited', async () => {
    const id = await createSession(t, { max_participants: 1 });
    const first = await book(t, id);
    expect((await post(t.app, `/api/ama/sessions/${id}/book`, validBooking())).statusCode).toBe(409);
    await t.staff('PUT', `/api/admin/ama/bookings/${first.id}/status`, { booking_status: 'confirmed' });
    expect((await post(t.app, `/api/ama/sessions/${id}/book`, validBooking())).statusCode).toBe(409);
    await t.staff('PUT', `/api/admin/ama/bookings/${first.id}/status`, { booking_status: 'cancelled' });
    expect((await post(t.app, `/api/ama/sessions/${id}/book`, validBooking())).statusCode).toBe(201);

    const unlimited = await createSession(t, { max_participants: null });
    const many = await Promise.all(Array.from({ length: 30 }, () => post(t.app, `/api/ama/sessions/${unlimited}/book`, validBooking(), newVisitor())));
    expect(many.every((r) => r.statusCode === 201)).toBe(true);
  });

  it('validates the count query', async () => {
    const id = await createSession(t);
    expect((await get(t.app, `/api/ama/sessions/${id}/bookings/count?status=cancelled`)).statusCode).toBe(400);
    expect((await get(t.app, `/api/ama/sessions/${id}/bookings/count`)).statusCode).toBe(400);
    expect((await get(t.app, '/api/ama/sessions/999999/bookings/count?status=pending')).statusCode).toBe(404);
  });

  it('writes ama.booking.created without participant data', async () => {
    const id = await createSession(t);
    const b = await book(t, id, newVisitor(), { participant_email: 'private@example.com' });
    const events = await outboxEvents(t.sql, 'ama.booking.created');
    const mine = events.find((e) => e.id === b.id)!;
    expect(mine).toMatchObject({ session_id: id, booking_status: 'pending' });
    expect(JSON.stringify(mine)).not.toContain('private@example.com');
  });
});

describe('lookup', () => {
  it('answers booking, session and receipt for a reference (any case); 404 for unknown ones', async () => {
    const id = await createSession(t);
    const b = await book(t, id);
    const res = await get(t.app, `/api/ama/bookings/status/${b.booking_reference.toLowerCase()}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      booking: { id: b.id, booking_reference: b.booking_reference, booking_status: 'pending', receipt_uploaded: false, seat_number: null, participant_name: 'Sam Analyst' },
      session: { id, title: 'Forecasting for omnichannel queues' },
      receipt: null,
    });
    expect(JSON.stringify(res.json())).not.toContain('visitor_hash');
    const unknown = await get(t.app, '/api/ama/bookings/status/AMA00000000000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: AMA_MESSAGES.bookingNotFound });
    const long = (await get(t.app, `/api/ama/bookings/status/${'A'.repeat(101)}`)).statusCode;
    expect(long >= 400 && long < 500).toBe(true);
    expect((await get(t.app, '/api/ama/bookings/status/%20')).json()).toEqual({ message: AMA_MESSAGES.referenceRequired });
  });

  it('is rate limited per address (30 a minute)', async () => {
    const visitor = newVisitor();
    const codes: number[] = [];
    for (let i = 0; i < 32; i++) codes.push((await get(t.app, '/api/ama/bookings/status/AMA00000000000000000001', { ...visitor, token: newVisitor().token })).statusCode);
    expect(codes.slice(0, 30).every((c) => c === 404)).toBe(true);
    expect(codes.slice(30)).toEqual([429, 429]);
  });

  it('serves an .ics with UTC times and the zoom link for a live booking', async () => {
    const start = Date.UTC(2031, 5, 1, 14, 30);
    t.clock.set(start - 2 * DAY);
    const id = await createSession(t, { scheduled_time: start, duration_minutes: 90, title: 'Erlang C, explained; with care' });
    const b = await book(t, id);
    const res = await get(t.app, `/api/ama/bookings/${b.booking_reference}/calendar.ics`);
    t.clock.set(Date.now());
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/calendar');
    expect(res.body).toContain('DTSTART:20310601T143000Z');
    expect(res.body).toContain('DTEND:20310601T160000Z');
    expect(res.body).toContain('LOCATION:https://zoom.us/j/123456789');
    expect(res.body).toContain('SUMMARY:AMA: Erlang C\\, explained\\; with care');
    expect((await get(t.app, '/api/ama/bookings/AMA00000000000000000002/calendar.ics')).statusCode).toBe(404);
  });
});

describe('staff bookings', () => {
  it('lists with counts, confirms pending, cancels non-cancelled, refuses other transitions; audits and notifies the visitor', async () => {
    const id = await createSession(t);
    const visitor = newVisitor();
    const a = await book(t, id, visitor);
    const b = await book(t, id);
    const list = await t.staff('GET', `/api/admin/ama/sessions/${id}/bookings`);
    expect(list.json<Array<{ id: number }>>().map((x) => x.id).sort()).toEqual([a.id, b.id].sort());

    expect((await t.staff('PUT', `/api/admin/ama/bookings/${a.id}/status`, { booking_status: 'confirmed' })).json()).toMatchObject({ booking_status: 'confirmed' });
    const again = await t.staff('PUT', `/api/admin/ama/bookings/${a.id}/status`, { booking_status: 'confirmed' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: AMA_MESSAGES.confirmOnlyPending });
    expect((await t.staff('PUT', `/api/admin/ama/bookings/${a.id}/status`, { booking_status: 'cancelled' })).statusCode).toBe(200);
    expect((await t.staff('PUT', `/api/admin/ama/bookings/${a.id}/status`, { booking_status: 'cancelled' })).json()).toEqual({ message: AMA_MESSAGES.alreadyCancelled });
    expect((await t.staff('PUT', `/api/admin/ama/bookings/${a.id}/status`, { booking_status: 'confirmed' })).statusCode).toBe(409);
    expect((await t.staff('PUT', `/api/admin/ama/bookings/${b.id}/status`, { booking_status: 'pending' })).statusCode).toBe(400);
    expect((await t.staff('PUT', '/api/admin/ama/bookings/999999/status', { booking_status: 'confirmed' })).statusCode).toBe(404);

    const counts = await t.staff('GET', `/api/admin/ama/sessions/${id}/bookings/counts`);
    expect(counts.json()).toEqual({ total: 2, confirmed: 0, pending: 1, cancelled: 1, receiptsApproved: 0, receiptsPending: 0, receiptsRejected: 0 });

    const notes = await outboxEvents(t.sql, 'ama.visitor.notify');
    expect(notes.some((n) => (n.message as { data: { booking_id: number; status: string } }).data.booking_id === a.id)).toBe(true);
    const actions = await staffActions(t.sql);
    expect(actions).toEqual(expect.arrayContaining(['ama.booking.confirm', 'ama.booking.cancel']));
  });

  it('assigns a seat (1-100) only to a confirmed booking without one, unique within the session, even in parallel', async () => {
    const id = await createSession(t);
    const pending = await book(t, id);
    const seat = (bookingId: number, n: unknown) => t.staff('PUT', `/api/admin/ama/bookings/${bookingId}/seat`, { seat_number: n });
    const notConfirmed = await seat(pending.id, 5);
    expect(notConfirmed.statusCode).toBe(409);
    expect(notConfirmed.json()).toEqual({ message: AMA_MESSAGES.seatNotConfirmed });
    for (const bad of [0, 101, 1.5, 'abc', null]) {
      const res = await seat(pending.id, bad);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: AMA_MESSAGES.seatRange });
    }
    const confirmed: number[] = [];
    for (let i = 0; i < 10; i++) {
      const b = await book(t, id);
      await t.staff('PUT', `/api/admin/ama/bookings/${b.id}/status`, { booking_status: 'confirmed' });
      confirmed.push(b.id);
    }
    const race = await Promise.all(confirmed.map((b) => seat(b, 7)));
    expect(race.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const refused = race.filter((r) => r.statusCode === 409);
    expect(refused).toHaveLength(9);
    expect(refused[0]!.json()).toEqual({ message: AMA_MESSAGES.seatTaken });
    const winner = confirmed[race.findIndex((r) => r.statusCode === 200)]!;
    const twice = await seat(winner, 8);
    expect(twice.json()).toEqual({ message: AMA_MESSAGES.seatAlreadyAssigned });
    expect((await seat(confirmed.find((b) => b !== winner)!, 100)).statusCode).toBe(200);
    expect((await seat(confirmed.filter((b) => b !== winner)[1]!, 1)).statusCode).toBe(200);
    expect(await staffActions(t.sql)).toContain('ama.booking.seat');
  });

  it('deletes a booking permanently', async () => {
    const id = await createSession(t);
    const b = await book(t, id);
    expect((await t.staff('DELETE', `/api/admin/ama/bookings/${b.id}`)).json()).toEqual({ success: true, id: b.id });
    expect((await get(t.app, `/api/ama/bookings/status/${b.booking_reference}`)).statusCode).toBe(404);
    expect((await t.staff('DELETE', `/api/admin/ama/bookings/${b.id}`)).statusCode).toBe(404);
    expect(await staffActions(t.sql)).toContain('ama.booking.delete');
  });
});
