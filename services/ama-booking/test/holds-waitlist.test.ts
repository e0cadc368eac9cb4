import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AMA_MESSAGES } from '@wfm/contracts/ama';
import { createLogger, queueConnection, startTaskRunner, type TaskRunner } from '@wfm/service-kit';
import { TEST_REDIS_URL } from '@wfm/service-kit/testing';
import { EXPIRE_HOLDS_TASK } from '../src/common/common-tasks.ts';
import { DAY, HOUR, PDF, book, buildAma, createSession, get, multipart, newVisitor, outboxEvents, post, validBooking, type AmaTest } from './helpers.ts';

let t: AmaTest;
let runner: TaskRunner;
beforeAll(async () => {
  t = await buildAma();
  // The service's own task definitions on a real queue (Redis), sharing the app's context and clock.
  runner = await startTaskRunner({
    ...t.def.tasks!(t.ctx),
    repeat: [],
    connection: queueConnection({ redisUrl: TEST_REDIS_URL, databaseUrl: t.databaseUrl }),
    queueName: `ama-test-${randomBytes(4).toString('hex')}`,
    logger: createLogger('ama-booking', process.env.LOG_LEVEL ?? 'silent'),
  });
});
afterAll(async () => {
  await runner?.close();
  await t?.close();
});

const expire = async () => (await runner.run(EXPIRE_HOLDS_TASK, {}, 20_000)) as { expired: number; promoted: number };
const status = async (reference: string) =>
  (await get(t.app, `/api/ama/bookings/status/${reference}`)).json<{ booking: { booking_status: string; cancel_reason: string | null; from_waitlist: boolean } }>().booking;

async function uploadReceipt(bookingId: number, visitor: { token: string; ip: string }) {
  const { payload, headers } = await multipart([{ name: 'r.pdf', data: PDF }], 'receipt');
  return t.app.inject({ method: 'POST', url: `/api/ama/bookings/${bookingId}/receipt`, payload, headers: { ...headers, 'x-anon-token': visitor.token } });
}

describe('seat holds', () => {
  it('cancels a pending booking without a receipt 24 h after booking, frees the place and tells the visitor why', async () => {
    const id = await createSession(t, { max_participants: 2, scheduled_time: t.clock.now() + 5 * DAY });
    const unpaidVisitor = newVisitor();
    const unpaid = await book(t, id, unpaidVisitor);
    const paidVisitor = newVisitor();
    const paid = await book(t, id, paidVisitor);
    expect((await uploadReceipt(paid.id, paidVisitor)).statusCode).toBe(201);
    expect((await post(t.app, `/api/ama/sessions/${id}/book`, validBooking())).statusCode).toBe(409);

    t.clock.advance(DAY - HOUR);
    expect((await expire()).expired).toBe(0);
    expect((await status(unpaid.booking_reference)).booking_status).toBe('pending');

    t.clock.advance(HOUR);
    expect((await expire()).expired).toBe(1);
    expect(await status(unpaid.booking_reference)).toMatchObject({ booking_status: 'cancelled', cancel_reason: 'hold_expired' });
    expect((await status(paid.booking_reference)).booking_status).toBe('pending');
    // The place is free again.
    expect((await post(t.app, `/api/ama/sessions/${id}/book`, validBooking())).statusCode).toBe(201);

    const notes = await outboxEvents(t.sql, 'ama.visitor.notify');
    expect(notes.some((n) => JSON.stringify(n).includes(`"booking_id":${unpaid.id}`) && JSON.stringify(n).includes('"status":"cancelled"'))).toBe(true);
    const [mail] = await t.sql<{ kind: string; body: string }[]>`SELECT kind, body FROM emails WHERE booking_id = ${unpaid.id} AND kind = 'hold_expired'`;
    expect(mail!.body).toContain('no payment receipt arrived within 24 hours');
    // Running again changes nothing.
    expect((await expire()).expired).toBe(0);
    t.clock.set(Date.now());
  });
});

describe('waitlist', () => {
  it('joins only a full session, once per email, and answers the position', async () => {
    const id = await createSession(t, { max_participants: 1 });
    const notFull = await post(t.app, `/api/ama/sessions/${id}/waitlist`, validBooking());
    expect(notFull.statusCode).toBe(409);
    expect(notFull.json()).toEqual({ message: AMA_MESSAGES.waitlistNotFull });
    await book(t, id);
    const first = await post(t.app, `/api/ama/sessions/${id}/waitlist`, validBooking({ participant_email: 'one@example.com' }));
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ session_id: id, position: 1 });
    expect((await post(t.app, `/api/ama/sessions/${id}/waitlist`, validBooking({ participant_email: 'two@example.com' }))).json()).toMatchObject({ position: 2 });
    const twice = await post(t.app, `/api/ama/sessions/${id}/waitlist`, validBooking({ participant_email: 'ONE@example.com' }));
    expect(twice.json()).toEqual({ message: AMA_MESSAGES.alreadyWaitlisted });
    expect((await post(t.app, `/api/ama/sessions/${id}/waitlist`, validBooking({ participant_email: 'bad' }))).statusCode).toBe(400);
    expect((await t.staff('GET', `/api/admin/ama/sessions/${id}/waitlist`)).json<unknown[]>()).toHaveLength(2);
  });

  it('gives a freed place to the first in line as a pending booking with a fresh 24 h hold, and tells them', async () => {
    const id = await createSession(t, { max_participants: 1, scheduled_time: t.clock.now() + 5 * DAY });
    const holder = await book(t, id);
    const waiting = newVisitor();
    await post(t.app, `/api/ama/sessions/${id}/waitlist`, validBooking({ participant_email: 'first@example.com', participant_name: 'First' }), waiting);
    await post(t.app, `/api/ama/sessions/${id}/waitlist`, validBooking({ participant_email: 'second@example.com' }));

    t.clock.advance(DAY + 1);
    const promotedAt = t.clock.now();
    // Other tests' holds in this database may expire too.
    expect((await expire()).promoted).toBeGreaterThanOrEqual(1);
    expect((await status(holder.booking_reference)).booking_status).toBe('cancelled');
    const bookings = (await t.staff('GET', `/api/admin/ama/sessions/${id}/bookings`)).json<Array<{ participant_email: string; booking_status: string; from_waitlist: boolean; payment_deadline: number }>>();
    const promoted = bookings.find((b) => b.participant_email === 'first@example.com')!;
    expect(promoted).toMatchObject({ booking_status: 'pending', from_waitlist: true, payment_deadline: promotedAt + DAY });
    expect(bookings.some((b) => b.participant_email === 'second@example.com')).toBe(false);
    const [mail] = await t.sql<{ body: string }[]>`SELECT body FROM emails WHERE kind = 'waitlist_promoted' AND to_address = 'first@example.com'`;
    expect(mail!.body).toContain('held for you');
    expect(JSON.stringify(await outboxEvents(t.sql, 'ama.visitor.notify'))).toContain('"status":"pending"');

    // Staff cancelling the promoted booking hands the place to the next in line.
    const promotedRow = (await t.staff('GET', `/api/admin/ama/sessions/${id}/bookings`)).json<Array<{ id: number; participant_email: string }>>().find((b) => b.participant_email === 'first@example.com')!;
    await t.staff('PUT', `/api/admin/ama/bookings/${promotedRow.id}/status`, { booking_status: 'cancelled' });
    const after = (await t.staff('GET', `/api/admin/ama/sessions/${id}/bookings`)).json<Array<{ participant_email: string; booking_status: string }>>();
    expect(after.find((b) => b.participant_email === 'second@example.com')).toMatchObject({ booking_status: 'pending' });
    expect((await t.staff('GET', `/api/admin/ama/sessions/${id}/waitlist`)).json<unknown[]>()).toHaveLength(0);
    t.clock.set(Date.now());
  });
});
