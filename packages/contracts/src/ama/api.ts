import { z } from 'zod';
import { emptyAsUndefined } from '../shared/common.ts';

// ---------------------------------------------------------------------------------------------
// Constants (document 3 §9)
// ---------------------------------------------------------------------------------------------

export const AMA_CURRENCIES = ['USD', 'PHP', 'EUR'] as const;
export type AmaCurrency = (typeof AMA_CURRENCIES)[number];
export const CURRENCY_SYMBOLS: Readonly<Record<AmaCurrency, string>> = { USD: '$', PHP: '₱', EUR: '€' };

export const PAYMENT_METHODS = ['paypal', 'gcash', 'bank_transfer'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Stored session states (admin list); the public view also knows cancelled. */
export const SESSION_STATUSES = ['scheduled', 'live', 'completed', 'cancelled'] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];
export const ADMIN_SESSION_STATUSES = ['scheduled', 'live', 'completed'] as const;

export const BOOKING_STATUSES = ['pending', 'confirmed', 'cancelled'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export const RECEIPT_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ReceiptStatus = (typeof RECEIPT_STATUSES)[number];

const HOUR_MS = 3_600_000;
/** Payment and receipt upload are due within this of booking; an unpaid hold then expires. */
export const PAYMENT_DEADLINE_MS = 24 * HOUR_MS;
/** Staff review a receipt within this. */
export const RECEIPT_REVIEW_MS = 24 * HOUR_MS;
export const ZOOM_LINK_DISPLAY_CHARS = 40;
export const AMA_SKELETON_CARDS = 4;
/** my-questions and the admin lists are cached this long by the clients. */
export const AMA_CLIENT_CACHE_MS = 30_000;
export const DEFAULT_DURATION_MINUTES = 60;
export const DEFAULT_MAX_QUESTIONS = 50;

export const AMA_LIMITS = {
  title: 150,
  description: 2000,
  hostName: 100,
  hostBio: 1000,
  durationMin: 15,
  durationMax: 240,
  maxQuestionsMin: 1,
  maxQuestionsMax: 100,
  maxParticipantsMin: 1,
  maxParticipantsMax: 500,
  zoomLink: 2000,
  imageUrl: 500,
  participantName: 100,
  participantEmail: 200,
  participantPhone: 20,
  bookingReference: 100,
  seatMin: 1,
  seatMax: 100,
  receiptFilename: 255,
  receiptPath: 500,
  notes: 1000,
  question: 500,
  answer: 2000,
  authorName: 40,
  currency: 10,
  paypalEmail: 200,
  gcashNumber: 30,
  gcashName: 100,
  instructions: 1000,
  /** Bytes of a receipt or session image. */
  fileBytes: 10 * 1024 * 1024,
} as const;

/** The texts of the spec (§2, §5, §8) and of the server's refusals, word for word. */
export const AMA_MESSAGES = {
  // §5 Live session schema
  badImageUrl: 'Image URL must be a valid uploads path with image extension',
  // §5 Session image
  imageType: 'Please select an image file (JPG, PNG, GIF).',
  imageSize: 'Image must be less than 10MB.',
  // §5 Pricing form
  priceAboveZero: 'Price must be greater than 0.',
  currencyRequired: 'Please select a currency.',
  paymentMethodRequired: 'Please provide at least one payment method (PayPal or GCash).',
  // §5 Seat number
  seatRange: 'Seat number must be between 1 and 100.',
  // §5 Booking status check
  referenceRequired: 'Booking reference is required',
  // §2 Booking status dialog
  statusPending: "Your booking is pending review. You will be notified once it's confirmed and a seat is assigned.",
  statusConfirmed: 'Your booking is confirmed! Check your email for further details and join instructions.',
  statusNoReceipt: 'Please upload your payment receipt to complete the booking process.',
  // §2 AMA detail / list
  sessionNotFoundTitle: 'Session Not Found',
  sessionNotFoundText: "The AMA session you're looking for doesn't exist.",
  noSessions: 'No AMA sessions yet',
  pricingNotSet: 'Pricing not set',
  loadingPricing: 'Loading pricing...',
  imageUnavailable: 'Image unavailable',
  invalidDate: 'Invalid Date',
  // Server refusals
  invalidSessionId: 'Invalid session ID',
  invalidBookingId: 'Invalid booking ID',
  invalidReceiptId: 'Invalid receipt ID',
  invalidQuestionId: 'Invalid question ID',
  sessionNotFound: 'Session not found',
  bookingNotFound: 'Booking not found',
  receiptNotFound: 'Receipt not found',
  questionNotFound: 'Question not found',
  pricingNotFound: 'Pricing not found',
  sessionFull: 'This session is already full. Please check other AMA sessions for availability.',
  sessionNotBookable: 'Bookings are only open for scheduled sessions',
  nameRequired: 'Full name is required',
  nameTooLong: 'Full name must be 100 characters or less',
  emailInvalid: 'Please enter a valid email address',
  emailTooLong: 'Email must be 200 characters or less',
  phoneRequired: 'Phone number is required',
  phoneTooLong: 'Phone number must be 20 characters or less',
  paymentMethodInvalid: 'Payment method must be paypal, gcash or bank_transfer',
  receiptNotYours: 'Only the visitor who made this booking (or who holds its reference) can upload its receipt',
  receiptBookingCancelled: 'This booking is cancelled',
  receiptType: 'Please upload an image or PDF receipt',
  receiptSize: 'Receipt must be less than 10MB.',
  notesTooLong: 'Notes must be 1000 characters or less',
  confirmOnlyPending: 'Only pending bookings can be confirmed',
  alreadyCancelled: 'Booking is already cancelled',
  badBookingStatus: 'Booking status must be confirmed or cancelled',
  seatNotConfirmed: 'A seat can only be assigned to a confirmed booking',
  seatAlreadyAssigned: 'This booking already has a seat',
  seatTaken: 'This seat is already taken in this session',
  rejectionReasonRequired: 'A reason is required to reject a receipt',
  titleRequired: 'Title is required',
  titleTooLong: 'Title must be 150 characters or less',
  descriptionTooLong: 'Description must be 2000 characters or less',
  hostRequired: 'Host name is required',
  hostTooLong: 'Host name must be 100 characters or less',
  hostBioTooLong: 'Host bio must be 1000 characters or less',
  scheduledTimeRequired: 'Scheduled time is required',
  durationRange: 'Duration must be between 15 and 240 minutes',
  maxQuestionsRange: 'Max questions must be between 1 and 100',
  maxParticipantsRange: 'Max participants must be between 1 and 500',
  zoomLinkInvalid: 'Zoom link must be a valid URL',
  badSessionStatus: 'Status must be scheduled, live, completed or cancelled',
  questionRequired: 'Question is required',
  questionTooLong: 'Question must be 500 characters or less',
  answerRequired: 'Answer is required',
  answerTooLong: 'Answer must be 2000 characters or less',
  questionsClosed: 'Questions are closed for this session',
  questionLimit: 'This session has reached its question limit',
  ownQuestionUpvote: 'You cannot upvote your own question',
  usernameRequired: 'Set a username to see your questions',
  transcriptNotReady: 'The transcript is available once the session has ended',
  waitlistNotFull: 'This session still has places: please book it instead',
  alreadyWaitlisted: 'This email is already on the waitlist for this session',
  calendarNotBooked: 'Only a booking that is not cancelled has a calendar file',
  // Seat squatting (issue 25): one active booking per visitor and email, a share of seats per address
  alreadyBooked: 'You (or this email address) already have a booking for this session. Check it with your booking reference.',
  seatShareReached:
    'Too many unpaid bookings for this session come from your network. Please book again once some of them are paid or released.',
  bulkIdsRequired: 'Choose at least one booking',
  bulkTooMany: 'At most 500 bookings can be changed at once',
  bulkActionInvalid: 'Action must be cancel or reject',
} as const;

/** Toast titles and texts of §8 (public). */
export const AMA_TOASTS = {
  bookingFailed: 'Booking failed',
  tryLater: 'Please try again later.',
  sessionFull: 'Session Full - This session is already full. Please check other AMA sessions for availability.',
  receiptFailed: 'Receipt upload failed',
  lookupFailed: 'Booking not found',
  checkReference: 'Please check your booking reference.',
  bookingCreated: 'Booking created successfully!',
  receiptUploaded: 'Receipt uploaded successfully!',
  questionsFetchFailed: 'Failed to fetch questions',
  questionsFetchFailedShown: 'Failed to fetch your questions',
} as const;

/** Admin toasts of §8. */
export const AMA_ADMIN_TOASTS = {
  updateFailed: 'Update failed',
  deleteFailed: 'Delete failed',
  statusUpdateFailed: 'Status update failed',
  creationFailed: 'Creation failed',
  uploadFailed: 'Upload failed',
  pricingFailed: 'Pricing operation failed',
  seatFailed: 'Seat assignment failed',
  validationFailed: 'Validation update failed',
  tryAgain: 'Please try again',
  imageUploadFailed: 'Image upload failed',
} as const;

// ---------------------------------------------------------------------------------------------
// Building blocks
// ---------------------------------------------------------------------------------------------

const idParam = (message: string) =>
  z
    .string()
    .regex(/^[1-9][0-9]{0,14}$/, message)
    .transform(Number);

export const SessionIdParams = z.object({ id: idParam(AMA_MESSAGES.invalidSessionId) });
export const BookingIdParams = z.object({ id: idParam(AMA_MESSAGES.invalidBookingId) });
export const ReceiptIdParams = z.object({ id: idParam(AMA_MESSAGES.invalidReceiptId) });
export const QuestionIdParams = z.object({ id: idParam(AMA_MESSAGES.invalidQuestionId) });

/** "AMA" followed by 20 random digits and capital letters (about 103 bits: not guessable). */
export const BOOKING_REFERENCE_PATTERN = /^AMA[0-9A-Z]{20}$/;

/** /api/ama/bookings/status/{reference}: required, 1-100, compared in capitals. */
export const BookingReferenceParams = z.object({
  reference: z
    .string()
    .trim()
    .min(1, AMA_MESSAGES.referenceRequired)
    .max(AMA_LIMITS.bookingReference, AMA_MESSAGES.bookingNotFound)
    .transform((s) => s.toUpperCase()),
});

/** True for an absolute http(s) URL. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** An uploads path naming a jpeg, jpg, png or gif file (no `..`, no query). */
export const IMAGE_URL_PATTERN = /^\/uploads\/(?:[A-Za-z0-9_-]+\/)*[A-Za-z0-9_-][A-Za-z0-9_.-]*\.(?:jpe?g|png|gif)$/i;
export const isUploadsImagePath = (value: string) => IMAGE_URL_PATTERN.test(value) && !value.includes('..');

// ---------------------------------------------------------------------------------------------
// Sessions
// ---------------------------------------------------------------------------------------------

/** Public view of a session: the stored fields, the display status and the pricing fields. */
export const AmaSession = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  host_name: z.string(),
  host_bio: z.string(),
  /** Epoch ms. */
  scheduled_time: z.number(),
  duration_minutes: z.number().int(),
  /** null = unlimited. */
  max_participants: z.number().int().nullable(),
  max_questions: z.number().int(),
  zoom_link: z.string().nullable(),
  image_url: z.string().nullable(),
  /** Display status computed from the clock (§4). */
  status: z.enum(SESSION_STATUSES),
  /** The status staff set (scheduled, live, completed, cancelled). */
  stored_status: z.enum(SESSION_STATUSES),
  price: z.number().nullable(),
  currency: z.enum(AMA_CURRENCIES).nullable(),
  paypal_email: z.string().nullable(),
  paypal_instructions: z.string().nullable(),
  gcash_number: z.string().nullable(),
  gcash_name: z.string().nullable(),
  gcash_instructions: z.string().nullable(),
  created_at: z.number(),
  updated_at: z.number(),
});
export type AmaSession = z.infer<typeof AmaSession>;
export const AmaSessionsResponse = z.array(AmaSession);
export type AmaSessionsResponse = z.infer<typeof AmaSessionsResponse>;

/**
 * §4: the display status from the stored one and the clock. A session staff have ended (stored
 * completed) is completed at once, also before its planned end: §4's "completed if the current
 * time is past the end" read as "past the end, or ended" (docs/decisions.md, 2026-11-27); every
 * case §4 names is unchanged.
 */
export function displayStatus(
  stored: SessionStatus,
  scheduledTime: number,
  durationMinutes: number,
  now: number,
): SessionStatus {
  if (stored === 'cancelled') return 'cancelled';
  if (stored === 'completed') return 'completed';
  const end = scheduledTime + durationMinutes * 60_000;
  if (now > end) return 'completed';
  if (stored === 'live' && now >= scheduledTime) return 'live';
  return 'scheduled';
}

// ---------------------------------------------------------------------------------------------
// Pricing
// ---------------------------------------------------------------------------------------------

export const PaymentMethods = z.object({
  paypal: z
    .object({
      email: z.string().trim().max(AMA_LIMITS.paypalEmail).default(''),
      instructions: z.string().trim().max(AMA_LIMITS.instructions).default(''),
    })
    .partial()
    .default({}),
  gcash: z
    .object({
      number: z.string().trim().max(AMA_LIMITS.gcashNumber).default(''),
      name: z.string().trim().max(AMA_LIMITS.gcashName).default(''),
      instructions: z.string().trim().max(AMA_LIMITS.instructions).default(''),
    })
    .partial()
    .default({}),
});
export type PaymentMethods = z.infer<typeof PaymentMethods>;

/** GET /api/ama/sessions/{id}/pricing and the admin pricing calls: payment_methods is JSON text. */
export const SessionPricing = z.object({
  price: z.number(),
  currency: z.enum(AMA_CURRENCIES),
  payment_methods: z.string(),
});
export type SessionPricing = z.infer<typeof SessionPricing>;

// ---------------------------------------------------------------------------------------------
// Booking counts
// ---------------------------------------------------------------------------------------------

export const BookingCountQuery = z.object({
  status: z.enum(['confirmed', 'pending'], 'status must be confirmed or pending'),
});
export const BookingCountResponse = z.object({ count: z.number().int() });
export type BookingCountResponse = z.infer<typeof BookingCountResponse>;

// ---------------------------------------------------------------------------------------------
// Bookings
// ---------------------------------------------------------------------------------------------

/** The booking form (§5): also the waitlist form. */
export const CreateBookingBody = z.object({
  participant_name: z
    .string(AMA_MESSAGES.nameRequired)
    .trim()
    .min(1, AMA_MESSAGES.nameRequired)
    .max(AMA_LIMITS.participantName, AMA_MESSAGES.nameTooLong),
  participant_email: z
    .string(AMA_MESSAGES.emailInvalid)
    .trim()
    .max(AMA_LIMITS.participantEmail, AMA_MESSAGES.emailTooLong)
    .pipe(z.email(AMA_MESSAGES.emailInvalid)),
  participant_phone: z
    .string(AMA_MESSAGES.phoneRequired)
    .trim()
    .min(1, AMA_MESSAGES.phoneRequired)
    .max(AMA_LIMITS.participantPhone, AMA_MESSAGES.phoneTooLong),
  payment_method: z.enum(PAYMENT_METHODS, AMA_MESSAGES.paymentMethodInvalid),
});
export type CreateBookingBody = z.infer<typeof CreateBookingBody>;

export const CreateBookingResponse = z.object({
  id: z.number().int(),
  booking_reference: z.string(),
  session_id: z.number().int(),
  booking_status: z.enum(BOOKING_STATUSES),
  /** Epoch ms: payment and receipt upload are due by then, else the hold expires. */
  payment_deadline: z.number(),
});
export type CreateBookingResponse = z.infer<typeof CreateBookingResponse>;

export const Booking = z.object({
  id: z.number().int(),
  session_id: z.number().int(),
  booking_reference: z.string(),
  participant_name: z.string(),
  participant_email: z.string(),
  participant_phone: z.string(),
  payment_method: z.enum(PAYMENT_METHODS),
  booking_status: z.enum(BOOKING_STATUSES),
  seat_number: z.number().int().nullable(),
  receipt_uploaded: z.boolean(),
  created_at: z.number(),
  payment_deadline: z.number(),
  /** Why a booking was cancelled by the system ('hold_expired'), else null. */
  cancel_reason: z.string().nullable(),
  /** Set when the booking came from the waitlist. */
  from_waitlist: z.boolean(),
});
export type Booking = z.infer<typeof Booking>;

// ---------------------------------------------------------------------------------------------
// Receipts
// ---------------------------------------------------------------------------------------------

/** Multipart text field next to the `receipt` file. */
export const ReceiptNotes = z.string().max(AMA_LIMITS.notes, AMA_MESSAGES.notesTooLong);
/** Multipart text field: the booking reference, for a visitor on another device. */
export const RECEIPT_FIELD = 'receipt';

export const ReceiptUploadResponse = z.object({
  id: z.number().int(),
  booking_id: z.number().int(),
  receipt_filename: z.string(),
  validation_status: z.enum(RECEIPT_STATUSES),
  upload_date: z.number(),
});
export type ReceiptUploadResponse = z.infer<typeof ReceiptUploadResponse>;

/** What the visitor sees of their receipt (no path: the file is staff-only). */
export const PublicReceipt = z.object({
  id: z.number().int(),
  booking_id: z.number().int(),
  receipt_filename: z.string(),
  upload_date: z.number(),
  validation_status: z.enum(RECEIPT_STATUSES),
  validated_by: z.string().nullable(),
  notes: z.string().nullable(),
});
export type PublicReceipt = z.infer<typeof PublicReceipt>;

/** GET /api/ama/bookings/status/{reference}. */
export const BookingLookupResponse = z.object({
  booking: Booking,
  session: AmaSession,
  receipt: PublicReceipt.nullable(),
});
export type BookingLookupResponse = z.infer<typeof BookingLookupResponse>;

/**
 * §2: the messages the status dialog shows for a booking, in order. A pending booking is under
 * review; without a receipt it also asks for one (both texts, the review one first).
 */
export function bookingStatusMessages(booking: Pick<Booking, 'booking_status' | 'receipt_uploaded'>): string[] {
  if (booking.booking_status === 'confirmed') return [AMA_MESSAGES.statusConfirmed];
  if (booking.booking_status !== 'pending') return [];
  return booking.receipt_uploaded ? [AMA_MESSAGES.statusPending] : [AMA_MESSAGES.statusPending, AMA_MESSAGES.statusNoReceipt];
}

// ---------------------------------------------------------------------------------------------
// Waitlist (beyond the spec)
// ---------------------------------------------------------------------------------------------

export const JoinWaitlistResponse = z.object({
  id: z.number().int(),
  session_id: z.number().int(),
  /** 1 = next in line. */
  position: z.number().int(),
});
export type JoinWaitlistResponse = z.infer<typeof JoinWaitlistResponse>;

// ---------------------------------------------------------------------------------------------
// Questions
// ---------------------------------------------------------------------------------------------

export const AskQuestionBody = z.object({
  question: z
    .string(AMA_MESSAGES.questionRequired)
    .trim()
    .min(1, AMA_MESSAGES.questionRequired)
    .max(AMA_LIMITS.question, AMA_MESSAGES.questionTooLong),
  /** The author name (own username, a free name, or Anonymous); `author` is accepted too. */
  author_name: z.string().trim().max(AMA_LIMITS.authorName).optional(),
  author: z.string().trim().max(AMA_LIMITS.authorName).optional(),
  isAnonymous: z.boolean().default(false),
});
export type AskQuestionBody = z.input<typeof AskQuestionBody>;

export const Question = z.object({
  id: z.number().int(),
  session_id: z.number().int(),
  question: z.string(),
  author_name: z.string(),
  isAnonymous: z.boolean(),
  upvotes: z.number().int(),
  answer: z.string().nullable(),
  answered_at: z.number().nullable(),
  created_at: z.number(),
});
export type Question = z.infer<typeof Question>;
export const QuestionsResponse = z.array(Question);

export const QuestionUpvoteResponse = z.object({ upvotes: z.number().int() });

/** GET /api/ama/my-questions: the visitor's questions with the session they belong to. */
export const MyQuestionsQuery = z.object({
  sort: z.preprocess(emptyAsUndefined, z.enum(['latest', 'upvotes']).default('latest')),
});
export const MyQuestion = Question.extend({ session_title: z.string() });
export const MyQuestionsResponse = z.array(MyQuestion);
export type MyQuestion = z.infer<typeof MyQuestion>;

/** GET /api/ama/sessions/{id}/transcript: answered questions ranked by upvotes, once completed. */
export const TranscriptResponse = z.object({
  session_id: z.number().int(),
  title: z.string(),
  questions: z.array(Question),
});
export type TranscriptResponse = z.infer<typeof TranscriptResponse>;
