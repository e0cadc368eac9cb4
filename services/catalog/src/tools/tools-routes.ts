import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorResponse } from '@wfm/contracts/shared';
import { CreateToolBody, CreateToolResponse, ListToolsQuery, ListToolsResponse, ToolIdParams, ToolVoteResponse } from '@wfm/contracts/catalog';
import { byVisitor, rateLimited, requireVisitor, type ServiceRoutes } from '@wfm/service-kit';
import * as toolsService from './tools-service.ts';

export const toolRoutes: ServiceRoutes = async (base, ctx) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/tools',
    { schema: { querystring: ListToolsQuery, response: { 200: ListToolsResponse, 400: ErrorResponse } } },
    async (req) => toolsService.listTools(ctx, req.query),
  );

  app.post(
    '/api/tools',
    {
      onRequest: rateLimited(app, 'tool'),
      schema: { body: CreateToolBody, response: { 201: CreateToolResponse, 400: ErrorResponse, 429: ErrorResponse, 503: ErrorResponse } },
    },
    async (req, reply) => {
      const submittedBy = await ctx.identity.acceptAuthorName(req, req.body.submitted_by);
      const tool = await toolsService.createTool(ctx, { ...req.body, submitted_by: submittedBy }, req.visitor?.hash ?? null, byVisitor(req));
      return reply.code(201).send(tool);
    },
  );

  app.post(
    '/api/tools/:id/vote',
    {
      onRequest: rateLimited(app, 'tool-vote'),
      schema: {
        params: ToolIdParams,
        response: { 200: ToolVoteResponse, 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse, 429: ErrorResponse },
      },
    },
    // Once per verified visitor per tool (401 without an issued, unrevoked token).
    async (req) => toolsService.voteTool(ctx, req.params.id, requireVisitor(req).hash),
  );
};
