import { ANONYMOUS } from '@wfm/contracts/shared';
import {
  badRequest,
  conflict,
  notFound,
  recordStaffAction,
  writeEvent,
  type StaffIdentity,
  type Visitor,
} from '@wfm/service-kit';
import { AMA_MESSAGES, displayStatus, type Question, type TranscriptResponse } from '@wfm/contracts/ama';
import type { AmaContext } from '../context.ts';
import { findSession, lockSession, type SessionRow } from '../sessions/sessions-repository.ts';
import * as repo from './questions-repository.ts';

const questionEvent = (q: Pick<Question, 'id' | 'session_id' | 'upvotes' | 'answer'>, at: number) => ({
  id: q.id,
  session_id: q.session_id,
  upvotes: q.upvotes,
  answered: q.answer !== null,
  at,
});

/** 404 for a session that does not exist, 409 when it takes no questions (not scheduled or live). */
function assertOpenForQuestions(
  session: Pick<SessionRow, 'status' | 'scheduled_time' | 'duration_minutes'> | null,
  now: number,
): void {
  if (!session) throw notFound(AMA_MESSAGES.sessionNotFound);
  const status = displayStatus(session.status, session.scheduled_time, session.duration_minutes, now);
  if (status !== 'scheduled' && status !== 'live') throw conflict(AMA_MESSAGES.questionsClosed);
}

/**
 * Questions are open while a session is scheduled or live, up to its max_questions. The session is
 * checked before the name: `acceptAuthor` (identity's author-name rule for the request, or
 * Anonymous; the route hands it) is asked only for an open session, so the call is no way to probe
 * names without one. The session is checked again, locked, when the question is written.
 */
export async function askQuestion(
  ctx: AmaContext,
  visitor: Visitor,
  sessionId: number,
  body: { question: string; isAnonymous: boolean },
  acceptAuthor: () => Promise<string>,
): Promise<Question> {
  assertOpenForQuestions(await findSession(ctx.sql, sessionId), ctx.now());
  const author = await acceptAuthor();
  return ctx.sql.begin(async (tx) => {
    const now = ctx.now();
    assertOpenForQuestions(await lockSession(tx, sessionId), now);
    const full = await findSession(tx, sessionId);
    if ((await repo.countForSession(tx, sessionId)) >= (full?.max_questions ?? 0)) throw conflict(AMA_MESSAGES.questionLimit);
    const question = await repo.insertQuestion(tx, {
      session_id: sessionId,
      question: body.question,
      author_name: author,
      is_anonymous: body.isAnonymous || author === ANONYMOUS,
      visitor_hash: visitor.hash,
      created_at: now,
    });
    await writeEvent(tx, 'ama.question.created', questionEvent(question, now));
    return question;
  });
}

export async function listQuestions(ctx: AmaContext, sessionId: number, order: 'latest' | 'upvotes') {
  if (!(await findSession(ctx.sql, sessionId))) throw notFound(AMA_MESSAGES.sessionNotFound);
  return repo.listForSession(ctx.sql, sessionId, order);
}

export async function upvoteQuestion(ctx: AmaContext, visitor: Visitor, id: number) {
  return ctx.sql.begin(async (tx) => {
    const question = await repo.findQuestion(tx, id);
    if (!question) throw notFound(AMA_MESSAGES.questionNotFound);
    if (question.visitor_hash && question.visitor_hash.equals(visitor.hash)) throw badRequest(AMA_MESSAGES.ownQuestionUpvote);
    const now = ctx.now();
    const upvotes = await repo.upvote(tx, id, visitor.hash, now);
    if (upvotes !== question.upvotes) await writeEvent(tx, 'ama.question.upvoted', questionEvent({ ...question, upvotes }, now));
    return { upvotes };
  });
}

/**
 * Deletes a question (its upvotes go with it) and tells open session pages (ama_question_changed);
 * false when there was none. "Your data" erase.
 */
export async function removeQuestion(ctx: AmaContext, id: number): Promise<boolean> {
  return ctx.sql.begin(async (tx) => {
    const question = await repo.deleteQuestion(tx, id);
    if (!question) return false;
    await writeEvent(tx, 'ama.question.deleted', questionEvent(question, ctx.now()));
    return true;
  });
}

export async function myQuestions(ctx: AmaContext, visitor: Visitor, order: 'latest' | 'upvotes') {
  return repo.listForVisitor(ctx.sql, visitor.hash, order);
}

export async function transcript(ctx: AmaContext, sessionId: number): Promise<TranscriptResponse> {
  const session = await findSession(ctx.sql, sessionId);
  if (!session) throw notFound(AMA_MESSAGES.sessionNotFound);
  if (displayStatus(session.status, session.scheduled_time, session.duration_minutes, ctx.now()) !== 'completed') {
    throw conflict(AMA_MESSAGES.transcriptNotReady);
  }
  return { session_id: sessionId, title: session.title, questions: await repo.answeredByUpvotes(ctx.sql, sessionId) };
}

export async function answerQuestion(ctx: AmaContext, staff: StaffIdentity, id: number, text: string) {
  return ctx.sql.begin(async (tx) => {
    const now = ctx.now();
    const question = await repo.answer(tx, id, text, staff.username, now);
    if (!question) throw notFound(AMA_MESSAGES.questionNotFound);
    await writeEvent(tx, 'ama.question.answered', questionEvent(question, now));
    await recordStaffAction(tx, ctx, staff, { action: 'ama.question.answer', target: { type: 'ama_question', id: String(id) } });
    return question;
  });
}
