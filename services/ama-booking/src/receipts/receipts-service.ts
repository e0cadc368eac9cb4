import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  badRequest,
  conflict,
  forbidden,
  notFound,
  recordStaffAction,
  serveUpload,
  writeEvent,
  type StaffIdentity,
} from '@wfm/service-kit';
import {
  AMA_LIMITS,
  AMA_MESSAGES,
  type ReceiptStatus,
  type ReceiptUploadResponse,
  type StaffReceipt,
} from '@wfm/contracts/ama';
import { timingSafeEqual } from 'node:crypto';
import type { AmaContext } from '../common/common-context.ts';
import { findBooking, markReceiptUploaded, type BookingRow } from '../bookings/bookings-repository.ts';
import { notifyBooking } from '../bookings/bookings-service.ts';
import { receiptReceivedMail, receiptRejectedMail } from '../emails/emails-templates.ts';
import { deliverSoon, queueEmail } from '../emails/emails-service.ts';
import { findSession } from '../sessions/sessions-repository.ts';
import { FILE_NOT_FOUND, type AmaUploads } from '../uploads/uploads-storage.ts';
import * as repo from './receipts-repository.ts';

/** Header (or form field, or query) carrying the booking reference for a visitor on another device. */
export const REFERENCE_HEADER = 'x-booking-reference';

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** Is the request the booking's own visitor, or does it carry the booking's reference? */
function mayUpload(req: FastifyRequest, booking: BookingRow, reference: string | undefined): boolean {
  if (req.visitor && booking.visitor_hash && req.visitor.hash.equals(booking.visitor_hash)) return true;
  return reference !== undefined && sameText(reference.trim().toUpperCase(), booking.booking_reference);
}

const referenceOf = (req: FastifyRequest): string | undefined => {
  const header = req.headers[REFERENCE_HEADER];
  if (typeof header === 'string') return header;
  const query = (req.query as { reference?: unknown } | undefined)?.reference;
  return typeof query === 'string' ? query : undefined;
};

/**
 * POST /api/ama/bookings/{id}/receipt: the booking must exist and not be cancelled; the file is
 * stored private (only staff can fetch it). Who may upload is known for sure only once the form is
 * read (the reference may be one of its fields), so a refused upload is discarded again.
 */
export async function uploadReceipt(
  app: FastifyInstance,
  ctx: AmaContext,
  uploads: AmaUploads,
  req: FastifyRequest,
  reply: FastifyReply,
  bookingId: number,
): Promise<ReceiptUploadResponse> {
  const before = await findBooking(app.sql, bookingId);
  if (!before) throw notFound(AMA_MESSAGES.bookingNotFound);
  if (before.booking_status === 'cancelled') throw conflict(AMA_MESSAGES.receiptBookingCancelled);
  const early = referenceOf(req);
  // Neither the owner nor a reference in the header or query: the form may still carry one.
  const fields: Record<string, string> = {};
  const file = await uploads.receipt(req, reply, (name, value) => {
    if (name === 'notes' || name === 'booking_reference' || name === 'reference') fields[name] = value;
  });
  try {
    const reference = early ?? fields.booking_reference ?? fields.reference;
    if (!mayUpload(req, before, reference)) throw forbidden(AMA_MESSAGES.receiptNotYours);
    const notes = fields.notes?.trim() ? fields.notes.trim() : null;
    if (notes !== null && notes.length > AMA_LIMITS.notes) throw badRequest(AMA_MESSAGES.notesTooLong);
    const result = await app.sql.begin(async (tx) => {
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
      if (session) await queueEmail(tx, ctx, receiptReceivedMail(booking, session));
      return receipt;
    });
    deliverSoon(app, ctx);
    return {
      id: result.id,
      booking_id: result.booking_id,
      receipt_filename: result.receipt_filename,
      validation_status: result.validation_status,
      upload_date: result.upload_date,
    };
  } catch (err) {
    await uploads.store.discard([file.name]).catch(() => undefined);
    throw err;
  }
}

export async function listReceipts(app: FastifyInstance, sessionId: number): Promise<StaffReceipt[]> {
  if (!(await findSession(app.sql, sessionId))) throw notFound(AMA_MESSAGES.sessionNotFound);
  return repo.listForSession(app.sql, sessionId);
}

/**
 * PATCH /api/admin/ama/receipts/{id}/validation (§4): pending -> approved (optional notes) or
 * rejected (reason required); a receipt already decided keeps its status and only its notes change.
 * validated_by is the signed staff member.
 */
export async function validateReceipt(
  app: FastifyInstance,
  ctx: AmaContext,
  staff: StaffIdentity,
  id: number,
  body: { validation_status: ReceiptStatus; notes?: string | undefined },
): Promise<StaffReceipt> {
  const result = await app.sql.begin(async (tx) => {
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
      await notifyBooking(app, tx, booking);
      if (receipt.validation_status === 'pending' && status === 'rejected') {
        const session = await findSession(tx, booking.session_id);
        if (session) await queueEmail(tx, ctx, receiptRejectedMail(booking, session, notes!));
      }
    }
    const action = receipt.validation_status === 'pending' && status !== 'pending' ? `ama.receipt.${status === 'approved' ? 'approve' : 'reject'}` : 'ama.receipt.notes';
    await recordStaffAction(tx, app, staff, { action, target: { type: 'ama_receipt', id: String(id) } });
    return updated;
  });
  deliverSoon(app, ctx);
  return result;
}

export async function serveReceiptFile(app: FastifyInstance, uploads: AmaUploads, req: FastifyRequest, reply: FastifyReply, id: number) {
  const receipt = await repo.findReceipt(app.sql, id);
  if (!receipt) throw notFound(AMA_MESSAGES.receiptNotFound);
  return serveUpload(req, reply, uploads.store, receipt.upload_name, { notFoundMessage: FILE_NOT_FOUND });
}

