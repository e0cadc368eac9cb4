import { CATALOG_TOASTS } from '@wfm/contracts/catalog/labels';
import { isApiError } from '../../lib/api-client.ts';

/** Toasts of the polls, word for word from document 2 §8. */
export const POLL_TOASTS = {
  voted: { title: CATALOG_TOASTS.pollVoted[0], description: CATALOG_TOASTS.pollVoted[1] },
  alreadyVoted: { title: CATALOG_TOASTS.pollAlreadyVoted[0], description: CATALOG_TOASTS.pollAlreadyVoted[1] },
  voteFailed: { title: CATALOG_TOASTS.pollVoteFailed[0], description: CATALOG_TOASTS.pollVoteFailed[1] },
  created: { title: CATALOG_TOASTS.pollCreated[0], description: CATALOG_TOASTS.pollCreated[1] },
  createFailed: { title: CATALOG_TOASTS.pollCreateFailed[0], fallback: 'Please try again' },
} as const;

/**
 * The toast for a refused vote: 'Already voted' on a 409 or a message containing "already voted",
 * else 'Failed to vote' with the server's reason (a closed poll says so) or 'Please try again'.
 */
export function voteErrorToast(error: unknown) {
  const message = isApiError(error) ? (error.serverMessage ?? error.message) : '';
  if (isApiError(error, 409) || /already voted/i.test(message)) {
    return { variant: 'destructive' as const, ...POLL_TOASTS.alreadyVoted };
  }
  const description = isApiError(error) && error.serverMessage ? error.serverMessage : POLL_TOASTS.voteFailed.description;
  return { variant: 'destructive' as const, title: POLL_TOASTS.voteFailed.title, description };
}
