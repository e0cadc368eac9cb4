import { POLL_CARD_OPTIONS, type PollSummary } from '@wfm/contracts/catalog/polls';
import { POLL_CATEGORY_LABELS, POLL_STATUS_LABELS } from '@wfm/contracts/catalog/labels';
import { localMediumDateShortTime } from '../../../lib/local-date-format.ts';

export const categoryLabel = (poll: Pick<PollSummary, 'category'>) => POLL_CATEGORY_LABELS[poll.category];
export const statusLabel = (poll: Pick<PollSummary, 'status'>) => POLL_STATUS_LABELS[poll.status];
export const votesLabel = (count: number) => `${count} ${count === 1 ? 'vote' : 'votes'}`;

/** The options a card shows and how many more there are ('+N more options'). */
export function cardOptions(poll: Pick<PollSummary, 'options'>) {
  const hidden = Math.max(0, poll.options.length - POLL_CARD_OPTIONS);
  return {
    shown: poll.options.slice(0, POLL_CARD_OPTIONS),
    more: hidden > 0 ? `+${hidden} more ${hidden === 1 ? 'option' : 'options'}` : null,
  };
}

/** "Closes 3 Dec 2026, 14:00" / "Closed 3 Dec 2026, 14:00" / null without a close date. */
export function closeLabel(poll: Pick<PollSummary, 'expires_at' | 'status'>): string | null {
  if (poll.expires_at === null) return null;
  const when = localMediumDateShortTime(new Date(poll.expires_at));
  return poll.status === 'closed' ? `Closed ${when}` : `Closes ${when}`;
}
