import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponse } from '@wfm/contracts/shared';
import { PostIdParams } from '@wfm/contracts/forum';
import { SuspendAuthorBody, SuspensionView } from '@wfm/contracts/identity';
import { staffOnly, type ServiceRoutes, type StaffIdentity } from '@wfm/service-kit';
import type { ForumContext } from '../context.ts';
import { suspendAuthorOf } from './suspensions-service.ts';

const suspensionOf = (body: SuspendAuthorBody) => ({ reason: body.reason, durationMs: body.duration_ms, hideContent: body.hide_content });

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse } as const;

/**
 * "Suspend the author of this post / comment" (Moderator and up): the forum knows its authors only
 * by its keyed hash (author_token_hash = request.visitor.hash), which is what the suspension names;
 * every service's kit matches it (suspensions.ts). Listed and lifted in identity's registry.
 */
export const suspensionsStaffRoutes: ServiceRoutes<ForumContext> = async (base, ctx) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const access = staffOnly(app, 'suspensions');

  app.post(
    '/api/admin/posts/:id/suspend-author',
    { ...access, schema: { params: PostIdParams, body: SuspendAuthorBody, response: { 201: SuspensionView, ...errors } } },
    async (req, reply) => reply.code(201).send(await suspendAuthorOf(ctx, req.staff as StaffIdentity, { kind: 'post', id: req.params.id }, suspensionOf(req.body))),
  );

  app.post(
    '/api/admin/posts/comments/:id/suspend-author',
    {
      ...access,
      schema: { params: z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }), body: SuspendAuthorBody, response: { 201: SuspensionView, ...errors } },
    },
    async (req, reply) => reply.code(201).send(await suspendAuthorOf(ctx, req.staff as StaffIdentity, { kind: 'comment', id: req.params.id }, suspensionOf(req.body))),
  );
};
