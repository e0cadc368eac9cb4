import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rateLimited, requireVisitor } from '@wfm/service-kit';
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
import type { AmaContext } from '../common/common-context.ts';
import { ErrorResponse, PUBLIC_ERRORS } from '../common/common-route-errors.ts';
import * as questions from './questions-service.ts';

const WRITE_ERRORS = { ...PUBLIC_ERRORS, 401: ErrorResponse, 409: ErrorResponse, 503: ErrorResponse } as const;

/** Live-session questions: ask, list, upvote, the visitor's own, and the transcript. */
export function questionRoutes(ctx: AmaContext): FastifyPluginAsync {
  return async (base) => {
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
      async (req) => questions.listQuestions(app, req.params.id, req.query.sort),
    );

    app.post(
      '/api/ama/sessions/:id/questions',
      {
        onRequest: rateLimited(app, 'question'),
        schema: { params: SessionIdParams, body: AskQuestionBody, response: { 201: Question, ...WRITE_ERRORS } },
      },
      async (req, reply) => {
        const visitor = requireVisitor(req);
        return reply.code(201).send(await questions.askQuestion(app, ctx, req, visitor, req.params.id, req.body));
      },
    );

    app.post(
      '/api/ama/questions/:id/upvote',
      {
        onRequest: rateLimited(app, 'upvote'),
        schema: { params: QuestionIdParams, response: { 200: QuestionUpvoteResponse, ...WRITE_ERRORS } },
      },
      async (req) => questions.upvoteQuestion(app, ctx, requireVisitor(req), req.params.id),
    );

    app.get(
      '/api/ama/my-questions',
      { schema: { querystring: MyQuestionsQuery, response: { 200: MyQuestionsResponse, 401: ErrorResponse, ...PUBLIC_ERRORS } } },
      async (req) => questions.myQuestions(app, requireVisitor(req), req.query.sort),
    );

    app.get(
      '/api/ama/sessions/:id/transcript',
      { schema: { params: SessionIdParams, response: { 200: TranscriptResponse, 409: ErrorResponse, ...PUBLIC_ERRORS } } },
      async (req) => questions.transcript(app, ctx, req.params.id),
    );
  };
}
