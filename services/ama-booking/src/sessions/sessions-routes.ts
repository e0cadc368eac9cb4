import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AmaSession, AmaSessionsResponse, SessionIdParams, SessionPricing } from '@wfm/contracts/ama';
import { rateLimited, serveUpload, type ServiceRoutes } from '@wfm/service-kit';
import type { AmaContext } from '../context.ts';
import { PUBLIC_ERRORS } from '../common/common-route-errors.ts';
import { FILE_NOT_FOUND } from '../uploads/uploads-storage.ts';
import * as sessions from './sessions-service.ts';

/** Public session reads (cached by the gateway, dropped by session and booking events) and images. */
export const sessionRoutes: ServiceRoutes<AmaContext> = async (base, ctx) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get('/api/ama/sessions', { schema: { response: { 200: AmaSessionsResponse } } }, async () => sessions.listSessions(ctx));

  app.get(
    '/api/ama/sessions/:id',
    { schema: { params: SessionIdParams, response: { 200: AmaSession, ...PUBLIC_ERRORS } } },
    async (req) => sessions.getSession(ctx, req.params.id),
  );

  app.get(
    '/api/ama/sessions/:id/pricing',
    { schema: { params: SessionIdParams, response: { 200: SessionPricing, ...PUBLIC_ERRORS } } },
    async (req) => sessions.getPricing(ctx, req.params.id),
  );

  app.get(
    '/uploads/ama/:name',
    { onRequest: rateLimited(app, 'image-read'), schema: { params: z.object({ name: z.string().max(100) }) } },
    async (req, reply) => serveUpload(req, reply, ctx.uploads.store, req.params.name, { notFoundMessage: FILE_NOT_FOUND }),
  );
};
