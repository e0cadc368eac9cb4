import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorResponse } from '@wfm/contracts/shared';
import { AdminFeatureSuggestionsResponse, AdminListQuery, AdminReportsResponse } from '@wfm/contracts/forum';
import { staffOnly } from '@wfm/service-kit';
import { listReports, listSuggestions } from './feedback-repository.ts';

const STAFF_ERRORS = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse } as const;

/** Staff lists of reports, help requests and feature suggestions (any staff role); reading is not a recorded action. */
export const feedbackStaffRoutes: FastifyPluginAsync = async (base) => {
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
};
