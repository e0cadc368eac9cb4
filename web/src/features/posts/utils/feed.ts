import type { PostSort, PostSummary, PostType } from '@wfm/contracts/forum/posts';
import { pickWfmValues, WFM_FIELDS, type WfmValues } from '../../../components/wfm-fields.tsx';
import type { PostFilters } from '../api/get-posts.ts';

export type FeedTab = 'all' | PostType | 'mine';

export const FEED_TABS: { value: FeedTab; label: string }[] = [
  { value: 'all', label: 'All Posts' },
  { value: 'Question', label: 'Questions' },
  { value: 'Idea', label: 'Ideas' },
  { value: 'Tool', label: 'Tools' },
  { value: 'mine', label: 'My Posts' },
];

export const FEED_SORTS: { value: PostSort; label: string }[] = [
  { value: 'latest', label: 'Latest' },
  { value: 'trending', label: 'Hot Topics' },
  { value: 'upvotes', label: 'Most Upvoted' },
];

/** The feed's own filters (the tab and the search aside). Dates are YYYY-MM-DD as date inputs give them. */
export type FeedFilters = { author: string; from: string; to: string };
export const NO_FILTERS: FeedFilters = { author: '', from: '', to: '' };

/**
 * Tab counts (spec 1 §2): All is the server's total; each type counts the loaded posts of that type.
 * My Posts has no count.
 */
export function tabCounts(posts: Pick<PostSummary, 'type'>[], total: number): Partial<Record<FeedTab, number>> {
  const count = (type: PostType) => posts.filter((post) => post.type === type).length;
  return { all: total, Question: count('Question'), Idea: count('Idea'), Tool: count('Tool') };
}

/** Start of a local day, as a ms timestamp. */
export function dayStart(day: string): number | undefined {
  const time = new Date(`${day}T00:00:00`).getTime();
  return Number.isNaN(time) ? undefined : time;
}

/** Last millisecond of a local day: an end date includes the whole day. */
export function dayEnd(day: string): number | undefined {
  const time = new Date(`${day}T23:59:59.999`).getTime();
  return Number.isNaN(time) ? undefined : time;
}

/**
 * Filters the feed keeps in its address, like q (issue 16): `unanswered=1` and the WFM fields
 * (`channel`, `platform`, `centre_size`, `region`). Unknown values are ignored.
 */
export type UrlFilters = WfmValues & { unanswered: boolean };
export const URL_FILTER_KEYS = ['unanswered', ...WFM_FIELDS.map((f) => f.key)] as const;

export function urlFilters(params: URLSearchParams): UrlFilters {
  const flag = params.get('unanswered');
  return { unanswered: flag === '1' || flag === 'true', ...pickWfmValues((key) => params.get(key)) };
}

/** The address's query with `change` applied to the feed's URL filters (q and anything else kept). */
export function withUrlFilters(params: URLSearchParams, change: Partial<UrlFilters>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(change)) {
    if (key === 'unanswered') {
      if (value) next.set('unanswered', '1');
      else next.delete('unanswered');
    } else if (value) next.set(key, String(value));
    else next.delete(key);
  }
  return next;
}

/** True when any URL filter is set. */
export const hasUrlFilters = (f: UrlFilters) => f.unanswered || WFM_FIELDS.some((field) => f[field.key] !== undefined);

/**
 * The list call of a tab. All and the type tabs can filter by author; My Posts filters by the
 * visitor's token instead (spec 1 §6).
 */
export function listFilters(
  tab: FeedTab,
  sort: PostSort,
  q: string,
  filters: FeedFilters,
  anonToken: string | undefined,
  url: UrlFilters = { unanswered: false },
): PostFilters {
  const mine = tab === 'mine';
  const wfm: WfmValues = {};
  for (const field of WFM_FIELDS) if (url[field.key]) Object.assign(wfm, { [field.key]: url[field.key] });
  return {
    sort,
    ...(tab !== 'all' && !mine ? { type: tab } : {}),
    ...(q ? { q } : {}),
    ...(!mine && filters.author.trim() ? { author_name: filters.author.trim() } : {}),
    ...(mine && anonToken ? { anon_token: anonToken } : {}),
    ...(filters.from ? { start_date: dayStart(filters.from) } : {}),
    ...(filters.to ? { end_date: dayEnd(filters.to) } : {}),
    ...(url.unanswered ? { unanswered: true } : {}),
    ...wfm,
  };
}

export const EMPTY_FEED_DEFAULT = 'Be the first to start a conversation!';

/** The empty feed's message for what is filtering it: the search, the author, My Posts, or nothing. */
export function emptyFeedMessage(tab: FeedTab, q: string, author: string, url: UrlFilters = { unanswered: false }): string {
  if (q) return `No posts match your search for "${q}".`;
  if (author.trim() && tab !== 'mine') return `No posts found by "${author.trim()}".`;
  if (tab === 'mine') return "You haven't created any posts yet.";
  // Issue 16's filters, after the spec's own cases.
  if (url.unanswered) return 'No unanswered questions here. Every open question has an accepted answer.';
  if (hasUrlFilters(url)) return 'No posts match these contact-centre filters.';
  return EMPTY_FEED_DEFAULT;
}
