import { fileURLToPath } from 'node:url';
import { heldItemsRoutes, type ServiceDefinition } from '@wfm/service-kit';
import type { ForumContext } from './context.ts';
import { forumEnvSchema, type ForumEnv } from './env.ts';
import { feedbackRoutes } from './feedback/feedback-routes.ts';
import { feedbackStaffRoutes } from './feedback/feedback-staff-routes.ts';
import { notificationsRoutes } from './notifications/notifications-routes.ts';
import { subscribeReplyNotifications } from './notifications/notifications-service.ts';
import { bumpAfterWrites, bumpBeforeEvents, subscribeRestores } from './posts/posts-list-hooks.ts';
import { redisListRevision } from './posts/posts-list-revision.ts';
import { authorEditsRoutes } from './author-edits/author-edits-routes.ts';
import { postsRoutes } from './posts/posts-routes.ts';
import { forgetHeldPost, releaseComment, releasePost } from './posts/posts-service.ts';
import { postsStaffRoutes } from './posts/posts-staff-routes.ts';
import { hiddenStaffRoutes } from './hidden/hidden-staff-routes.ts';
import { suspensionsStaffRoutes } from './suspensions/suspensions-staff-routes.ts';
import { FORUM_LIMITS } from './rate-limits.ts';
import { statsRoutes } from './stats/stats-routes.ts';
import { uploadsRoutes } from './uploads/uploads-routes.ts';
import { forumVisitorDataRoutes } from './visitor-data/visitor-data-routes.ts';
import { visitorHash } from './visitors/visitors-request.ts';
import { createActivityRecorder } from './visitors/visitors-service.ts';

export const service: ServiceDefinition<ForumContext> = {
  name: 'forum',
  schema: 'forum',
  env: forumEnvSchema,
  migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
  limits: FORUM_LIMITS,
  // Attachments: the kit's upload tables, multipart parsing and the forum.upload-cleanup task.
  uploads: true,
  // base.env was parsed at boot with forumEnvSchema.
  context: (base) => ({ ...base, env: base.env as ForumEnv, listRevision: base.redis ? redisListRevision(base.redis) : null }),
  hooks: async (app, ctx) => {
    const recordActivity = createActivityRecorder(ctx);
    // Every forum request with a visitor token counts towards "active members".
    app.addHook('onResponse', async (req) => {
      const visitor = visitorHash(req);
      if (visitor) recordActivity(visitor);
    });
    if (ctx.listRevision) app.addHook('onSend', bumpAfterWrites(ctx.listRevision));
  },
  routes: [
    postsRoutes,
    authorEditsRoutes,
    feedbackRoutes,
    uploadsRoutes,
    statsRoutes,
    notificationsRoutes,
    forumVisitorDataRoutes,
    postsStaffRoutes,
    hiddenStaffRoutes,
    suspensionsStaffRoutes,
    feedbackStaffRoutes,
    // Posts and comments the duplicate-content check held, for staff to release or delete.
    heldItemsRoutes('forum', { release: { post: releasePost, comment: releaseComment }, onDelete: { post: forgetHeldPost } }),
  ],
  beforePublish: bumpBeforeEvents,
  onReady: async (app, ctx) => {
    const unsubscribes = [await subscribeReplyNotifications(ctx), await subscribeRestores(ctx)];
    // The bus may be shared (single-node run): stop these subscriptions with the app.
    app.addHook('onClose', async () => {
      for (const unsubscribe of unsubscribes) await unsubscribe().catch(() => undefined);
    });
  },
};

export default service;
