import { z } from 'zod';
import { serviceEnvSchema } from '@wfm/service-kit';

const mebibytes = (fallback: number, max: number) =>
  z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).max(max).default(fallback));

/**
 * The forum's own settings: the byte bounds of its in-process caches (docs/operations.md), so a
 * process's memory stays put however many posts, versions and lists it serves.
 */
export const forumEnvSchema = serviceEnvSchema.extend({
  /** MiB of post-summary JSON text one process keeps by row version (posts-summary-cache.ts). */
  FORUM_SUMMARY_CACHE_MIB: mebibytes(32, 4_096),
  /** MiB of feed-list orders (ids and row versions) one process keeps (posts-list-cache.ts). */
  FORUM_FEED_LIST_CACHE_MIB: mebibytes(4, 1_024),
});

export type ForumEnv = z.infer<typeof forumEnvSchema>;

export const MIB = 1024 * 1024;
