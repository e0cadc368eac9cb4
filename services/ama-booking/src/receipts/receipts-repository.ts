import type { Db } from '@wfm/service-kit';
import type { PublicReceipt, ReceiptStatus, StaffReceipt } from '@wfm/contracts/ama';

/** The staff-only address of a receipt's file. */
export const receiptFilePath = (id: number) => `/api/admin/ama/receipts/${id}/file`;

export async function insertReceipt(
  db: Db,
  r: { booking_id: number; upload_name: string; receipt_filename: string; notes: string | null; upload_date: number },
): Promise<PublicReceipt> {
  const [row] = await db<PublicReceipt[]>`
    INSERT INTO receipts (booking_id, upload_name, receipt_filename, notes, upload_date, content_sha256)
    VALUES (${r.booking_id}, ${r.upload_name}, ${r.receipt_filename}, ${r.notes}, ${r.upload_date},
            (SELECT sha256 FROM uploads WHERE name = ${r.upload_name}))
    RETURNING id, booking_id, receipt_filename, upload_date, validation_status, validated_by, notes`;
  await db`UPDATE uploads SET referenced = true WHERE name = ${r.upload_name}`;
  return row!;
}

/** Rejects the booking's pending receipts with the reason (bulk reject); answers how many. */
export async function rejectPendingReceipts(db: Db, bookingId: number, staffName: string, reason: string): Promise<number> {
  const rows = await db`
    UPDATE receipts SET validation_status = 'rejected', validated_by = ${staffName}, notes = ${reason}
    WHERE booking_id = ${bookingId} AND validation_status = 'pending' RETURNING id`;
  return rows.length;
}

/** The booking's latest receipt, as its visitor sees it. */
export async function latestReceipt(db: Db, bookingId: number): Promise<PublicReceipt | null> {
  const rows = await db<PublicReceipt[]>`
    SELECT id, booking_id, receipt_filename, upload_date, validation_status, validated_by, notes
    FROM receipts WHERE booking_id = ${bookingId} ORDER BY upload_date DESC, id DESC LIMIT 1`;
  return rows[0] ?? null;
}

type StaffReceiptRow = Omit<StaffReceipt, 'receipt_path'> & { upload_name: string };

export async function listForSession(db: Db, sessionId: number): Promise<StaffReceipt[]> {
  const rows = await db<StaffReceiptRow[]>`
    SELECT r.id, r.booking_id, b.booking_reference, b.participant_name, r.upload_name, r.receipt_filename,
           u.mimetype, u.size, r.upload_date, r.validation_status, r.validated_by, r.notes
    FROM receipts r JOIN bookings b ON b.id = r.booking_id JOIN uploads u ON u.name = r.upload_name
    WHERE b.session_id = ${sessionId} ORDER BY r.upload_date DESC, r.id DESC`;
  return rows.map(({ upload_name: _name, ...r }) => ({ ...r, receipt_path: receiptFilePath(r.id) }));
}

export interface ReceiptRow {
  id: number;
  booking_id: number;
  upload_name: string;
  validation_status: ReceiptStatus;
  notes: string | null;
}

export async function findReceipt(db: Db, id: number, lock = false): Promise<ReceiptRow | null> {
  const rows = await db<ReceiptRow[]>`
    SELECT id, booking_id, upload_name, validation_status, notes FROM receipts WHERE id = ${id} ${lock ? db`FOR UPDATE` : db``}`;
  return rows[0] ?? null;
}

export async function updateValidation(
  db: Db,
  id: number,
  v: { validation_status: ReceiptStatus; validated_by: string | null; notes: string | null },
): Promise<StaffReceipt> {
  await db`
    UPDATE receipts SET validation_status = ${v.validation_status}, validated_by = ${v.validated_by}, notes = ${v.notes}
    WHERE id = ${id}`;
  const rows = await db<StaffReceiptRow[]>`
    SELECT r.id, r.booking_id, b.booking_reference, b.participant_name, r.upload_name, r.receipt_filename,
           u.mimetype, u.size, r.upload_date, r.validation_status, r.validated_by, r.notes
    FROM receipts r JOIN bookings b ON b.id = r.booking_id JOIN uploads u ON u.name = r.upload_name WHERE r.id = ${id}`;
  const { upload_name: _name, ...r } = rows[0]!;
  return { ...r, receipt_path: receiptFilePath(r.id) };
}
