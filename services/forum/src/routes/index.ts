import type { FastifyPluginAsync } from 'fastify';
import { createActivityRecorder } from '../activity.ts';
import { visitorHash } from '../visitors.ts';
import { adminRoutes } from './admin.ts';
import { feedbackRoutes } from './feedback.ts';
import { postRoutes } from './posts.ts';
import { statsRoutes } from './stats.ts';
import { uploadRoutes } from './uploads.ts';

export const forumRoutes: FastifyPluginAsync = async (app) => {
  const recordActivity = createActivityRecorder(app.sql, app.log);
  // Every forum request with a visitor token counts towards "active members".
  app.addHook('onResponse', async (req) => {
    const visitor = visitorHash(req);
    if (visitor) recordActivity(visitor);
  });

  await app.register(postRoutes);
  await app.register(feedbackRoutes);
  await app.register(uploadRoutes);
  await app.register(statsRoutes);
  await app.register(adminRoutes);
};
