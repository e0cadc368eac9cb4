import { POLL_CARD_OPTIONS, type PollSummary } from '@wfm/contracts/catalog/polls';
import { POLL_CATEGORY_LABELS, POLL_STATUS_LABELS } from '@wfm/contracts/catalog/labels';
import { formatMediumDateTime, type DateZone } from '../../../lib/en-us-format.ts';

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

/**
 * "Closes Dec 3, 2026, 2:00 PM" / "Closed Dec 3, 2026, 2:00 PM" / null without a close date; in
 * `zone` (useDateZone: UTC, said so, while a server-rendered page is made and hydrated).
 */
export function closeLabel(poll: Pick<PollSummary, 'expires_at' | 'status'>, zone: DateZone): string | null {
  if (poll.expires_at === null) return null;
  const when = formatMediumDateTime(new Date(poll.expires_at), zone);
  return poll.status === 'closed' ? `Closed ${when}` : `Closes ${when}`;
}
