import type { ServiceContext } from '@wfm/service-kit';
import type { StatsResponse } from '@wfm/contracts/forum';
import { countPostsSince } from '../posts/posts-repository.ts';
import { countActiveVisitors } from '../visitors/visitors-repository.ts';

const DAY_MS = 86_400_000;

/**
 * activeMembers: distinct visitor tokens that made a forum request in the last 24 hours;
 * todaysPosts: posts since 00:00 UTC; livePolls: 0 until the forum learns of polls.
 */
export async function readStats(ctx: ServiceContext): Promise<StatsResponse> {
  const now = ctx.now();
  const [activeMembers, todaysPosts] = await Promise.all([
    countActiveVisitors(ctx.sql, now),
    countPostsSince(ctx.sql, now - (now % DAY_MS)),
  ]);
  return { activeMembers, todaysPosts, livePolls: 0 };
}
