import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { rateLimited, requireVisitor, type ServiceRoutes } from '@wfm/service-kit';
import { MentorApplication, MentorApplicationBody, MentorsQuery, MentorsResponse, MyMentorApplicationResponse } from '@wfm/contracts/ama';
import type { AmaContext } from '../context.ts';
import { ErrorResponse, PUBLIC_ERRORS } from '../common/common-route-errors.ts';
import * as mentors from './mentors-service.ts';

const WRITE_ERRORS = { ...PUBLIC_ERRORS, 401: ErrorResponse, 403: ErrorResponse, 409: ErrorResponse, 503: ErrorResponse } as const;

/** The public mentor directory, applying to mentor and the applicant's own application. */
export const mentorRoutes: ServiceRoutes<AmaContext> = async (base, ctx) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/mentors',
    { schema: { querystring: MentorsQuery, response: { 200: MentorsResponse, ...PUBLIC_ERRORS } } },
    async (req) => mentors.directory(ctx, req.query),
  );

  app.post(
    '/api/mentors',
    {
      onRequest: rateLimited(app, 'mentor-apply'),
      schema: { body: MentorApplicationBody, response: { 201: MentorApplication, ...WRITE_ERRORS } },
    },
    async (req, reply) => {
      const visitor = requireVisitor(req);
      const username = await ctx.identity.username(req);
      // The mentor's name is public (directory, requests): the kit's author-name rule (no impersonation).
      const name = username ? await ctx.identity.acceptAuthorName(req, req.body.name) : req.body.name;
      return reply.code(201).send(await mentors.apply(ctx, visitor, username, { ...req.body, name }));
    },
  );

  app.get(
    '/api/mentors/me',
    { schema: { response: { 200: MyMentorApplicationResponse, 401: ErrorResponse, ...PUBLIC_ERRORS } } },
    async (req) => mentors.myApplication(ctx, requireVisitor(req)),
  );
};
