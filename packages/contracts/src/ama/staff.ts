// Staff calls of the AMA service (Admin and Super Admin): sessions, pricing, images, bookings,
// receipts, questions and the email outbox.
import { z } from 'zod';
import { emptyAsUndefined } from '../shared/common.ts';
import {
  AMA_CURRENCIES,
  AMA_LIMITS,
  AMA_MESSAGES,
  AmaSession,
  Booking,
  DEFAULT_DURATION_MINUTES,
  DEFAULT_MAX_QUESTIONS,
  PaymentMethods,
  RECEIPT_STATUSES,
  SESSION_STATUSES,
  isHttpUrl,
  isUploadsImagePath,
} from './api.ts';

const emptyToNull = (v: unknown) => (v === '' || v === undefined ? null : v);
/** "Duration defaults to 60 if not a number": absent, empty or null become 60. */
const durationInput = (v: unknown) => (v === '' || v === undefined || v === null ? DEFAULT_DURATION_MINUTES : v);

/** POST /api/admin/ama/sessions and PUT /api/admin/ama/sessions/{id} (the whole form). */
export const SessionBody = z.object({
  title: z.string(AMA_MESSAGES.titleRequired).trim().min(1, AMA_MESSAGES.titleRequired).max(AMA_LIMITS.title, AMA_MESSAGES.titleTooLong),
  description: z.string().trim().max(AMA_LIMITS.description, AMA_MESSAGES.descriptionTooLong).default(''),
  host_name: z.string(AMA_MESSAGES.hostRequired).trim().min(1, AMA_MESSAGES.hostRequired).max(AMA_LIMITS.hostName, AMA_MESSAGES.hostTooLong),
  host_bio: z.string().trim().max(AMA_LIMITS.hostBio, AMA_MESSAGES.hostBioTooLong).default(''),
  /** Epoch ms. */
  scheduled_time: z
    .number(AMA_MESSAGES.scheduledTimeRequired)
    .int(AMA_MESSAGES.scheduledTimeRequired)
    .min(0, AMA_MESSAGES.scheduledTimeRequired)
    .max(8_640_000_000_000_000, AMA_MESSAGES.scheduledTimeRequired),
  duration_minutes: z.preprocess(
    durationInput,
    z
      .number(AMA_MESSAGES.durationRange)
      .int(AMA_MESSAGES.durationRange)
      .min(AMA_LIMITS.durationMin, AMA_MESSAGES.durationRange)
      .max(AMA_LIMITS.durationMax, AMA_MESSAGES.durationRange),
  ),
  /** Empty or null = unlimited. */
  max_participants: z.preprocess(
    emptyToNull,
    z
      .number(AMA_MESSAGES.maxParticipantsRange)
      .int(AMA_MESSAGES.maxParticipantsRange)
      .min(AMA_LIMITS.maxParticipantsMin, AMA_MESSAGES.maxParticipantsRange)
      .max(AMA_LIMITS.maxParticipantsMax, AMA_MESSAGES.maxParticipantsRange)
      .nullable(),
  ),
  max_questions: z.preprocess(
    (v) => (v === '' || v === undefined || v === null ? DEFAULT_MAX_QUESTIONS : v),
    z
      .number(AMA_MESSAGES.maxQuestionsRange)
      .int(AMA_MESSAGES.maxQuestionsRange)
      .min(AMA_LIMITS.maxQuestionsMin, AMA_MESSAGES.maxQuestionsRange)
      .max(AMA_LIMITS.maxQuestionsMax, AMA_MESSAGES.maxQuestionsRange),
  ),
  /** A valid URL or empty. */
  zoom_link: z.preprocess(
    emptyToNull,
    z
      .string(AMA_MESSAGES.zoomLinkInvalid)
      .trim()
      .max(AMA_LIMITS.zoomLink, AMA_MESSAGES.zoomLinkInvalid)
      .refine(isHttpUrl, AMA_MESSAGES.zoomLinkInvalid)
      .nullable(),
  ),
  /** Create omits it and uploads the image afterwards. */
  image_url: z.preprocess(
    emptyToNull,
    z
      .string(AMA_MESSAGES.badImageUrl)
      .trim()
      .max(AMA_LIMITS.imageUrl, AMA_MESSAGES.badImageUrl)
      .refine(isUploadsImagePath, AMA_MESSAGES.badImageUrl)
      .nullable(),
  ),
  status: z.enum(SESSION_STATUSES, AMA_MESSAGES.badSessionStatus).optional(),
});
export type SessionBody = z.input<typeof SessionBody>;

/** PUT /api/admin/ama/sessions/{id}/status. */
export const SessionStatusBody = z.object({ status: z.enum(SESSION_STATUSES, AMA_MESSAGES.badSessionStatus) });

/** A row of GET /api/admin/ama/sessions: the stored status, not the display one. */
export const StaffSession = AmaSession.extend({
  booking_count: z.number().int(),
  question_count: z.number().int(),
});
export type StaffSession = z.infer<typeof StaffSession>;
export const StaffSessionsResponse = z.array(StaffSession);

export const DeleteResponse = z.object({ success: z.literal(true), id: z.number().int() });

/** POST /api/admin/ama/sessions/{id}/image: the stored image and the updated session. */
export const SessionImageResponse = z.object({
  image: z.object({ url: z.string(), filename: z.string(), mimetype: z.string(), size: z.number().int() }),
  session: AmaSession,
});
export type SessionImageResponse = z.infer<typeof SessionImageResponse>;

/** POST/PUT /api/admin/ama/sessions/{id}/pricing. payment_methods may be JSON text or an object. */
export const PricingBody = z.object({
  price: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z.number(AMA_MESSAGES.priceAboveZero).gt(0, AMA_MESSAGES.priceAboveZero).max(1_000_000, AMA_MESSAGES.priceAboveZero),
  ),
  currency: z.preprocess(emptyAsUndefined, z.enum(AMA_CURRENCIES, AMA_MESSAGES.currencyRequired)),
  payment_methods: z
    .preprocess((value, ctx) => {
      if (value === undefined || value === null || value === '') return {};
      if (typeof value !== 'string') return value;
      try {
        return JSON.parse(value) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: AMA_MESSAGES.paymentMethodRequired });
        return z.NEVER;
      }
    }, PaymentMethods)
    .refine((m) => Boolean(m.paypal.email?.trim() || m.gcash.number?.trim()), AMA_MESSAGES.paymentMethodRequired),
});
export type PricingBody = z.input<typeof PricingBody>;

/** GET /api/admin/ama/sessions/{id}/bookings/counts. */
export const BookingCounts = z.object({
  total: z.number().int(),
  confirmed: z.number().int(),
  pending: z.number().int(),
  cancelled: z.number().int(),
  receiptsApproved: z.number().int(),
  receiptsPending: z.number().int(),
  receiptsRejected: z.number().int(),
});
export type BookingCounts = z.infer<typeof BookingCounts>;

/** A booking as staff list it: receipt_duplicate when one of its receipts is the same file (SHA-256) another booking sent. */
export const StaffBooking = Booking.extend({ receipt_duplicate: z.boolean() });
export type StaffBooking = z.infer<typeof StaffBooking>;
export const StaffBookingsResponse = z.array(StaffBooking);

/** Bookings one bulk action may name. */
export const BULK_BOOKINGS_MAX = 500;

/**
 * POST /api/admin/ama/bookings/bulk: cancel many bookings, or reject them (their pending receipts
 * rejected with the reason, the bookings cancelled) in one action. Bookings already cancelled are
 * left as they are and reported as skipped.
 */
export const BulkBookingsBody = z.discriminatedUnion(
  'action',
  [
    z.object({
      action: z.literal('cancel'),
      ids: z.array(z.number().int().positive(), AMA_MESSAGES.bulkIdsRequired).min(1, AMA_MESSAGES.bulkIdsRequired).max(BULK_BOOKINGS_MAX, AMA_MESSAGES.bulkTooMany),
    }),
    z.object({
      action: z.literal('reject'),
      ids: z.array(z.number().int().positive(), AMA_MESSAGES.bulkIdsRequired).min(1, AMA_MESSAGES.bulkIdsRequired).max(BULK_BOOKINGS_MAX, AMA_MESSAGES.bulkTooMany),
      reason: z
        .string(AMA_MESSAGES.rejectionReasonRequired)
        .trim()
        .min(1, AMA_MESSAGES.rejectionReasonRequired)
        .max(AMA_LIMITS.notes, AMA_MESSAGES.notesTooLong),
    }),
  ],
  AMA_MESSAGES.bulkActionInvalid,
);
export type BulkBookingsBody = z.infer<typeof BulkBookingsBody>;
export const BulkBookingsResponse = z.object({
  /** Bookings the action cancelled. */
  cancelled: z.array(z.number().int()),
  /** Receipts the reject action rejected. */
  receipts_rejected: z.number().int(),
  /** Named bookings left as they were: already cancelled, or not found. */
  skipped: z.array(z.number().int()),
  /** Waitlist entries that got a freed place. */
  promoted: z.number().int(),
});
export type BulkBookingsResponse = z.infer<typeof BulkBookingsResponse>;

/** PUT /api/admin/ama/bookings/{id}/status: pending -> confirmed, any non-cancelled -> cancelled. */
export const BookingStatusBody = z.object({
  booking_status: z.enum(['confirmed', 'cancelled'], AMA_MESSAGES.badBookingStatus),
});

/** PUT /api/admin/ama/bookings/{id}/seat. */
export const SeatBody = z.object({
  seat_number: z
    .number(AMA_MESSAGES.seatRange)
    .int(AMA_MESSAGES.seatRange)
    .min(AMA_LIMITS.seatMin, AMA_MESSAGES.seatRange)
    .max(AMA_LIMITS.seatMax, AMA_MESSAGES.seatRange),
});

/** A receipt as staff see it; receipt_path is the staff-only file address. */
export const StaffReceipt = z.object({
  id: z.number().int(),
  booking_id: z.number().int(),
  booking_reference: z.string(),
  participant_name: z.string(),
  receipt_path: z.string(),
  receipt_filename: z.string(),
  mimetype: z.string(),
  size: z.number().int(),
  upload_date: z.number(),
  validation_status: z.enum(RECEIPT_STATUSES),
  validated_by: z.string().nullable(),
  notes: z.string().nullable(),
});
export type StaffReceipt = z.infer<typeof StaffReceipt>;
export const StaffReceiptsResponse = z.array(StaffReceipt);

/**
 * PATCH /api/admin/ama/receipts/{id}/validation. validated_by is recorded as the signed staff
 * member, whatever the body says. Rejecting needs a non-empty reason in notes.
 */
export const ReceiptValidationBody = z.object({
  validation_status: z.enum(RECEIPT_STATUSES),
  validated_by: z.string().max(100).optional(),
  notes: z.preprocess(
    (v) => (v === null ? undefined : v),
    z.string().trim().max(AMA_LIMITS.notes, AMA_MESSAGES.notesTooLong).optional(),
  ),
});

/** PUT /api/admin/ama/questions/{id}/answer. */
export const AnswerBody = z.object({
  answer: z
    .string(AMA_MESSAGES.answerRequired)
    .trim()
    .min(1, AMA_MESSAGES.answerRequired)
    .max(AMA_LIMITS.answer, AMA_MESSAGES.answerTooLong),
});

/** A mail the service sent or kept (GET /api/admin/ama/emails): the outbox without SMTP_URL. */
export const EMAIL_KINDS = [
  'booking_received',
  'receipt_received',
  'booking_confirmed',
  'receipt_rejected',
  'hold_expired',
  'waitlist_promoted',
  'booking_rejected',
] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];
export const StaffEmail = z.object({
  id: z.number().int(),
  kind: z.enum(EMAIL_KINDS),
  booking_id: z.number().int().nullable(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  /** 'kept' (no SMTP configured), 'sent', 'failed', or 'capped' (the address had its day's mails: not sent). */
  delivery: z.enum(['kept', 'sent', 'failed', 'capped']),
  created_at: z.number(),
});
export type StaffEmail = z.infer<typeof StaffEmail>;
export const StaffEmailsQuery = z.object({
  session_id: z.preprocess(emptyAsUndefined, z.coerce.number().int().positive().optional()),
  limit: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(500).default(100)),
});
export const StaffEmailsResponse = z.array(StaffEmail);

/** GET /api/admin/ama/sessions/{id}/waitlist. */
export const WaitlistEntry = z.object({
  id: z.number().int(),
  session_id: z.number().int(),
  participant_name: z.string(),
  participant_email: z.string(),
  position: z.number().int(),
  created_at: z.number(),
});
export const WaitlistResponse = z.array(WaitlistEntry);
