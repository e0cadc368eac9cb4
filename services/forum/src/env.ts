import { serviceEnvSchema, type ServiceContext } from '@wfm/service-kit';
import { z } from 'zod';

/** The forum's settings (docs/operations.md). */
export const forumEnvSchema = serviceEnvSchema.extend({
  /**
   * A post or comment reported by this many distinct reporters that count (established visitors,
   * each on an address of their own) is hidden until a moderator decides; 0 turns auto-hide off.
   */
  REPORT_HIDE_AT: z.coerce.number().int().min(0).max(1_000).default(3),
});
export type ForumEnv = z.infer<typeof forumEnvSchema>;

/** The context's env, parsed at boot with forumEnvSchema (the definition's env). */
export const forumEnv = (ctx: Pick<ServiceContext, 'env'>): ForumEnv => ctx.env as ForumEnv;
