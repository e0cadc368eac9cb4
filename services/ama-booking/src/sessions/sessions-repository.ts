import type { Db } from '@wfm/service-kit';
import type { PaymentMethods, SessionStatus } from '@wfm/contracts/ama';

/** A session row with its pricing fields flattened (the public view before the display status). */
export interface SessionRow {
  id: number;
  title: string;
  description: string;
  host_name: string;
  host_bio: string;
  scheduled_time: number;
  duration_minutes: number;
  max_participants: number | null;
  max_questions: number;
  zoom_link: string | null;
  image_url: string | null;
  status: SessionStatus;
  price: number | null;
  currency: 'USD' | 'PHP' | 'EUR' | null;
  paypal_email: string | null;
  paypal_instructions: string | null;
  gcash_number: string | null;
  gcash_name: string | null;
  gcash_instructions: string | null;
  created_at: number;
  updated_at: number;
}

export interface SessionFields {
  title: string;
  description: string;
  host_name: string;
  host_bio: string;
  scheduled_time: number;
  duration_minutes: number;
  max_participants: number | null;
  max_questions: number;
  zoom_link: string | null;
  image_url: string | null;
  status: SessionStatus;
}

const pm = (path: string, key: string) => `NULLIF(p.payment_methods->'${path}'->>'${key}', '')`;

/** The session row's columns (aliases s for sessions, p for pricing). */
export const SESSION_COLUMNS = `
  s.id, s.title, s.description, s.host_name, s.host_bio, s.scheduled_time, s.duration_minutes,
  s.max_participants, s.max_questions, s.zoom_link, s.image_url, s.status, s.created_at, s.updated_at,
  p.price::float8 AS price, p.currency,
  ${pm('paypal', 'email')} AS paypal_email, ${pm('paypal', 'instructions')} AS paypal_instructions,
  ${pm('gcash', 'number')} AS gcash_number, ${pm('gcash', 'name')} AS gcash_name,
  ${pm('gcash', 'instructions')} AS gcash_instructions`;

export async function listSessions(db: Db, limit = 500): Promise<SessionRow[]> {
  return db.unsafe<SessionRow[]>(
    `SELECT ${SESSION_COLUMNS} FROM sessions s LEFT JOIN pricing p ON p.session_id = s.id
     ORDER BY s.scheduled_time DESC, s.id DESC LIMIT $1`,
    [limit],
  );
}

export async function findSession(db: Db, id: number): Promise<SessionRow | null> {
  const rows = await db.unsafe<SessionRow[]>(
    `SELECT ${SESSION_COLUMNS} FROM sessions s LEFT JOIN pricing p ON p.session_id = s.id WHERE s.id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

/**
 * The session with its pricing and its current occupancy (confirmed + pending), in one round trip:
 * the session's seats_taken counter (kept by the bookings trigger, migration 006), so no booking is
 * counted (the soak booked 47,000 seats on one session). $1 is the session's id; tests EXPLAIN it.
 */
export const SESSION_WITH_OCCUPANCY_SQL = `SELECT ${SESSION_COLUMNS},
       s.seats_taken AS occupied
     FROM sessions s LEFT JOIN pricing p ON p.session_id = s.id WHERE s.id = $1`;

export async function findSessionWithOccupancy(db: Db, id: number): Promise<(SessionRow & { occupied: number }) | null> {
  const rows = await db.unsafe<Array<SessionRow & { occupied: number }>>(SESSION_WITH_OCCUPANCY_SQL, [id]);
  return rows[0] ?? null;
}

/**
 * Locks the session row: bookings of one session are decided one at a time (exact capacity). FOR NO
 * KEY UPDATE, the lock an UPDATE of its seats takes, not FOR UPDATE: a booking's transaction holds
 * the FOR KEY SHARE lock of its mail's foreign key on the row before its insert waits for this lock,
 * and FOR UPDATE would wait for that share in turn (a deadlock).
 */
export async function lockSession(db: Db, id: number) {
  const rows = await db<Array<Pick<SessionRow, 'id' | 'status' | 'scheduled_time' | 'duration_minutes' | 'max_participants'>>>`
    SELECT id, status, scheduled_time, duration_minutes, max_participants FROM sessions WHERE id = ${id} FOR NO KEY UPDATE`;
  return rows[0] ?? null;
}

export async function insertSession(db: Db, f: SessionFields, now: number): Promise<number> {
  const [row] = await db<{ id: number }[]>`
    INSERT INTO sessions (title, description, host_name, host_bio, scheduled_time, duration_minutes, max_participants,
                          max_questions, zoom_link, image_url, status, created_at, updated_at)
    VALUES (${f.title}, ${f.description}, ${f.host_name}, ${f.host_bio}, ${f.scheduled_time}, ${f.duration_minutes},
            ${f.max_participants}, ${f.max_questions}, ${f.zoom_link}, ${f.image_url}, ${f.status}, ${now}, ${now})
    RETURNING id`;
  return row!.id;
}

export async function updateSession(db: Db, id: number, f: SessionFields, now: number): Promise<boolean> {
  const rows = await db`
    UPDATE sessions SET title = ${f.title}, description = ${f.description}, host_name = ${f.host_name},
      host_bio = ${f.host_bio}, scheduled_time = ${f.scheduled_time}, duration_minutes = ${f.duration_minutes},
      max_participants = ${f.max_participants}, max_questions = ${f.max_questions}, zoom_link = ${f.zoom_link},
      image_url = ${f.image_url}, status = ${f.status}, updated_at = ${now}
    WHERE id = ${id} RETURNING id`;
  return rows.length > 0;
}

export async function setSessionStatus(db: Db, id: number, status: SessionStatus, now: number): Promise<boolean> {
  const rows = await db`UPDATE sessions SET status = ${status}, updated_at = ${now} WHERE id = ${id} RETURNING id`;
  return rows.length > 0;
}

/** Sets the image and answers the previous one (null if none or no session). */
export async function setSessionImage(db: Db, id: number, url: string, now: number): Promise<{ previous: string | null } | null> {
  const rows = await db<{ previous: string | null }[]>`
    UPDATE sessions s SET image_url = ${url}, updated_at = ${now}
    FROM (SELECT image_url AS previous FROM sessions WHERE id = ${id} FOR UPDATE) old
    WHERE s.id = ${id} RETURNING old.previous`;
  return rows[0] ?? null;
}

/** Deletes the session; pricing, bookings, receipts, questions and the waitlist go with it (cascade). */
export async function deleteSession(db: Db, id: number): Promise<{ image_url: string | null } | null> {
  const rows = await db<{ image_url: string | null }[]>`DELETE FROM sessions WHERE id = ${id} RETURNING image_url`;
  return rows[0] ?? null;
}

/** Marks stored upload names as used or unused by a record (the cleanup task deletes unused ones). */
export async function setUploadReferenced(db: Db, names: string[], referenced: boolean): Promise<void> {
  if (names.length > 0) await db`UPDATE uploads SET referenced = ${referenced} WHERE name = ANY(${names})`;
}

export interface StaffCountsRow {
  id: number;
  booking_count: number;
  question_count: number;
}
export async function sessionTotals(db: Db): Promise<Map<number, StaffCountsRow>> {
  const rows = await db<StaffCountsRow[]>`
    SELECT s.id,
      (SELECT count(*)::int FROM bookings b WHERE b.session_id = s.id AND b.booking_status <> 'cancelled') AS booking_count,
      (SELECT count(*)::int FROM questions q WHERE q.session_id = s.id) AS question_count
    FROM sessions s`;
  return new Map(rows.map((r) => [r.id, r]));
}

// Pricing ---------------------------------------------------------------------------------------

export interface PricingRow {
  price: number;
  currency: 'USD' | 'PHP' | 'EUR';
  payment_methods: PaymentMethods;
}

export async function findPricing(db: Db, sessionId: number): Promise<PricingRow | null> {
  const rows = await db<PricingRow[]>`
    SELECT price::float8 AS price, currency, payment_methods FROM pricing WHERE session_id = ${sessionId}`;
  return rows[0] ?? null;
}

export async function upsertPricing(db: Db, sessionId: number, p: PricingRow, now: number): Promise<void> {
  await db`
    INSERT INTO pricing (session_id, price, currency, payment_methods, created_at, updated_at)
    VALUES (${sessionId}, ${p.price}, ${p.currency}, ${db.json(p.payment_methods as never)}, ${now}, ${now})
    ON CONFLICT (session_id) DO UPDATE SET price = EXCLUDED.price, currency = EXCLUDED.currency,
      payment_methods = EXCLUDED.payment_methods, updated_at = EXCLUDED.updated_at`;
}

export async function touchSession(db: Db, id: number, now: number): Promise<void> {
  await db`UPDATE sessions SET updated_at = ${now} WHERE id = ${id}`;
}
