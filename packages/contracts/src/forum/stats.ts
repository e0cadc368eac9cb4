import { z } from 'zod';

/** GET /api/stats: the sidebar's community figures. */
export const StatsResponse = z.object({
  activeMembers: z.number().int().nonnegative(),
  todaysPosts: z.number().int().nonnegative(),
  livePolls: z.number().int().nonnegative(),
});
export type StatsResponse = z.infer<typeof StatsResponse>;
