import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorResponse } from '@wfm/contracts/shared';
import { FeatureSuggestionBody, FeatureSuggestionResponse, ReportBody, ReportResponse } from '@wfm/contracts/forum';
import { submitReport, submitSuggestion } from './feedback-service.ts';
import { acceptAuthorName, addressHashOf, visitorHash } from '../visitors/visitors-request.ts';
import { byVisitor, rateLimited, type ServiceRoutes } from '@wfm/service-kit';
import type { ForumContext } from '../context.ts';

export const feedbackRoutes: ServiceRoutes<ForumContext> = async (base, ctx) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/report',
    {
      onRequest: rateLimited(app, 'report'),
      // Per (address, reported post or comment), like upvotes: the target is in the body.
      preHandler: rateLimited(app, 'report-target'),
      schema: {
        body: ReportBody,
        response: { 201: ReportResponse, 400: ErrorResponse, 404: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (req, reply) =>
      reply.code(201).send(
        await submitReport(ctx, req.body, (name) => ctx.identity.acceptAuthorName(req, name), byVisitor(req), {
          hash: visitorHash(req),
          addressHash: addressHashOf(app, req),
        }),
      ),
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
      const authorName = await acceptAuthorName(ctx, req, req.body);
      return reply.code(201).send(await submitSuggestion(ctx, { ...req.body, author_name: authorName }, byVisitor(req)));
    },
  );
};
