import { fileURLToPath } from 'node:url';
import type { FastifyPluginAsync } from 'fastify';
import type { ServiceDefinition } from '@wfm/service-kit';
import { feedbackRoutes } from './feedback/feedback-routes.ts';
import { feedbackStaffRoutes } from './feedback/feedback-staff-routes.ts';
import { notificationsRoutes } from './notifications/notifications-routes.ts';
import { subscribeReplyNotifications } from './notifications/notifications-service.ts';
import { bumpAfterWrites, bumpBeforeEvents, subscribeRestores } from './posts/posts-list-hooks.ts';
import { redisListRevision } from './posts/posts-list-revision.ts';
import { postsRoutes } from './posts/posts-routes.ts';
import { postsStaffRoutes } from './posts/posts-staff-routes.ts';
import { FORUM_LIMITS } from './rate-limits.ts';
import { statsRoutes } from './stats/stats-routes.ts';
import { uploadsRoutes } from './uploads/uploads-routes.ts';
import { createActivityRecorder, visitorHash } from './visitors/visitors-service.ts';

const forumRoutes: FastifyPluginAsync = async (app) => {
  const recordActivity = createActivityRecorder(app.sql, app.log);
  // Every forum request with a visitor token counts towards "active members".
  app.addHook('onResponse', async (req) => {
    const visitor = visitorHash(req);
    if (visitor) recordActivity(visitor);
  });

  const listRevision = app.redis ? redisListRevision(app.redis) : null;
  if (listRevision) app.addHook('onSend', bumpAfterWrites(listRevision));

  await app.register(postsRoutes, { listRevision });
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
  // Attachments: the kit's upload tables, multipart parsing and the forum.upload-cleanup job.
  uploads: true,
  routes: forumRoutes,
  beforePublish: bumpBeforeEvents,
  onReady: async (app) => {
    const unsubscribes = [await subscribeReplyNotifications(app), await subscribeRestores(app)];
    // The bus may be shared (single-node run): stop these subscriptions with the app.
    app.addHook('onClose', async () => {
      for (const unsubscribe of unsubscribes) await unsubscribe().catch(() => undefined);
    });
  },
};

export default service;
