import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorResponse } from '@wfm/contracts/shared';
import { AdminCatalogDeleteResponse, AdminPollsResponse, CatalogAdminListQuery, PollIdParams } from '@wfm/contracts/catalog';
import { staffOnly, type ServiceRoutes } from '@wfm/service-kit';
import * as pollsService from './polls-service.ts';

const STAFF_ERRORS = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse } as const;

/** The admin panel's polls tab (right 'polls': Moderator and up); a delete writes an audit entry. */
export const pollStaffRoutes: ServiceRoutes = async (base, ctx) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/admin/polls',
    { ...staffOnly(app, 'polls'), schema: { querystring: CatalogAdminListQuery, response: { 200: AdminPollsResponse, ...STAFF_ERRORS } } },
    async (req) => pollsService.listStaffPolls(ctx, req.query.limit, req.query.offset),
  );

  app.delete(
    '/api/admin/polls/:id',
    {
      ...staffOnly(app, 'polls'),
      schema: { params: PollIdParams, response: { 200: AdminCatalogDeleteResponse, 404: ErrorResponse, ...STAFF_ERRORS } },
    },
    // The poll's options and votes go with it (ON DELETE CASCADE).
    async (req) => pollsService.deletePoll(ctx, req.staff!, req.params.id),
  );
};
