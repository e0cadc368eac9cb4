import type { Redis } from 'ioredis';

/**
 * The revision of the forum's feed lists: one Redis counter that every change to posts moves on,
 * shared by all forum replicas. A replica keeps the order of each feed list (posts-list-cache.ts)
 * under the revision it read before building it, and uses it only while the counter still says so.
 *
 * The counter moves in two places, each before anybody can ask for the change:
 * - after a write request, before its answer leaves (the writer's next read sees its write);
 * - in the outbox relay, before the write's events are published (the gateway drops its cache and
 *   browsers refetch only after an event, so a refetch always meets the new revision).
 * A database restore, which no forum write makes, moves it too (posts-list-hooks.ts).
 */
export const LIST_REVISION_KEY = 'forum:posts-list-revision';

/** Events after which a feed list may read differently. */
export const changesFeedLists = (subject: string): boolean => subject.startsWith('forum.post.') || subject.startsWith('forum.comment.');

export interface ListRevision {
  /** The current revision; null when it cannot be read (lists are then read from PostgreSQL). */
  current(): Promise<string | null>;
  /** Moves the revision on; throws when Redis does not take it. */
  bump(): Promise<void>;
}

/** `key`: LIST_REVISION_KEY; tests give one of their own. */
export function redisListRevision(redis: Redis, key = LIST_REVISION_KEY): ListRevision {
  return {
    async current() {
      try {
        return (await redis.get(key)) ?? '0';
      } catch {
        return null;
      }
    },
    async bump() {
      await redis.incr(key);
    },
  };
}
