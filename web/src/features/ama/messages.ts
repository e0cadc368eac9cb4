import { AMA_MESSAGES, AMA_TOASTS } from '@wfm/contracts/ama/api';

/** Toasts of the AMA pages: the §8 texts (from the contracts) and the ones beyond the spec. */
export const AMA_PAGE_TOASTS = {
  bookingCreated: (reference: string) => ({
    title: AMA_TOASTS.bookingCreated,
    description: `Your booking reference is ${reference}. Save it to check your booking later.`,
  }),
  bookingFailed: { title: AMA_TOASTS.bookingFailed, fallback: AMA_TOASTS.tryLater },
  sessionFull: { variant: 'destructive' as const, title: 'Session Full', description: AMA_MESSAGES.sessionFull },
  receiptUploaded: {
    title: AMA_TOASTS.receiptUploaded,
    description:
      'Your payment will be reviewed within 24 hours. Once it is confirmed, staff will confirm your booking and assign your seat number.',
  },
  receiptFailed: { title: AMA_TOASTS.receiptFailed, fallback: AMA_TOASTS.tryLater },
  lookupFailed: { title: AMA_TOASTS.lookupFailed, fallback: AMA_TOASTS.checkReference },
  waitlistJoined: (position: number) => ({
    title: 'You are on the waitlist',
    description: `You are number ${position} in line. If a place frees up it becomes a pending booking for you and we will email you.`,
  }),
  waitlistFailed: { title: 'Could not join the waitlist', fallback: AMA_TOASTS.tryLater },
  questionAsked: { title: 'Question submitted!', description: 'The host will see it in the session.' },
  questionFailed: { title: 'Failed to submit question', fallback: AMA_TOASTS.tryLater },
  upvoteFailed: { title: 'Failed to upvote', fallback: AMA_TOASTS.tryLater },
} as const;

export const BOOKING_HINT =
  'Payment details will be shown after booking. Please complete the payment and upload your receipt within 24 hours.';
export const SAVE_REFERENCE_REMINDER = 'Please save your booking reference: you need it to check your booking status.';
export const BANK_TRANSFER_TEXT = 'Please contact the administrator for bank transfer details.';
