import type { Db } from '@wfm/service-kit';

type Row = Record<string, unknown>;

/**
 * The visitor's own AMA rows for "Your data": bookings and waitlist places with what they typed,
 * their receipts' names and outcome (staff's notes and names stay out), questions and upvotes, and
 * their mentor application. Hashes are matched, never answered.
 */
export async function recordsOf(db: Db, visitor: Buffer) {
  const [bookings, receipts, waitlist, questions, question_upvotes, mentor_application] = await Promise.all([
    db<Row[]>`
      SELECT b.id, b.session_id, s.title AS session_title, b.booking_reference, b.participant_name, b.participant_email,
        b.participant_phone, b.payment_method, b.booking_status, b.seat_number, b.receipt_uploaded, b.created_at,
        b.payment_deadline, b.cancel_reason
      FROM bookings b JOIN sessions s ON s.id = b.session_id WHERE b.visitor_hash = ${visitor} ORDER BY b.created_at, b.id`,
    db<Row[]>`
      SELECT r.booking_id, r.receipt_filename, r.upload_date, r.validation_status
      FROM receipts r JOIN bookings b ON b.id = r.booking_id WHERE b.visitor_hash = ${visitor} ORDER BY r.upload_date, r.id`,
    db<Row[]>`
      SELECT session_id, participant_name, participant_email, participant_phone, payment_method, created_at, promoted_at
      FROM waitlist WHERE visitor_hash = ${visitor} ORDER BY created_at, id`,
    db<Row[]>`
      SELECT q.id, q.session_id, s.title AS session_title, q.question, q.author_name, q.is_anonymous, q.upvotes, q.answer,
        q.answered_at, q.created_at
      FROM questions q JOIN sessions s ON s.id = q.session_id WHERE q.visitor_hash = ${visitor} ORDER BY q.created_at, q.id`,
    db<Row[]>`SELECT question_id, created_at FROM question_upvotes WHERE visitor_hash = ${visitor} ORDER BY created_at, question_id`,
    db<Row[]>`
      SELECT id, name, years_experience, bio, expertise_tags, timezone, availability_hours, contact_info, linkedin_url,
        submitted_by, status, created_at, updated_at
      FROM mentors WHERE visitor_hash = ${visitor}`,
  ]);
  return { bookings: bookings.map((b) => ({ ...b, receipts: receipts.filter((r) => r.booking_id === b.id) })), waitlist, questions, question_upvotes, mentor_application };
}

export async function contentIdsOf(db: Db, visitor: Buffer): Promise<{ questions: number[]; mentor: number | null }> {
  const [questions, mentor] = await Promise.all([
    db<{ id: number }[]>`SELECT id FROM questions WHERE visitor_hash = ${visitor} ORDER BY id`,
    db<{ id: number }[]>`SELECT id FROM mentors WHERE visitor_hash = ${visitor}`,
  ]);
  return { questions: questions.map((r) => Number(r.id)), mentor: mentor[0] ? Number(mentor[0].id) : null };
}
