import { z } from 'zod';
import { serviceEnvSchema, type ServiceContext } from '@wfm/service-kit';

const mebibytes = (fallback: number, max: number) =>
  z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).max(max).default(fallback));

/**
 * The forum's own settings (docs/operations.md): the byte bounds of its in-process caches, so a
 * process's memory stays put however many posts, versions and lists it serves; and auto-hide.
 */
export const forumEnvSchema = serviceEnvSchema.extend({
  /** MiB of post-summary JSON text one process keeps by row version (posts-summary-cache.ts). */
  FORUM_SUMMARY_CACHE_MIB: mebibytes(32, 4_096),
  /** MiB of feed-list orders (ids and row versions) one process keeps (posts-list-cache.ts). */
  FORUM_FEED_LIST_CACHE_MIB: mebibytes(4, 1_024),
  /**
   * A post or comment reported by this many distinct reporters that count (established visitors,
   * each on an address of their own) is hidden until a moderator decides; 0 turns auto-hide off.
   */
  REPORT_HIDE_AT: z.coerce.number().int().min(0).max(1_000).default(3),
});

export type ForumEnv = z.infer<typeof forumEnvSchema>;

export const MIB = 1024 * 1024;

/** The context's env, parsed at boot with forumEnvSchema (the definition's env). */
export const forumEnv = (ctx: Pick<ServiceContext, 'env'>): ForumEnv => ctx.env as ForumEnv;
