import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorResponse } from '@wfm/contracts/shared';
import {
  CreatePollBody,
  CreatePollResponse,
  ListPollsQuery,
  ListPollsResponse,
  PollBreakdown,
  PollBreakdownQuery,
  PollDetail,
  PollIdParams,
  PollStats,
  PollVoteBody,
} from '@wfm/contracts/catalog';
import { byVisitor, rateLimited, requireVisitor, type ServiceRoutes } from '@wfm/service-kit';
import * as pollsService from './polls-service.ts';

export const pollRoutes: ServiceRoutes = async (base, ctx) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/polls',
    {
      // My Polls puts the visitor's token in the query string; request lines would log it.
      logLevel: 'warn',
      schema: { querystring: ListPollsQuery, response: { 200: ListPollsResponse, 400: ErrorResponse } },
    },
    async (req) => {
      const { anon_token: token, ...query } = req.query;
      const mine = token === undefined ? undefined : ((await app.visitorOf(token))?.hash ?? null);
      return pollsService.listPolls(ctx, query, mine);
    },
  );

  app.get('/api/polls/stats', { schema: { response: { 200: PollStats } } }, async () => pollsService.stats(ctx));

  app.get(
    '/api/polls/:id',
    { schema: { params: PollIdParams, response: { 200: PollDetail, 400: ErrorResponse, 404: ErrorResponse } } },
    async (req) => pollsService.getPoll(ctx, req.params.id, req.visitor?.hash ?? null),
  );

  app.get(
    '/api/polls/:id/breakdown',
    {
      schema: {
        params: PollIdParams,
        querystring: PollBreakdownQuery,
        response: { 200: PollBreakdown, 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (req) => pollsService.breakdown(ctx, req.params.id, req.query.by),
  );

  app.post(
    '/api/polls',
    {
      onRequest: rateLimited(app, 'poll'),
      schema: { body: CreatePollBody, response: { 201: CreatePollResponse, 400: ErrorResponse, 429: ErrorResponse, 503: ErrorResponse } },
    },
    async (req, reply) => {
      const createdBy = await ctx.identity.acceptAuthorName(req, req.body.created_by);
      const poll = await pollsService.createPoll(ctx, { ...req.body, created_by: createdBy }, req.visitor?.hash ?? null, byVisitor(req));
      return reply.code(201).send(poll);
    },
  );

  app.post(
    '/api/polls/:id/vote',
    {
      onRequest: rateLimited(app, 'poll-vote'),
      schema: {
        params: PollIdParams,
        body: PollVoteBody,
        response: {
          200: PollDetail,
          400: ErrorResponse,
          401: ErrorResponse,
          403: ErrorResponse,
          404: ErrorResponse,
          409: ErrorResponse,
          429: ErrorResponse,
        },
      },
    },
    // Once per verified visitor per poll (401 without an issued, unrevoked token).
    async (req) => pollsService.vote(ctx, req.params.id, req.body, requireVisitor(req).hash),
  );
};
