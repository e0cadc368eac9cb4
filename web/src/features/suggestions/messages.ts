import { SUGGESTION_MESSAGES } from '@wfm/contracts/forum/suggestions';

/** Toast texts of the two suggestion dialogs, word for word from spec 1 §5 and §8. */
export const HEADER_SUGGESTION_TOASTS = {
  missing: { title: 'Missing information', description: SUGGESTION_MESSAGES.missingHeader },
  submitted: (reference?: string) => ({
    title: 'Feature suggestion submitted!',
    description: reference
      ? `Your reference number is ${reference}. We'll review your suggestion soon!`
      : "We'll review your suggestion soon!",
  }),
  failed: { title: 'Failed to submit suggestion', fallback: 'Please try again later.' },
} as const;

export const SIDEBAR_SUGGESTION_TOASTS = {
  missing: { title: 'Missing information', description: SUGGESTION_MESSAGES.missingSidebar },
  submitted: { title: 'Suggestion submitted!', description: "Thank you for your feedback. We'll review your suggestion." },
  failed: { title: 'Submission failed', fallback: 'Please try again later.' },
} as const;

/** The header dialog's success view closes itself after this long. */
export const SUCCESS_VIEW_MS = 3000;
