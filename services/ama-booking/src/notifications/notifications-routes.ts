import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorResponse, NotificationsResponse, NotificationsSeenResponse } from '@wfm/contracts/shared';
import { rateLimited, requireVisitor, type ServiceRoutes } from '@wfm/service-kit';
import type { AmaContext } from '../context.ts';
import * as notifications from './notifications-service.ts';

/** "Replies to me", AMA half: answers to the verified visitor's own questions (401 without an issued token). */
export const notificationRoutes: ServiceRoutes<AmaContext> = async (base, ctx) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/ama/notifications',
    {
      onRequest: rateLimited(app, 'notifications-read'),
      schema: { response: { 200: NotificationsResponse, 401: ErrorResponse, 429: ErrorResponse } },
    },
    async (req) => notifications.listNotifications(ctx, requireVisitor(req).hash),
  );

  app.post(
    '/api/ama/notifications/seen',
    {
      bodyLimit: 1024,
      onRequest: rateLimited(app, 'notifications-seen'),
      schema: { response: { 200: NotificationsSeenResponse, 401: ErrorResponse, 429: ErrorResponse } },
    },
    async (req) => notifications.markSeen(ctx, requireVisitor(req).hash),
  );
};
