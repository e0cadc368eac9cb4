import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { staffOnly, type ServiceRoutes } from '@wfm/service-kit';
import {
  AmaSession,
  DeleteResponse,
  PricingBody,
  SessionBody,
  SessionIdParams,
  SessionImageResponse,
  SessionPricing,
  SessionStatusBody,
  StaffSessionsResponse,
} from '@wfm/contracts/ama';
import type { AmaContext } from '../context.ts';
import { ErrorResponse, STAFF_ERRORS } from '../common/common-route-errors.ts';
import { IMAGE_PREFIX } from '../uploads/uploads-storage.ts';
import * as sessions from './sessions-service.ts';

/** The ama tab's calls (Admin and Super Admin): sessions, their image and their pricing. */
export const sessionStaffRoutes: ServiceRoutes<AmaContext> = async (base, ctx) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/admin/ama/sessions',
    { ...staffOnly(app, 'ama'), schema: { response: { 200: StaffSessionsResponse, ...STAFF_ERRORS } } },
    async () => sessions.listStaffSessions(ctx),
  );

  app.post(
    '/api/admin/ama/sessions',
    { ...staffOnly(app, 'ama'), schema: { body: SessionBody, response: { 201: AmaSession, ...STAFF_ERRORS } } },
    async (req, reply) => reply.code(201).send(await sessions.createSession(ctx, req.staff!, req.body)),
  );

  app.put(
    '/api/admin/ama/sessions/:id',
    { ...staffOnly(app, 'ama'), schema: { params: SessionIdParams, body: SessionBody, response: { 200: AmaSession, ...STAFF_ERRORS } } },
    async (req) => sessions.updateSession(ctx, req.staff!, req.params.id, req.body),
  );

  app.put(
    '/api/admin/ama/sessions/:id/status',
    {
      ...staffOnly(app, 'ama'),
      schema: { params: SessionIdParams, body: SessionStatusBody, response: { 200: AmaSession, ...STAFF_ERRORS } },
    },
    async (req) => sessions.setStatus(ctx, req.staff!, req.params.id, req.body.status),
  );

  app.delete(
    '/api/admin/ama/sessions/:id',
    { ...staffOnly(app, 'ama'), schema: { params: SessionIdParams, response: { 200: DeleteResponse, ...STAFF_ERRORS } } },
    async (req) => sessions.deleteSession(ctx, req.staff!, req.params.id),
  );

  app.post(
    '/api/admin/ama/sessions/:id/image',
    {
      ...staffOnly(app, 'ama'),
      schema: { params: SessionIdParams, response: { 200: SessionImageResponse, 413: ErrorResponse, 429: ErrorResponse, ...STAFF_ERRORS } },
    },
    async (req, reply) => {
      await sessions.getSession(ctx, req.params.id);
      const file = await ctx.uploads.image(req, reply);
      const url = `${IMAGE_PREFIX}${file.name}`;
      try {
        const session = await sessions.setImage(ctx, req.staff!, req.params.id, url);
        return { image: { url, filename: file.originalName, mimetype: file.mimetype, size: file.size }, session };
      } catch (err) {
        await ctx.uploads.store.discard([file.name]).catch(() => undefined);
        throw err;
      }
    },
  );

  app.get(
    '/api/admin/ama/sessions/:id/pricing',
    { ...staffOnly(app, 'pricing'), schema: { params: SessionIdParams, response: { 200: SessionPricing, ...STAFF_ERRORS } } },
    async (req) => sessions.getPricing(ctx, req.params.id),
  );

  app.post(
    '/api/admin/ama/sessions/:id/pricing',
    {
      ...staffOnly(app, 'pricing'),
      schema: { params: SessionIdParams, body: PricingBody, response: { 201: SessionPricing, ...STAFF_ERRORS } },
    },
    async (req, reply) => reply.code(201).send(await sessions.savePricing(ctx, req.staff!, req.params.id, req.body, 'create')),
  );

  // An update of a session without pricing creates it (the edit dialog's fallback, done here too).
  app.put(
    '/api/admin/ama/sessions/:id/pricing',
    {
      ...staffOnly(app, 'pricing'),
      schema: { params: SessionIdParams, body: PricingBody, response: { 200: SessionPricing, ...STAFF_ERRORS } },
    },
    async (req) => sessions.savePricing(ctx, req.staff!, req.params.id, req.body, 'update'),
  );
};
