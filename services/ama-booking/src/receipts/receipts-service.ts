import {
  badRequest,
  conflict,
  forbidden,
  notFound,
  recordStaffAction,
  writeEvent,
  type ReceivedUpload,
  type StaffIdentity,
  type Visitor,
} from '@wfm/service-kit';
import {
  AMA_LIMITS,
  AMA_MESSAGES,
  type ReceiptStatus,
  type ReceiptUploadResponse,
  type StaffReceipt,
} from '@wfm/contracts/ama';
import { timingSafeEqual } from 'node:crypto';
import type { AmaContext } from '../context.ts';
import { findBooking, markReceiptUploaded, type BookingRow } from '../bookings/bookings-repository.ts';
import { notifyBooking } from '../bookings/bookings-service.ts';
import { receiptReceivedMail, receiptRejectedMail } from '../emails/emails-templates.ts';
import { deliverSoon, queueEmail } from '../emails/emails-service.ts';
import { findSession } from '../sessions/sessions-repository.ts';
import * as repo from './receipts-repository.ts';

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** Is the caller the booking's own visitor, or do they carry the booking's reference? */
function mayUpload(visitor: Visitor | null, booking: BookingRow, reference: string | undefined): boolean {
  if (visitor && booking.visitor_hash && visitor.hash.equals(booking.visitor_hash)) return true;
  return reference !== undefined && sameText(reference.trim().toUpperCase(), booking.booking_reference);
}

/**
 * POST /api/ama/bookings/{id}/receipt, before the file is read: the booking must exist and not be
 * cancelled. Answers the booking for saveReceipt.
 */
export async function bookingForReceipt(ctx: AmaContext, bookingId: number): Promise<BookingRow> {
  const before = await findBooking(ctx.sql, bookingId);
  if (!before) throw notFound(AMA_MESSAGES.bookingNotFound);
  if (before.booking_status === 'cancelled') throw conflict(AMA_MESSAGES.receiptBookingCancelled);
  return before;
}

/** Who sends a receipt: the verified visitor, and the booking reference and notes the request carries. */
export interface ReceiptSender {
  visitor: Visitor | null;
  /** From the header, the query or the form. */
  reference: string | undefined;
  notes: string | undefined;
}

/**
 * Keeps a received receipt (stored private: only staff can fetch it). Who may upload is known for
 * sure only once the form is read (the reference may be one of its fields), so a refused upload,
 * like any that fails here, is discarded again.
 */
export async function saveReceipt(
  ctx: AmaContext,
  before: BookingRow,
  file: ReceivedUpload,
  sender: ReceiptSender,
): Promise<ReceiptUploadResponse> {
  const bookingId = before.id;
  try {
    if (!mayUpload(sender.visitor, before, sender.reference)) throw forbidden(AMA_MESSAGES.receiptNotYours);
    const notes = sender.notes?.trim() ? sender.notes.trim() : null;
    if (notes !== null && notes.length > AMA_LIMITS.notes) throw badRequest(AMA_MESSAGES.notesTooLong);
    const result = await ctx.sql.begin(async (tx) => {
      const booking = await findBooking(tx, bookingId, true);
      if (!booking) throw notFound(AMA_MESSAGES.bookingNotFound);
      if (booking.booking_status === 'cancelled') throw conflict(AMA_MESSAGES.receiptBookingCancelled);
      const now = ctx.now();
      const receipt = await repo.insertReceipt(tx, {
        booking_id: bookingId,
        upload_name: file.name,
        receipt_filename: file.originalName,
        notes,
        upload_date: now,
      });
      await markReceiptUploaded(tx, bookingId);
      await writeEvent(tx, 'ama.receipt.uploaded', {
        id: receipt.id,
        booking_id: bookingId,
        session_id: booking.session_id,
        validation_status: receipt.validation_status,
        at: now,
      });
      const session = await findSession(tx, booking.session_id);
      if (session) await queueEmail(ctx, tx, receiptReceivedMail(booking, session));
      return receipt;
    });
    deliverSoon(ctx);
    return {
      id: result.id,
      booking_id: result.booking_id,
      receipt_filename: result.receipt_filename,
      validation_status: result.validation_status,
      upload_date: result.upload_date,
    };
  } catch (err) {
    await ctx.uploads.store.discard([file.name]).catch(() => undefined);
    throw err;
  }
}

export async function listReceipts(ctx: AmaContext, sessionId: number): Promise<StaffReceipt[]> {
  if (!(await findSession(ctx.sql, sessionId))) throw notFound(AMA_MESSAGES.sessionNotFound);
  return repo.listForSession(ctx.sql, sessionId);
}

/**
 * PATCH /api/admin/ama/receipts/{id}/validation (§4): pending -> approved (optional notes) or
 * rejected (reason required); a receipt already decided keeps its status and only its notes change.
 * validated_by is the signed staff member.
 */
export async function validateReceipt(
  ctx: AmaContext,
  staff: StaffIdentity,
  id: number,
  body: { validation_status: ReceiptStatus; notes?: string | undefined },
): Promise<StaffReceipt> {
  const result = await ctx.sql.begin(async (tx) => {
    const receipt = await repo.findReceipt(tx, id, true);
    if (!receipt) throw notFound(AMA_MESSAGES.receiptNotFound);
    const notes = body.notes?.trim() ? body.notes.trim() : null;
    let status: ReceiptStatus = receipt.validation_status;
    if (receipt.validation_status === 'pending') {
      if (body.validation_status === 'rejected' && !notes) throw badRequest(AMA_MESSAGES.rejectionReasonRequired);
      status = body.validation_status;
    }
    const updated = await repo.updateValidation(tx, id, {
      validation_status: status,
      validated_by: status === 'pending' ? null : staff.username,
      notes: notes ?? (receipt.validation_status === 'pending' ? null : receipt.notes),
    });
    const booking = await findBooking(tx, receipt.booking_id);
    const now = ctx.now();
    if (booking) {
      await writeEvent(tx, 'ama.receipt.validated', {
        id,
        booking_id: booking.id,
        session_id: booking.session_id,
        validation_status: status,
        at: now,
      });
      await notifyBooking(ctx, tx, booking);
      if (receipt.validation_status === 'pending' && status === 'rejected') {
        const session = await findSession(tx, booking.session_id);
        if (session) await queueEmail(ctx, tx, receiptRejectedMail(booking, session, notes!));
      }
    }
    const action = receipt.validation_status === 'pending' && status !== 'pending' ? `ama.receipt.${status === 'approved' ? 'approve' : 'reject'}` : 'ama.receipt.notes';
    await recordStaffAction(tx, ctx, staff, { action, target: { type: 'ama_receipt', id: String(id) } });
    return updated;
  });
  deliverSoon(ctx);
  return result;
}

/** The stored upload name of a receipt's file (served by the staff route), else 404. */
export async function receiptFileName(ctx: AmaContext, id: number): Promise<string> {
  const receipt = await repo.findReceipt(ctx.sql, id);
  if (!receipt) throw notFound(AMA_MESSAGES.receiptNotFound);
  return receipt.upload_name;
}

