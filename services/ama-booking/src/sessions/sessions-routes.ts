import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AmaSession, AmaSessionsResponse, SessionIdParams, SessionPricing } from '@wfm/contracts/ama';
import { rateLimited, serveUpload } from '@wfm/service-kit';
import type { AmaContext } from '../common/common-context.ts';
import { PUBLIC_ERRORS } from '../common/common-route-errors.ts';
import { FILE_NOT_FOUND, type AmaUploads } from '../uploads/uploads-storage.ts';
import * as sessions from './sessions-service.ts';

/** Public session reads (cached by the gateway, dropped by session and booking events) and images. */
export function sessionRoutes(ctx: AmaContext, uploads: AmaUploads): FastifyPluginAsync {
  return async (base) => {
    const app = base.withTypeProvider<ZodTypeProvider>();

    app.get('/api/ama/sessions', { schema: { response: { 200: AmaSessionsResponse } } }, async () => sessions.listSessions(app, ctx));

    app.get(
      '/api/ama/sessions/:id',
      { schema: { params: SessionIdParams, response: { 200: AmaSession, ...PUBLIC_ERRORS } } },
      async (req) => sessions.getSession(app.sql, ctx, req.params.id),
    );

    app.get(
      '/api/ama/sessions/:id/pricing',
      { schema: { params: SessionIdParams, response: { 200: SessionPricing, ...PUBLIC_ERRORS } } },
      async (req) => sessions.getPricing(app.sql, req.params.id),
    );

    app.get(
      '/uploads/ama/:name',
      { onRequest: rateLimited(app, 'image-read'), schema: { params: z.object({ name: z.string().max(100) }) } },
      async (req, reply) => serveUpload(req, reply, uploads.store, req.params.name, { notFoundMessage: FILE_NOT_FOUND }),
    );
  };
}
