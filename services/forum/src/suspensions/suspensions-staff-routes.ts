import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponse } from '@wfm/contracts/shared';
import { PostIdParams } from '@wfm/contracts/forum';
import { SUSPENSION_MESSAGES, SuspendAuthorBody, SuspensionView } from '@wfm/contracts/identity';
import { notFound, staffOnly, suspendVisitor, type ServiceRoutes, type StaffIdentity } from '@wfm/service-kit';
import type { ForumContext } from '../context.ts';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse } as const;

/**
 * "Suspend the author of this post / comment" (Moderator and up): the forum knows its authors only
 * by its keyed hash (author_token_hash = request.visitor.hash), which is what the suspension names;
 * every service's kit matches it (suspensions.ts). Listed and lifted in identity's registry.
 */
export const suspensionsStaffRoutes: ServiceRoutes<ForumContext> = async (base, ctx) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const access = staffOnly(app, 'suspensions');

  const suspendAuthorOf = async (staff: StaffIdentity, type: 'post' | 'comment', id: number, body: SuspendAuthorBody) => {
    const rows =
      type === 'post'
        ? await ctx.sql<{ hash: Buffer | null }[]>`SELECT author_token_hash AS hash FROM posts WHERE id = ${id}`
        : await ctx.sql<{ hash: Buffer | null }[]>`SELECT author_token_hash AS hash FROM comments WHERE id = ${id}`;
    const hash = rows[0]?.hash;
    if (!hash) throw notFound(SUSPENSION_MESSAGES.authorNotFound);
    return suspendVisitor(ctx, staff, {
      service: ctx.name,
      visitor: hash.toString('base64url'),
      durationMs: body.duration_ms,
      reason: body.reason,
      target: { type, id },
    });
  };

  app.post(
    '/api/admin/posts/:id/suspend-author',
    { ...access, schema: { params: PostIdParams, body: SuspendAuthorBody, response: { 201: SuspensionView, ...errors } } },
    async (req, reply) => reply.code(201).send(await suspendAuthorOf(req.staff as StaffIdentity, 'post', req.params.id, req.body)),
  );

  app.post(
    '/api/admin/posts/comments/:id/suspend-author',
    {
      ...access,
      schema: { params: z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }), body: SuspendAuthorBody, response: { 201: SuspensionView, ...errors } },
    },
    async (req, reply) => reply.code(201).send(await suspendAuthorOf(req.staff as StaffIdentity, 'comment', req.params.id, req.body)),
  );
};
