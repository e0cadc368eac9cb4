import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorResponse } from '@wfm/contracts/shared';
import {
  AdminFeatureSuggestionsResponse,
  AdminListQuery,
  AdminPostActionResponse,
  AdminPostsResponse,
  AdminReportsResponse,
  PostIdParams,
} from '@wfm/contracts/forum';
import { staffOnly } from '@wfm/service-kit';
import * as admin from '../admin-service.ts';
import { listReports, listSuggestions } from '../feedback-repository.ts';
import { listAdminPosts } from '../post-repository.ts';

const STAFF_ERRORS = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse } as const;

/** Staff screens (any staff role); every change is also reported as forum.staff.action. */
export const adminRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { sql } = app;

  app.get(
    '/api/admin/reports',
    { ...staffOnly(app, 'reports'), schema: { querystring: AdminListQuery, response: { 200: AdminReportsResponse, ...STAFF_ERRORS } } },
    async (req) => listReports(sql, req.query),
  );

  app.get(
    '/api/admin/feature-suggestions',
    {
      ...staffOnly(app, 'suggestions'),
      schema: { querystring: AdminListQuery, response: { 200: AdminFeatureSuggestionsResponse, ...STAFF_ERRORS } },
    },
    async (req) => listSuggestions(sql, req.query),
  );

  app.get(
    '/api/admin/posts',
    { ...staffOnly(app, 'posts'), schema: { querystring: AdminListQuery, response: { 200: AdminPostsResponse, ...STAFF_ERRORS } } },
    async (req) => listAdminPosts(sql, req.query),
  );

  app.post(
    '/api/admin/posts/:id/delete',
    {
      ...staffOnly(app, 'posts'),
      schema: { params: PostIdParams, response: { 200: AdminPostActionResponse, 404: ErrorResponse, ...STAFF_ERRORS } },
    },
    async (req) => admin.deletePost(app, req.staff!, req.params.id),
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
    async (req) => admin.resolvePost(app, req.staff!, req.params.id),
  );
};
