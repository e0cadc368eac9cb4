import { eventSchemas, type EventSubject } from '@wfm/contracts';
import { postGroup, type CacheGroup } from './cacheable-reads.ts';

/** Which post an event is about: posts carry `id`, comments and upvotes `post_id`. */
function postIdOf(data: unknown): number | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const { post_id: postId, id } = data as { post_id?: unknown; id?: unknown };
  const candidate = postId ?? id;
  return typeof candidate === 'number' && Number.isSafeInteger(candidate) && candidate > 0 ? candidate : undefined;
}

type Rule = (data: unknown) => readonly CacheGroup[] | 'all';

/**
 * A change to a post or its comments changes its detail, every list (order, counts, search) and
 * the stats (today's posts); a new member can change the stats; a restored backup changes
 * everything. An event about a post whose id cannot be read drops every entry rather than guess.
 */
const postChange: Rule = (data) => {
  const id = postIdOf(data);
  return id === undefined ? 'all' : ['lists', 'stats', postGroup(id)];
};

const RULES: Partial<Record<EventSubject, Rule>> = {
  'forum.post.created': postChange,
  'forum.post.updated': postChange,
  'forum.post.deleted': postChange,
  'forum.post.upvoted': postChange,
  'forum.comment.created': postChange,
  'identity.profile.created': () => ['stats'],
  'admin.database.restored': () => 'all',
};

/** Every subject that invalidates something (the gateway subscribes to each). */
export const INVALIDATING_SUBJECTS = (Object.keys(eventSchemas) as EventSubject[]).filter((s) => RULES[s]);

/** The groups an event invalidates; undefined when it changes nothing the cache holds. */
export function groupsInvalidatedBy(subject: string, data: unknown): readonly CacheGroup[] | 'all' | undefined {
  return RULES[subject as EventSubject]?.(data);
}
