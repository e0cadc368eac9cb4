import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { StatsResponse } from '@wfm/contracts/forum';
import type { ServiceRoutes } from '@wfm/service-kit';
import { readStats } from './stats-service.ts';
import type { ForumContext } from '../context.ts';

export const statsRoutes: ServiceRoutes<ForumContext> = async (base, ctx) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get('/api/stats', { schema: { response: { 200: StatsResponse } } }, async () => readStats(ctx));
};
