import { CATALOG_TOASTS } from '@wfm/contracts/catalog/labels';

/** Toasts of the tools directory, word for word from document 2 §8. */
export const TOOL_TOASTS = {
  voted: { title: CATALOG_TOASTS.toolVoted[0], description: CATALOG_TOASTS.toolVoted[1] },
  voteFailed: { title: CATALOG_TOASTS.toolVoteFailed[0], fallback: 'Please try again' },
  submitted: { title: CATALOG_TOASTS.toolSubmitted[0], description: CATALOG_TOASTS.toolSubmitted[1] },
  submitFailed: { title: CATALOG_TOASTS.toolSubmitFailed[0], fallback: 'Please try again' },
} as const;
