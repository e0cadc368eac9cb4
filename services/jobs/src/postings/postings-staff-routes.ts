import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorResponse } from '@wfm/contracts/shared';
import { DeleteJobResponse, JobIdParams, JobStatusBody, StaffJob, StaffJobsQuery, StaffJobsResponse, UpdateJobBody } from '@wfm/contracts/jobs';
import { staffOnly, type ServiceRoutes } from '@wfm/service-kit';
import * as jobs from './postings-service.ts';

const STAFF_ERRORS = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse } as const;

/** Staff calls (right "jobs": Moderator and up); every change writes an audit entry. */
export const postingsStaffRoutes: ServiceRoutes = async (base, ctx) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/admin/jobs',
    { ...staffOnly(app, 'jobs'), schema: { querystring: StaffJobsQuery, response: { 200: StaffJobsResponse, ...STAFF_ERRORS } } },
    async (req) => jobs.listStaffJobs(ctx, req.query),
  );

  app.put(
    '/api/admin/jobs/:id/status',
    {
      ...staffOnly(app, 'jobs'),
      schema: { params: JobIdParams, body: JobStatusBody, response: { 200: StaffJob, 404: ErrorResponse, 409: ErrorResponse, ...STAFF_ERRORS } },
    },
    async (req) => jobs.changeStatus(ctx, req.staff!, req.params.id, req.body),
  );

  app.put(
    '/api/admin/jobs/:id',
    {
      ...staffOnly(app, 'jobs'),
      schema: { params: JobIdParams, body: UpdateJobBody, response: { 200: StaffJob, 404: ErrorResponse, ...STAFF_ERRORS } },
    },
    async (req) => jobs.editJob(ctx, req.staff!, req.params.id, req.body),
  );

  app.delete(
    '/api/admin/jobs/:id',
    { ...staffOnly(app, 'jobs'), schema: { params: JobIdParams, response: { 200: DeleteJobResponse, 404: ErrorResponse, ...STAFF_ERRORS } } },
    async (req) => jobs.deleteJob(ctx, req.staff!, req.params.id),
  );
};
