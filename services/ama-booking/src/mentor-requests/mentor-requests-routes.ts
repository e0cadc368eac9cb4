import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { rateLimited, requireVisitor, type ServiceRoutes } from '@wfm/service-kit';
import {
  MentorIdParams,
  MentorMessage,
  MentorMessageBody,
  MentorRequest,
  MentorRequestBody,
  MentorRequestIdParams,
  MentorRequestStatusBody,
  MentorThread,
  MyMentorRequestsResponse,
} from '@wfm/contracts/ama';
import type { AmaContext } from '../context.ts';
import { ErrorResponse, PUBLIC_ERRORS } from '../common/common-route-errors.ts';
import * as requests from './mentor-requests-service.ts';

const WRITE_ERRORS = { ...PUBLIC_ERRORS, 401: ErrorResponse, 403: ErrorResponse, 409: ErrorResponse, 503: ErrorResponse } as const;
const READ_ERRORS = { ...PUBLIC_ERRORS, 401: ErrorResponse } as const;

/** Requests to mentors, the mentor's answer and the private thread of an accepted request. */
export const mentorRequestRoutes: ServiceRoutes<AmaContext> = async (base, ctx) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/mentors/:id/requests',
    {
      onRequest: rateLimited(app, 'mentor-request'),
      schema: { params: MentorIdParams, body: MentorRequestBody, response: { 201: MentorRequest, ...WRITE_ERRORS } },
    },
    async (req, reply) => {
      const visitor = requireVisitor(req);
      // The requester's name is shown to the mentor: the kit's author-name rule (no impersonation).
      const requesterName = await ctx.identity.acceptAuthorName(req, req.body.requester_name);
      return reply
        .code(201)
        .send(await requests.createRequest(ctx, visitor, req.params.id, { ...req.body, requester_name: requesterName }));
    },
  );

  app.get(
    '/api/mentors/requests',
    { schema: { response: { 200: MyMentorRequestsResponse, ...READ_ERRORS } } },
    async (req) => requests.myRequests(ctx, requireVisitor(req)),
  );

  app.get(
    '/api/mentors/requests/:id',
    { schema: { params: MentorRequestIdParams, response: { 200: MentorThread, ...READ_ERRORS } } },
    async (req) => requests.thread(ctx, requireVisitor(req), req.params.id),
  );

  app.put(
    '/api/mentors/requests/:id/status',
    {
      onRequest: rateLimited(app, 'mentor-message'),
      schema: { params: MentorRequestIdParams, body: MentorRequestStatusBody, response: { 200: MentorRequest, ...WRITE_ERRORS } },
    },
    async (req) => requests.answer(ctx, requireVisitor(req), req.params.id, req.body.status),
  );

  app.post(
    '/api/mentors/requests/:id/messages',
    {
      onRequest: rateLimited(app, 'mentor-message'),
      schema: { params: MentorRequestIdParams, body: MentorMessageBody, response: { 201: MentorMessage, ...WRITE_ERRORS } },
    },
    async (req, reply) => reply.code(201).send(await requests.sendMessage(ctx, requireVisitor(req), req.params.id, req.body)),
  );
};
