import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorResponse } from '@wfm/contracts/shared';
import {
  AdminCommentActionResponse,
  AdminFeatureSuggestionsResponse,
  AdminListQuery,
  AdminReportDecisionBody,
  AdminReportDecisionResponse,
  AdminReportsQuery,
  AdminReportsResponse,
  CommentIdParams,
  ReportIdParams,
} from '@wfm/contracts/forum';
import { staffOnly, type ServiceRoutes } from '@wfm/service-kit';
import { listReports, listSuggestions } from './feedback-repository.ts';
import { decideReport, deleteComment } from './feedback-report-queue-service.ts';
import type { ForumContext } from '../context.ts';

const STAFF_ERRORS = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse } as const;

/** Staff lists of reports, help requests and feature suggestions (any staff role); reading is not a recorded action. */
export const feedbackStaffRoutes: ServiceRoutes<ForumContext> = async (base, ctx) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/admin/reports',
    { ...staffOnly(app, 'reports'), schema: { querystring: AdminReportsQuery, response: { 200: AdminReportsResponse, ...STAFF_ERRORS } } },
    async (req) => listReports(ctx.sql, req.query),
  );

  // Deciding a report (and deleting what it reports in the same step) is moderation: the same right as posts.
  app.post(
    '/api/admin/reports/:id/decide',
    {
      ...staffOnly(app, 'posts'),
      schema: {
        params: ReportIdParams,
        body: AdminReportDecisionBody,
        response: { 200: AdminReportDecisionResponse, 404: ErrorResponse, 409: ErrorResponse, ...STAFF_ERRORS },
      },
    },
    async (req) => decideReport(ctx, req.staff!, req.params.id, req.body),
  );

  app.post(
    '/api/admin/comments/:id/delete',
    {
      ...staffOnly(app, 'posts'),
      schema: { params: CommentIdParams, response: { 200: AdminCommentActionResponse, 404: ErrorResponse, ...STAFF_ERRORS } },
    },
    async (req) => deleteComment(ctx, req.staff!, req.params.id),
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
