import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { StatsResponse } from '@wfm/contracts/forum';
import { countActiveVisitors } from '../activity.ts';
import { countPostsSince } from '../post-repository.ts';

const DAY_MS = 86_400_000;

export const statsRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { sql } = app;

  /**
   * activeMembers: distinct visitor tokens that made a forum request in the last 24 hours;
   * todaysPosts: posts since 00:00 UTC; livePolls: 0 until the forum learns of polls.
   */
  app.get('/api/stats', { schema: { response: { 200: StatsResponse } } }, async () => {
    const now = Date.now();
    const [activeMembers, todaysPosts] = await Promise.all([
      countActiveVisitors(sql, now),
      countPostsSince(sql, now - (now % DAY_MS)),
    ]);
    return { activeMembers, todaysPosts, livePolls: 0 };
  });
};
