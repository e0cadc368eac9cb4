import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { StatsResponse } from '@wfm/contracts/forum';
import { readStats } from './stats-service.ts';

export const statsRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { sql } = app;

  app.get('/api/stats', { schema: { response: { 200: StatsResponse } } }, async () => readStats(sql));
};
