import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorResponse } from '@wfm/contracts/shared';
import { AdminFeatureSuggestionsResponse, AdminListQuery, AdminReportsResponse } from '@wfm/contracts/forum';
import { staffOnly, type ServiceRoutes } from '@wfm/service-kit';
import { listReports, listSuggestions } from './feedback-repository.ts';
import type { ForumContext } from '../context.ts';

const STAFF_ERRORS = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse } as const;

/** Staff lists of reports, help requests and feature suggestions (any staff role); reading is not a recorded action. */
export const feedbackStaffRoutes: ServiceRoutes<ForumContext> = async (base, ctx) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/admin/reports',
    { ...staffOnly(app, 'reports'), schema: { querystring: AdminListQuery, response: { 200: AdminReportsResponse, ...STAFF_ERRORS } } },
    async (req) => listReports(ctx.sql, req.query),
  );

  app.get(
    '/api/admin/feature-suggestions',
    {
      ...staffOnly(app, 'suggestions'),
      schema: { querystring: AdminListQuery, response: { 200: AdminFeatureSuggestionsResponse, ...STAFF_ERRORS } },
    },
    async (req) => listSuggestions(ctx.sql, req.query),
  );
};
