import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorResponse } from '@wfm/contracts/shared';
import {
  CreateJobBody,
  Job,
  JobIdParams,
  ListJobsQuery,
  ListJobsResponse,
  MyJobsResponse,
  WithdrawJobResponse,
} from '@wfm/contracts/jobs';
import { byVisitor, rateLimited, requireVisitor, type ServiceRoutes } from '@wfm/service-kit';
import * as jobs from './postings-service.ts';

/** Public calls: the approved list, posting, and the poster's own posts (by verified visitor). */
export const postingsRoutes: ServiceRoutes = async (base, ctx) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/jobs',
    { schema: { querystring: ListJobsQuery, response: { 200: ListJobsResponse, 400: ErrorResponse } } },
    async (req) => jobs.listJobs(ctx, req.query),
  );

  app.post(
    '/api/jobs',
    {
      onRequest: rateLimited(app, 'post'),
      schema: { body: CreateJobBody, response: { 201: Job, 400: ErrorResponse, 429: ErrorResponse } },
    },
    async (req, reply) => {
      const { submitted_by: _ignored, ...input } = req.body;
      const name = await ctx.identity.nameOrAnonymous(req);
      return reply.code(201).send(await jobs.submitJob(ctx, input, { name, hash: req.visitor?.hash ?? null }, byVisitor(req)));
    },
  );

  // "My job posts": never cached by the gateway (no cache entry for this path), one visitor's own.
  app.get(
    '/api/jobs/mine',
    { schema: { response: { 200: MyJobsResponse, 401: ErrorResponse } } },
    async (req) => jobs.listMyJobs(ctx, requireVisitor(req).hash),
  );

  app.delete(
    '/api/jobs/:id',
    {
      onRequest: rateLimited(app, 'withdraw'),
      schema: {
        params: JobIdParams,
        response: { 200: WithdrawJobResponse, 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (req) => jobs.withdrawJob(ctx, req.params.id, requireVisitor(req).hash),
  );
};
