import type { Sql } from '@wfm/service-kit';
import type { StatsResponse } from '@wfm/contracts/forum';
import { countPostsSince } from '../posts/posts-repository.ts';
import { countActiveVisitors } from '../visitors/visitors-repository.ts';

const DAY_MS = 86_400_000;

/**
 * activeMembers: distinct visitor tokens that made a forum request in the last 24 hours;
 * todaysPosts: posts since 00:00 UTC; livePolls: 0 until the forum learns of polls.
 */
export async function readStats(sql: Sql, now = Date.now()): Promise<StatsResponse> {
  const [activeMembers, todaysPosts] = await Promise.all([
    countActiveVisitors(sql, now),
    countPostsSince(sql, now - (now % DAY_MS)),
  ]);
  return { activeMembers, todaysPosts, livePolls: 0 };
}
