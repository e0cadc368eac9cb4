import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { staffOnly, type ServiceRoutes } from '@wfm/service-kit';
import { AnswerBody, Question, QuestionIdParams, QuestionsResponse, SessionIdParams } from '@wfm/contracts/ama';
import type { AmaContext } from '../context.ts';
import { STAFF_ERRORS } from '../common/common-route-errors.ts';
import * as questions from './questions-service.ts';

/** Staff read a session's questions and answer them. */
export const questionStaffRoutes: ServiceRoutes<AmaContext> = async (base, ctx) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/admin/ama/sessions/:id/questions',
    { ...staffOnly(app, 'ama'), schema: { params: SessionIdParams, response: { 200: QuestionsResponse, ...STAFF_ERRORS } } },
    async (req) => questions.listQuestions(ctx, req.params.id, 'latest'),
  );

  app.put(
    '/api/admin/ama/questions/:id/answer',
    { ...staffOnly(app, 'ama'), schema: { params: QuestionIdParams, body: AnswerBody, response: { 200: Question, ...STAFF_ERRORS } } },
    async (req) => questions.answerQuestion(ctx, req.staff!, req.params.id, req.body.answer),
  );
};
