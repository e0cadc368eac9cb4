import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorResponse, NotificationsResponse, NotificationsSeenResponse } from '@wfm/contracts/shared';
import { rateLimited, requireVisitor, type ServiceRoutes } from '@wfm/service-kit';
import * as notifications from './notifications-service.ts';
import type { ForumContext } from '../context.ts';

/** "Replies to me": the verified visitor's own list only (401 without an issued token). */
export const notificationsRoutes: ServiceRoutes<ForumContext> = async (base, ctx) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/notifications',
    {
      onRequest: rateLimited(app, 'notifications-read'),
      schema: { response: { 200: NotificationsResponse, 401: ErrorResponse, 429: ErrorResponse } },
    },
    async (req) => notifications.listNotifications(ctx, requireVisitor(req).hash),
  );

  app.post(
    '/api/notifications/seen',
    {
      bodyLimit: 1024,
      onRequest: rateLimited(app, 'notifications-seen'),
      schema: { response: { 200: NotificationsSeenResponse, 401: ErrorResponse, 429: ErrorResponse } },
    },
    async (req) => notifications.markSeen(ctx, requireVisitor(req).hash),
  );
};
