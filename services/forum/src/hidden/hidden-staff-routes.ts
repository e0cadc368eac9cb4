import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorResponse } from '@wfm/contracts/shared';
import { AdminHideResponse, CommentIdParams, PostIdParams, UnhideSuspendedBody, UnhideSuspendedResponse } from '@wfm/contracts/forum';
import { staffOnly, type ServiceRoutes } from '@wfm/service-kit';
import type { ForumContext } from '../context.ts';
import { setHiddenByStaff, unhideAllOf } from './hidden-service.ts';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse } as const;

/**
 * Staff hide or show again one post or comment (Moderator and up: the 'posts' right, as deleting).
 * Idempotent: hiding hidden content answers changed: false and records nothing.
 */
export const hiddenStaffRoutes: ServiceRoutes<ForumContext> = async (base, ctx) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const access = staffOnly(app, 'posts');

  for (const verb of ['hide', 'unhide'] as const) {
    app.post(
      `/api/admin/posts/:id/${verb}`,
      { ...access, schema: { params: PostIdParams, response: { 200: AdminHideResponse, ...errors } } },
      async (req) => setHiddenByStaff(ctx, req.staff!, { kind: 'post', id: req.params.id }, verb === 'hide'),
    );
    app.post(
      `/api/admin/comments/:id/${verb}`,
      { ...access, schema: { params: CommentIdParams, response: { 200: AdminHideResponse, ...errors } } },
      async (req) => setHiddenByStaff(ctx, req.staff!, { kind: 'comment', id: req.params.id }, verb === 'hide'),
    );
  }

  app.post(
    '/api/admin/posts/unhide-suspended',
    { ...access, schema: { body: UnhideSuspendedBody, response: { 200: UnhideSuspendedResponse, ...errors } } },
    async (req) => unhideAllOf(ctx, req.staff!, Buffer.from(req.body.visitor, 'base64url')),
  );
};
