import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorResponse } from '@wfm/contracts/shared';
import { AdminCatalogDeleteResponse, AdminToolsResponse, CatalogAdminListQuery, ToolIdParams } from '@wfm/contracts/catalog';
import { staffOnly, type ServiceRoutes } from '@wfm/service-kit';
import * as toolsService from './tools-service.ts';

const STAFF_ERRORS = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse } as const;

/** The admin panel's tools tab (right 'tools': Moderator and up); a delete writes an audit entry. */
export const toolStaffRoutes: ServiceRoutes = async (base, ctx) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/admin/tools',
    { ...staffOnly(app, 'tools'), schema: { querystring: CatalogAdminListQuery, response: { 200: AdminToolsResponse, ...STAFF_ERRORS } } },
    async (req) => toolsService.listStaffTools(ctx, req.query.limit, req.query.offset),
  );

  app.delete(
    '/api/admin/tools/:id',
    {
      ...staffOnly(app, 'tools'),
      schema: { params: ToolIdParams, response: { 200: AdminCatalogDeleteResponse, 404: ErrorResponse, ...STAFF_ERRORS } },
    },
    async (req) => toolsService.deleteTool(ctx, req.staff!, req.params.id),
  );
};
