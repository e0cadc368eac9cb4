import { z } from 'zod';
import { StaffActionEvent } from '../shared/staff-action.ts';
import { BOOKING_STATUSES, RECEIPT_STATUSES, SESSION_STATUSES } from './api.ts';
import { MENTOR_STATUSES } from './mentors.ts';

/** ama.session.created / updated / deleted: which session changed (readers refetch it). */
export const SessionChangedEvent = z.object({
  id: z.number().int(),
  status: z.enum(SESSION_STATUSES).nullable(),
  at: z.number().int(),
});
export type SessionChangedEvent = z.infer<typeof SessionChangedEvent>;

/** ama.booking.created / status_changed / deleted: no participant data, only what screens refresh on. */
export const BookingChangedEvent = z.object({
  id: z.number().int(),
  session_id: z.number().int(),
  booking_status: z.enum(BOOKING_STATUSES).nullable(),
  seat_number: z.number().int().nullable(),
  at: z.number().int(),
});
export type BookingChangedEvent = z.infer<typeof BookingChangedEvent>;

/** ama.receipt.uploaded / validated. */
export const ReceiptChangedEvent = z.object({
  id: z.number().int(),
  booking_id: z.number().int(),
  session_id: z.number().int(),
  validation_status: z.enum(RECEIPT_STATUSES),
  at: z.number().int(),
});
export type ReceiptChangedEvent = z.infer<typeof ReceiptChangedEvent>;

/** ama.question.created / answered / upvoted. */
export const QuestionChangedEvent = z.object({
  id: z.number().int(),
  session_id: z.number().int(),
  upvotes: z.number().int(),
  answered: z.boolean(),
  at: z.number().int(),
});
export type QuestionChangedEvent = z.infer<typeof QuestionChangedEvent>;

/**
 * ama.mentor.applied / status_changed / deleted: which mentor application changed and its status
 * (null once deleted). The directory and the staff tab refetch; no name, contact or visitor data.
 */
export const MentorChangedEvent = z.object({
  id: z.number().int(),
  status: z.enum(MENTOR_STATUSES).nullable(),
  at: z.number().int(),
});
export type MentorChangedEvent = z.infer<typeof MentorChangedEvent>;

/** Events of the ama-booking service. Payloads never carry a token, a hash or participant data. */
export const amaEventSchemas = {
  'ama.session.created': SessionChangedEvent,
  'ama.session.updated': SessionChangedEvent,
  'ama.session.deleted': SessionChangedEvent,
  'ama.booking.created': BookingChangedEvent,
  'ama.booking.status_changed': BookingChangedEvent,
  'ama.booking.deleted': BookingChangedEvent,
  'ama.receipt.uploaded': ReceiptChangedEvent,
  'ama.receipt.validated': ReceiptChangedEvent,
  'ama.question.created': QuestionChangedEvent,
  'ama.question.answered': QuestionChangedEvent,
  'ama.question.upvoted': QuestionChangedEvent,
  'ama.question.deleted': QuestionChangedEvent,
  'ama.mentor.applied': MentorChangedEvent,
  'ama.mentor.status_changed': MentorChangedEvent,
  'ama.mentor.deleted': MentorChangedEvent,
  'ama.staff.action': StaffActionEvent,
} satisfies Record<string, z.ZodType>;

/** Events after which session, pricing and count reads must be read again (gateway read cache). */
export const AMA_READ_CHANGES = [
  'ama.session.created',
  'ama.session.updated',
  'ama.session.deleted',
  'ama.booking.created',
  'ama.booking.status_changed',
  'ama.booking.deleted',
] as const;

/** Events after which the public mentor directory must be read again (gateway read cache). */
export const MENTOR_DIRECTORY_CHANGES = ['ama.mentor.status_changed', 'ama.mentor.deleted'] as const;
