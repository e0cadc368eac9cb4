import type { Db } from '@wfm/service-kit';
import type { EmailKind, StaffEmail } from '@wfm/contracts/ama';

export interface NewEmail {
  kind: EmailKind;
  booking_id: number | null;
  session_id: number | null;
  to: string;
  subject: string;
  text: string;
}

export async function insertEmail(db: Db, mail: NewEmail, delivery: 'kept' | 'queued' | 'capped', now: number): Promise<number> {
  const [row] = await db<{ id: number }[]>`
    INSERT INTO emails (kind, booking_id, session_id, to_address, subject, body, delivery, created_at)
    VALUES (${mail.kind}, ${mail.booking_id}, ${mail.session_id}, ${mail.to}, ${mail.subject}, ${mail.text}, ${delivery}, ${now})
    RETURNING id`;
  return row!.id;
}

export async function listEmails(db: Db, q: { session_id?: number | undefined; limit: number }): Promise<StaffEmail[]> {
  return db<StaffEmail[]>`
    SELECT id, kind, booking_id, to_address AS "to", subject, body AS text,
           CASE delivery WHEN 'queued' THEN 'kept' ELSE delivery END AS delivery, created_at
    FROM emails
    ${q.session_id === undefined ? db`` : db`WHERE session_id = ${q.session_id}`}
    ORDER BY created_at DESC, id DESC LIMIT ${q.limit}`;
}

export interface QueuedEmail {
  id: number;
  to: string;
  subject: string;
  text: string;
  attempts: number;
}

/** Claims queued mails for sending (other replicas skip them while this transaction holds them). */
export async function claimQueued(db: Db, limit: number): Promise<QueuedEmail[]> {
  return db<QueuedEmail[]>`
    SELECT id, to_address AS "to", subject, body AS text, attempts FROM emails
    WHERE delivery = 'queued' ORDER BY id LIMIT ${limit} FOR UPDATE SKIP LOCKED`;
}

export async function markDelivered(db: Db, id: number, delivery: 'sent' | 'failed' | 'queued', attempts: number, now: number): Promise<void> {
  await db`UPDATE emails SET delivery = ${delivery}, attempts = ${attempts}, sent_at = ${delivery === 'sent' ? now : null} WHERE id = ${id}`;
}
