import { defineLimits, HOUR, idParamTarget, MINUTE, TEN_MINUTES } from '@wfm/service-kit';

/**
 * Every limit of the AMA service (docs/operations.md lists them; RATE_LIMIT_SCALE and
 * RATE_LIMIT_AMA_BOOKING_<NAME> tune them). Per-visitor limits do the fine work; the per-address
 * ones are sized for a contact centre behind one NAT address booking a popular session at once.
 * Booking lookups show a participant's name, email and phone, so they are held tight per address.
 * Upvotes are also limited per (address, question), so a script holding many tokens cannot push one
 * question up the list: 400 a day lets a 300-agent contact centre watching a session together all
 * upvote the same question once (repeats count too). Routes attach a call's limits with `rateLimited(app, '<call>')`.
 */
export const AMA_LIMITS_TABLE = defineLimits(
  'ama-booking',
  {
    'booking-visitor': { max: 10, windowMs: MINUTE, key: 'visitor', protects: 'bookings and waitlist joins, per visitor' },
    'booking-ip': { max: 5_000, windowMs: TEN_MINUTES, key: 'address', protects: 'bookings and waitlist joins from one address' },
    'lookup-ip': { max: 30, windowMs: MINUTE, key: 'address', protects: 'booking lookups by reference (and .ics downloads) from one address' },
    'receipt-visitor': { max: 10, windowMs: MINUTE, key: 'visitor', protects: 'receipt uploads, per visitor' },
    'receipt-ip': { max: 600, windowMs: TEN_MINUTES, key: 'address', protects: 'receipt uploads from one address' },
    'question-visitor': { max: 10, windowMs: MINUTE, key: 'visitor', protects: 'new questions, per visitor' },
    'question-ip': { max: 1_500, windowMs: TEN_MINUTES, key: 'address', protects: 'new questions from one address' },
    'upvote-visitor': { max: 120, windowMs: MINUTE, key: 'visitor', protects: 'question upvotes, per visitor' },
    'upvote-ip': { max: 6_000, windowMs: TEN_MINUTES, key: 'address', protects: 'question upvotes from one address' },
    'upvote-ip-question': {
      max: 400,
      windowMs: 24 * HOUR,
      key: 'address-target',
      protects: 'upvotes one address adds to one question (scripts holding many tokens; a 300-agent centre upvotes once each)',
    },
    'image-read-ip': { max: 3_000, windowMs: MINUTE, key: 'address', protects: 'session image reads (/uploads/ama) from one address' },
    'mentor-apply-visitor': { max: 5, windowMs: TEN_MINUTES, key: 'visitor', protects: 'mentor applications, per visitor' },
    'mentor-apply-ip': { max: 500, windowMs: TEN_MINUTES, key: 'address', protects: 'mentor applications from one address' },
    'mentor-request-visitor': { max: 5, windowMs: HOUR, key: 'visitor', protects: 'requests to mentors, per visitor (request spam)' },
    'mentor-request-ip': { max: 1_000, windowMs: HOUR, key: 'address', protects: 'requests to mentors from one address' },
    'mentor-message-visitor': { max: 30, windowMs: MINUTE, key: 'visitor', protects: 'mentor thread messages and request answers, per visitor' },
    'mentor-message-ip': { max: 3_000, windowMs: TEN_MINUTES, key: 'address', protects: 'mentor thread messages and request answers from one address' },
    'notifications-read-visitor': { max: 120, windowMs: MINUTE, key: 'visitor', protects: 'replies-to-me reads (the bell), per visitor' },
    'notifications-seen-visitor': { max: 60, windowMs: MINUTE, key: 'visitor', protects: 'replies marked read, per visitor' },
  },
  {
    booking: ['booking-visitor', 'booking-ip'],
    lookup: ['lookup-ip'],
    receipt: ['receipt-visitor', 'receipt-ip'],
    question: ['question-visitor', 'question-ip'],
    upvote: { limits: ['upvote-visitor', 'upvote-ip-question', 'upvote-ip'], target: idParamTarget },
    'image-read': ['image-read-ip'],
    'mentor-apply': ['mentor-apply-visitor', 'mentor-apply-ip'],
    'mentor-request': ['mentor-request-visitor', 'mentor-request-ip'],
    'mentor-message': ['mentor-message-visitor', 'mentor-message-ip'],
    'notifications-read': ['notifications-read-visitor'],
    'notifications-seen': ['notifications-seen-visitor'],
  },
);
