import { afterAll, beforeAll, expect, it } from 'vitest';
import { SESSION_WITH_OCCUPANCY_SQL } from '../src/sessions/sessions-repository.ts';
import { buildAma, createSession, type AmaTest } from './helpers.ts';

let t: AmaTest;
let sessionId: number;
beforeAll(async () => {
  t = await buildAma();
  sessionId = await createSession(t, { max_participants: null });
  // Enough rows that a plan over the whole table would be the planner's choice without an index.
  // Seeded in one statement with the counting trigger off (20,000 updates of one session row in one
  // transaction walk ever longer version chains), then counted once.
  await t.sql`ALTER TABLE bookings DISABLE TRIGGER bookings_count_places`;
  await t.sql`
    INSERT INTO bookings (session_id, booking_reference, participant_name, participant_email, participant_phone,
                          payment_method, booking_status, payment_deadline, created_at, email_key, address_key)
    SELECT ${sessionId}, 'AMA' || lpad(g::text, 20, '0'), 'n', 'n' || g || '@example.com', '1', 'paypal',
           (ARRAY['pending', 'confirmed', 'cancelled'])[1 + g % 3], g, g, 'n' || g || '@example.com', '10.0.' || (g % 200) || '.1'
    FROM generate_series(1, 20000) g`;
  await t.sql`ALTER TABLE bookings ENABLE TRIGGER bookings_count_places`;
  await t.sql`
    UPDATE sessions SET seats_taken = (SELECT count(*) FROM bookings WHERE session_id = ${sessionId} AND booking_status IN ('pending', 'confirmed'))
    WHERE id = ${sessionId}`;
  await t.sql`ANALYZE bookings`;
});
afterAll(async () => t?.close());

async function plan(query: string, params: unknown[]): Promise<string> {
  const rows = await t.sql.unsafe<Array<{ 'QUERY PLAN': string }>>(`EXPLAIN ${query}`, params as never[]);
  return rows.map((r) => r['QUERY PLAN']).join('\n');
}

it('counts occupancy, finds a reference and finds expired holds through indexes, never a scan of every booking', async () => {
  const occupancy = await plan(
    `SELECT count(*) FROM bookings WHERE session_id = $1 AND booking_status IN ('pending', 'confirmed')`,
    [sessionId + 1],
  );
  expect(occupancy).toMatch(/Index (Only )?Scan using bookings_session(_created)?_idx/);
  expect(occupancy).not.toMatch(/Seq Scan/);
  expect(await plan('SELECT id FROM bookings WHERE booking_reference = $1', ['AMA00000000000000000042'])).toMatch(/booking_reference_key/);
  const holds = await plan(
    `SELECT id FROM bookings WHERE booking_status = 'pending' AND NOT receipt_uploaded AND payment_deadline <= $1 ORDER BY payment_deadline LIMIT 100`,
    [50],
  );
  expect(holds).toMatch(/bookings_unpaid_holds_idx/);
  expect(await plan('SELECT id FROM bookings WHERE session_id = $1 ORDER BY created_at DESC, id DESC', [sessionId + 1])).toMatch(/bookings_session_created_idx|bookings_session_idx/);
});

it("reads occupancy and an address's unpaid bookings from counters, never counting bookings", async () => {
  const share = await plan(
    `SELECT seats_taken, (SELECT pending FROM booking_address_holds WHERE session_id = $1 AND kind = 'a' AND key = $2) FROM sessions WHERE id = $1`,
    [sessionId + 1, '10.0.0.1'],
  );
  expect(share).not.toMatch(/on bookings/);
});

it('books a session (limited or not) without counting its bookings', async () => {
  const run = async (id: number) => {
    const rows = await t.sql.unsafe<Array<{ 'QUERY PLAN': string }>>(`EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF) ${SESSION_WITH_OCCUPANCY_SQL}`, [id]);
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  };
  // The session with 20,000 bookings, and a limited one: the occupancy is the session's counter.
  expect(await run(sessionId)).not.toMatch(/bookings/);
  expect(await run(await createSession(t, { max_participants: 10 }))).not.toMatch(/bookings/);
});
