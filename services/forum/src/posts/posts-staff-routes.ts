import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorResponse } from '@wfm/contracts/shared';
import { AdminListQuery, AdminPostActionResponse, AdminPostsResponse, PostIdParams } from '@wfm/contracts/forum';
import { staffOnly, type ServiceRoutes } from '@wfm/service-kit';
import { listStaffPosts } from './posts-staff-repository.ts';
import * as postsStaff from './posts-staff-service.ts';
import type { ForumContext } from '../context.ts';

const STAFF_ERRORS = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse } as const;

/** Staff moderation of posts (any staff role); every change is also reported as forum.staff.action. */
export const postsStaffRoutes: ServiceRoutes<ForumContext> = async (base, ctx) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/admin/posts',
    { ...staffOnly(app, 'posts'), schema: { querystring: AdminListQuery, response: { 200: AdminPostsResponse, ...STAFF_ERRORS } } },
    async (req) => listStaffPosts(ctx.sql, req.query),
  );

  app.post(
    '/api/admin/posts/:id/delete',
    {
      ...staffOnly(app, 'posts'),
      schema: { params: PostIdParams, response: { 200: AdminPostActionResponse, 404: ErrorResponse, ...STAFF_ERRORS } },
    },
    async (req) => postsStaff.deletePost(ctx, req.staff!, req.params.id),
  );

  app.post(
    '/api/admin/posts/:id/resolve',
    {
      ...staffOnly(app, 'posts'),
      schema: {
        params: PostIdParams,
        response: { 200: AdminPostActionResponse, 404: ErrorResponse, 409: ErrorResponse, ...STAFF_ERRORS },
      },
    },
    async (req) => postsStaff.resolvePost(ctx, req.staff!, req.params.id),
  );
};
