import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AMA_MESSAGES } from '@wfm/contracts/ama';
import { testVisitorToken } from '@wfm/service-kit/testing';
import { buildAma, createSession, outboxEvents, post, validBooking, type AmaTest } from './helpers.ts';

// Issue 29 item 4: a booking is one lock-free read, then its booking row, mail and event written as
// one statement outside a transaction (bookings-repository storeBooking). These tests make the
// early read pass for two bookings and then let the database decide between them: the refusal
// comes from inside the statement, so they check what that statement must guarantee.

let t: AmaTest;
beforeAll(async () => {
  t = await buildAma({ requestTimeoutMs: 60_000 });
});
afterAll(async () => t?.close());

const octet = () => 1 + (randomBytes(1)[0]! % 250);
const freshIp = () => `127.${octet()}.${octet()}.${octet()}`;
const bookFrom = (sessionId: number, ip: string) =>
  post(t.app, `/api/ama/sessions/${sessionId}/book`, validBooking(), { token: testVisitorToken(), ip });

/**
 * Runs `race` while another transaction holds the session row (as a booking's insert holds it),
 * released once `waiters` statements wait for it: their early reads have all passed by then.
 */
async function raceBehindSessionLock<T>(sessionId: number, waiters: number, race: () => Promise<T>): Promise<T> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let locked!: () => void;
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const holder = t.sql.begin(async (tx) => {
    const [{ pid }] = await tx<[{ pid: number }]>`SELECT pg_backend_pid() AS pid`;
    await tx`SELECT id FROM sessions WHERE id = ${sessionId} FOR NO KEY UPDATE`;
    locked();
    await released;
    return pid;
  });
  await isLocked;
  const racing = race();
  for (;;) {
    const [{ n }] = await t.sql<[{ n: number }]>`
      SELECT count(*)::int AS n FROM pg_locks WHERE NOT granted AND locktype IN ('tuple', 'transactionid')
        AND pid IN (SELECT pid FROM pg_stat_activity WHERE datname = current_database())`;
    if (n >= waiters) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  release();
  await holder;
  return racing;
}

const sessionMails = async (sessionId: number) =>
  (await t.sql<[{ n: number }]>`SELECT count(*)::int AS n FROM emails WHERE session_id = ${sessionId} AND kind = 'booking_received'`)[0].n;
const sessionEvents = async (sessionId: number) =>
  (await outboxEvents(t.sql, 'ama.booking.created')).filter((e) => e.session_id === sessionId).length;

describe('a booking written as one statement', () => {
  it('two bookings for the last place, both past the early read: one 201, one 409 Session full, and no mail nor event for the loser', async () => {
    const id = await createSession(t, { max_participants: 1 });
    const answers = await raceBehindSessionLock(id, 2, () => Promise.all([bookFrom(id, freshIp()), bookFrom(id, freshIp())]));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json()).toEqual({ message: AMA_MESSAGES.sessionFull });
    expect(await t.sql`SELECT count(*)::int AS n FROM bookings WHERE session_id = ${id}`).toEqual([{ n: 1 }]);
    expect(await sessionMails(id)).toBe(1);
    expect(await sessionEvents(id)).toBe(1);
  });

  it("the seat share reaches the database's check inside the statement: two bookings for an address's last unpaid seat, one wins", async () => {
    // 20 places: one address may hold 4 pending (AMA_SEAT_SHARE_MIN 3, 20 %).
    const id = await createSession(t, { max_participants: 20 });
    const ip = freshIp();
    for (let i = 0; i < 3; i++) expect((await bookFrom(id, ip)).statusCode).toBe(201);
    const answers = await raceBehindSessionLock(id, 2, () => Promise.all([bookFrom(id, ip), bookFrom(id, ip)]));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json()).toEqual({ message: AMA_MESSAGES.seatShareReached });
    expect(await sessionMails(id)).toBe(4);
    expect(await sessionEvents(id)).toBe(4);
    // The share was this statement's setting only: a booking from elsewhere still gets a place.
    expect((await bookFrom(id, freshIp())).statusCode).toBe(201);
  });
});
