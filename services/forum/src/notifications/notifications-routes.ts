import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorResponse, NotificationsResponse, NotificationsSeenResponse } from '@wfm/contracts/shared';
import { enforceLimits, requireVisitor, type ServiceRoutes } from '@wfm/service-kit';
import * as notifications from './notifications-service.ts';
import type { ForumContext } from '../context.ts';

/** "Replies to me": the verified visitor's own list only (401 without an issued token). */
export const notificationsRoutes: ServiceRoutes<ForumContext> = async (base, ctx) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/notifications',
    {
      onRequest: enforceLimits(app, ['notifications-read-visitor']),
      schema: { response: { 200: NotificationsResponse, 401: ErrorResponse, 429: ErrorResponse } },
    },
    async (req) => notifications.listNotifications(ctx, requireVisitor(req).hash),
  );

  app.post(
    '/api/notifications/seen',
    {
      bodyLimit: 1024,
      onRequest: enforceLimits(app, ['notifications-seen-visitor']),
      schema: { response: { 200: NotificationsSeenResponse, 401: ErrorResponse, 429: ErrorResponse } },
    },
    async (req) => notifications.markSeen(ctx, requireVisitor(req).hash),
  );
};
