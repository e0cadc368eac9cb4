import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testVisitorToken } from '@wfm/service-kit/testing';
import { expireHolds } from '../src/bookings/bookings-service.ts';
import { DAY, buildAma, createSession, post, validBooking, type AmaTest } from './helpers.ts';

// Issue 29 item 4: a session's places and each address's unpaid holds are counters the bookings
// trigger keeps (migration 006), read by every booking instead of counting. These tests race every
// path that frees or takes a place against new bookings, on the real PostgreSQL, and compare the
// counters with a recount: any drift fails them.

let t: AmaTest;
beforeAll(async () => {
  // Bookings come from a few addresses: each may hold the whole session, and the per-address
  // booking rate limit is widened (RATE_LIMIT_SCALE) so the races are not cut short by 429s.
  t = await buildAma({ requestTimeoutMs: 120_000, env: { AMA_SEAT_SHARE_PERCENT: '100', RATE_LIMIT_SCALE: '100' } });
});
afterAll(async () => t?.close());

const octet = () => 1 + (randomBytes(1)[0]! % 250);
const freshIp = () => `127.${octet()}.${octet()}.${octet()}`;

/** A booking by a fresh visitor (token and email of its own) from `ip`. */
const bookFrom = (sessionId: number, ip: string) =>
  post(t.app, `/api/ama/sessions/${sessionId}/book`, validBooking(), { token: testVisitorToken(), ip });
const waitlistFrom = (sessionId: number, ip: string) =>
  post(t.app, `/api/ama/sessions/${sessionId}/waitlist`, validBooking(), { token: testVisitorToken(), ip });

interface Drift {
  seats: { counter: number; counted: number };
  holds: Array<{ kind: string; key: string; counter: number; counted: number }>;
}

/** The session's counters next to a recount of its bookings; holds only where the two differ. */
async function drift(sessionId: number): Promise<Drift> {
  const [seats] = await t.sql<Array<{ counter: number; counted: number }>>`
    SELECT seats_taken AS counter,
           (SELECT count(*)::int FROM bookings WHERE session_id = ${sessionId} AND booking_status IN ('pending', 'confirmed')) AS counted
    FROM sessions WHERE id = ${sessionId}`;
  const holds = await t.sql<Array<{ kind: string; key: string; counter: number; counted: number }>>`
    WITH counted AS (
      SELECT 'a' AS kind, address_key AS key, count(*)::int AS n FROM bookings
      WHERE session_id = ${sessionId} AND booking_status = 'pending' AND address_key IS NOT NULL GROUP BY address_key
      UNION ALL
      SELECT 'n', network_key, count(*)::int FROM bookings
      WHERE session_id = ${sessionId} AND booking_status = 'pending' AND network_key IS NOT NULL GROUP BY network_key
    )
    SELECT coalesce(h.kind::text, c.kind) AS kind, coalesce(h.key, c.key) AS key,
           coalesce(h.pending, 0) AS counter, coalesce(c.n, 0) AS counted
    FROM (SELECT * FROM booking_address_holds WHERE session_id = ${sessionId}) h
    FULL JOIN counted c ON c.kind = h.kind::text AND c.key = h.key
    WHERE coalesce(h.pending, 0) <> coalesce(c.n, 0)`;
  return { seats: seats!, holds };
}

const noDrift = (counted: number): Drift => ({ seats: { counter: counted, counted }, holds: [] });
const active = async (sessionId: number) =>
  (await t.sql<{ id: number }[]>`
    SELECT id FROM bookings WHERE session_id = ${sessionId} AND booking_status <> 'cancelled' ORDER BY id`).map((r) => r.id);

describe('seat and hold counters', () => {
  it('count the bookings of a session as they are made', async () => {
    const id = await createSession(t, { max_participants: 10 });
    const ip = freshIp();
    for (let i = 0; i < 3; i++) expect((await bookFrom(id, ip)).statusCode).toBe(201);
    expect(await drift(id)).toEqual(noDrift(3));
  });

  it('stay exact when staff cancel, confirm, reject and delete while new bookings race for the freed places', async () => {
    const capacity = 12;
    const id = await createSession(t, { max_participants: capacity });
    const ips = [freshIp(), freshIp(), `2001:db8:${randomBytes(2).toString('hex')}::1`];
    const first = await Promise.all(Array.from({ length: 30 }, (_, i) => bookFrom(id, ips[i % 3]!)));
    expect(first.filter((r) => r.statusCode === 201)).toHaveLength(capacity);
    // A waitlist, so freed places are also taken by promotion.
    for (let i = 0; i < 4; i++) expect((await waitlistFrom(id, ips[i % 3]!)).statusCode).toBe(201);

    for (let round = 0; round < 3; round++) {
      const ids = await active(id);
      const [cancel, confirm, reject, remove] = [ids[0]!, ids[1]!, ids[2]!, ids[3]!];
      const answers = await Promise.all([
        t.staff('PUT', `/api/admin/ama/bookings/${cancel}/status`, { booking_status: 'cancelled' }),
        t.staff('PUT', `/api/admin/ama/bookings/${confirm}/status`, { booking_status: 'confirmed' }),
        t.staff('POST', '/api/admin/ama/bookings/bulk', { action: 'reject', ids: [reject], reason: 'Not a receipt' }),
        t.staff('DELETE', `/api/admin/ama/bookings/${remove}`),
        ...Array.from({ length: 12 }, (_, i) => bookFrom(id, ips[i % 3]!)),
      ]);
      // A 500 here was a deadlock: the session row locked FOR UPDATE against a booking's mail's
      // foreign-key share lock (lockSession takes FOR NO KEY UPDATE).
      expect(answers.slice(0, 4).map((r) => r.statusCode), answers.map((r) => r.body).join('\n')).toEqual([200, 200, 200, 200]);
      expect(answers.slice(4).every((r) => r.statusCode === 201 || r.statusCode === 409)).toBe(true);
      const d = await drift(id);
      expect(d).toEqual(noDrift(d.seats.counted));
      expect(d.seats.counted).toBeLessThanOrEqual(capacity);
    }
  });

  it('stay exact when holds expire and visitors rebook the freed places in the same moment', async () => {
    const capacity = 15;
    const id = await createSession(t, { max_participants: capacity, scheduled_time: t.clock.now() + 5 * DAY });
    const ip = freshIp();
    await Promise.all(Array.from({ length: capacity }, () => bookFrom(id, ip)));
    expect(await drift(id)).toEqual(noDrift(capacity));
    t.clock.advance(DAY + 1);
    const [expired, ...rebooked] = await Promise.all([expireHolds(t.ctx), ...Array.from({ length: 25 }, () => bookFrom(id, ip))]);
    expect(expired.expired).toBeGreaterThan(0);
    expect(rebooked.every((r) => r.statusCode === 201 || r.statusCode === 409)).toBe(true);
    const d = await drift(id);
    expect(d).toEqual(noDrift(d.seats.counted));
    expect(d.seats.counted).toBeLessThanOrEqual(capacity);
    // Whatever the race left, the freed places can be booked up to the capacity and no further.
    await Promise.all(Array.from({ length: 20 }, () => bookFrom(id, ip)));
    expect(await drift(id)).toEqual(noDrift(capacity));
  });

  it('refuse a booking beyond the capacity at the database too, whatever the early read said', async () => {
    const id = await createSession(t, { max_participants: 1 });
    expect((await bookFrom(id, freshIp())).statusCode).toBe(201);
    // A second insert straight into the table (the early read skipped) is refused by the trigger.
    const refused = await t.sql`
      INSERT INTO bookings (session_id, booking_reference, participant_name, participant_email, participant_phone,
                            payment_method, payment_deadline, email_key)
      VALUES (${id}, 'AMA-COUNTER-TEST', 'n', 'n@example.com', '1', 'paypal', 1, 'n@example.com')`.catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: '23514', constraint_name: 'bookings_session_full' });
    expect(await drift(id)).toEqual(noDrift(1));
  });

  it('are counted from the bookings already there when migration 006 runs (down, then up again)', async () => {
    const id = await createSession(t, { max_participants: 10 });
    const ips = [freshIp(), `2001:db8:${randomBytes(2).toString('hex')}::1`];
    const made = await Promise.all(Array.from({ length: 6 }, (_, i) => bookFrom(id, ips[i % 2]!)));
    const ids = made.map((r) => r.json<{ id: number }>().id);
    expect((await t.staff('PUT', `/api/admin/ama/bookings/${ids[0]}/status`, { booking_status: 'confirmed' })).statusCode).toBe(200);
    expect((await t.staff('PUT', `/api/admin/ama/bookings/${ids[1]}/status`, { booking_status: 'cancelled' })).statusCode).toBe(200);
    const migration = readFileSync(new URL('../migrations/006_booking_counters.sql', import.meta.url), 'utf8');
    const [up, down] = migration.split('-- Down Migration');
    await t.sql.unsafe(down!);
    await t.sql.unsafe(up!);
    expect(await drift(id)).toEqual(noDrift(5));
    expect(await t.sql`SELECT count(*)::int AS n FROM booking_address_holds WHERE session_id = ${id} AND pending > 0`).toEqual([{ n: 3 }]);
  });
});
