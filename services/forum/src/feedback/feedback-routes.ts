import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorResponse } from '@wfm/contracts/shared';
import { FeatureSuggestionBody, FeatureSuggestionResponse, ReportBody, ReportResponse } from '@wfm/contracts/forum';
import { rateLimited } from '@wfm/service-kit';
import { submitReport, submitSuggestion } from './feedback-service.ts';
import { acceptAuthorName } from '../visitors/visitors-service.ts';

export const feedbackRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { sql } = app;

  app.post(
    '/api/report',
    {
      onRequest: rateLimited(app, 'report'),
      schema: {
        body: ReportBody,
        response: { 201: ReportResponse, 400: ErrorResponse, 404: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (req, reply) => reply.code(201).send(await submitReport(sql, req.body)),
  );

  app.post(
    '/api/feature-suggestions',
    {
      onRequest: rateLimited(app, 'suggestion'),
      schema: {
        body: FeatureSuggestionBody,
        response: { 201: FeatureSuggestionResponse, 400: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (req, reply) => {
      const authorName = await acceptAuthorName(app, req, req.body);
      return reply.code(201).send(await submitSuggestion(sql, { ...req.body, author_name: authorName }));
    },
  );
};
