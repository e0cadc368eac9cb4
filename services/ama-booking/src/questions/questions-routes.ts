import { ANONYMOUS } from '@wfm/contracts/shared';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rateLimited, requireVisitor, type ServiceRoutes } from '@wfm/service-kit';
import {
  AskQuestionBody,
  MyQuestionsQuery,
  MyQuestionsResponse,
  Question,
  QuestionIdParams,
  QuestionsResponse,
  QuestionUpvoteResponse,
  SessionIdParams,
  TranscriptResponse,
} from '@wfm/contracts/ama';
import type { AmaContext } from '../context.ts';
import { ErrorResponse, PUBLIC_ERRORS } from '../common/common-route-errors.ts';
import * as questions from './questions-service.ts';

const WRITE_ERRORS = { ...PUBLIC_ERRORS, 401: ErrorResponse, 409: ErrorResponse, 503: ErrorResponse } as const;

/** Live-session questions: ask, list, upvote, the visitor's own, and the transcript. */
export const questionRoutes: ServiceRoutes<AmaContext> = async (base, ctx) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/ama/sessions/:id/questions',
    {
      schema: {
        params: SessionIdParams,
        querystring: z.object({ sort: z.enum(['latest', 'upvotes']).default('upvotes') }),
        response: { 200: QuestionsResponse, ...PUBLIC_ERRORS },
      },
    },
    async (req) => questions.listQuestions(ctx, req.params.id, req.query.sort),
  );

  app.post(
    '/api/ama/sessions/:id/questions',
    {
      onRequest: rateLimited(app, 'question'),
      schema: { params: SessionIdParams, body: AskQuestionBody, response: { 201: Question, ...WRITE_ERRORS } },
    },
    async (req, reply) => {
      const visitor = requireVisitor(req);
      const { body } = req;
      // The name goes through identity's author-name rule (no impersonation) unless the question is
      // anonymous; askQuestion asks it only once the session is known to take questions.
      const requested = body.author_name || body.author || ANONYMOUS;
      const acceptAuthor = async () => (body.isAnonymous ? ANONYMOUS : ctx.identity.acceptAuthorName(req, requested));
      return reply.code(201).send(await questions.askQuestion(ctx, visitor, req.params.id, body, acceptAuthor));
    },
  );

  app.post(
    '/api/ama/questions/:id/upvote',
    {
      onRequest: rateLimited(app, 'upvote'),
      schema: { params: QuestionIdParams, response: { 200: QuestionUpvoteResponse, ...WRITE_ERRORS } },
    },
    async (req) => questions.upvoteQuestion(ctx, requireVisitor(req), req.params.id),
  );

  app.get(
    '/api/ama/my-questions',
    { schema: { querystring: MyQuestionsQuery, response: { 200: MyQuestionsResponse, 401: ErrorResponse, ...PUBLIC_ERRORS } } },
    async (req) => questions.myQuestions(ctx, requireVisitor(req), req.query.sort),
  );

  app.get(
    '/api/ama/sessions/:id/transcript',
    { schema: { params: SessionIdParams, response: { 200: TranscriptResponse, 409: ErrorResponse, ...PUBLIC_ERRORS } } },
    async (req) => questions.transcript(ctx, req.params.id),
  );
};
