import { fileURLToPath } from 'node:url';
import type { FastifyPluginAsync } from 'fastify';
import type { ServiceDefinition } from '@wfm/service-kit';
import { feedbackRoutes } from './feedback/feedback-routes.ts';
import { feedbackStaffRoutes } from './feedback/feedback-staff-routes.ts';
import { notificationsRoutes } from './notifications/notifications-routes.ts';
import { subscribeReplyNotifications } from './notifications/notifications-service.ts';
import { postsRoutes } from './posts/posts-routes.ts';
import { postsStaffRoutes } from './posts/posts-staff-routes.ts';
import { FORUM_LIMITS } from './rate-limits.ts';
import { statsRoutes } from './stats/stats-routes.ts';
import { uploadsJobs } from './uploads/uploads-cleanup-job.ts';
import { uploadsRoutes } from './uploads/uploads-routes.ts';
import { createActivityRecorder, visitorHash } from './visitors/visitors-service.ts';

const forumRoutes: FastifyPluginAsync = async (app) => {
  const recordActivity = createActivityRecorder(app.sql, app.log);
  // Every forum request with a visitor token counts towards "active members".
  app.addHook('onResponse', async (req) => {
    const visitor = visitorHash(req);
    if (visitor) recordActivity(visitor);
  });

  await app.register(postsRoutes);
  await app.register(feedbackRoutes);
  await app.register(uploadsRoutes);
  await app.register(statsRoutes);
  await app.register(notificationsRoutes);
  await app.register(postsStaffRoutes);
  await app.register(feedbackStaffRoutes);
};

export const service: ServiceDefinition = {
  name: 'forum',
  schema: 'forum',
  migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
  limits: FORUM_LIMITS,
  routes: forumRoutes,
  jobs: uploadsJobs,
  onReady: async (app) => {
    const unsubscribe = await subscribeReplyNotifications(app);
    // The bus may be shared (single-node run): stop this subscription with the app.
    app.addHook('onClose', async () => unsubscribe().catch(() => undefined));
  },
};

export default service;
