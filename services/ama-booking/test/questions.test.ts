import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AMA_MESSAGES } from '@wfm/contracts/ama';
import { AUTHOR_NAME_MESSAGES } from '@wfm/contracts/identity';
import { DAY, buildAma, createSession, get, newVisitor, outboxEvents, post, staffActions, type AmaTest } from './helpers.ts';

let t: AmaTest;
beforeAll(async () => {
  t = await buildAma();
});
afterAll(async () => t?.close());

const ask = (sessionId: number, body: Record<string, unknown>, visitor = newVisitor()) =>
  post(t.app, `/api/ama/sessions/${sessionId}/questions`, { isAnonymous: true, ...body }, visitor);

describe('questions', () => {
  it('asks (1-500), lists, and refuses bad input, reserved author names and visitors without a token', async () => {
    const id = await createSession(t);
    const res = await ask(id, { question: '  How do you staff for Mondays?  ' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ session_id: id, question: 'How do you staff for Mondays?', author_name: 'Anonymous', isAnonymous: true, upvotes: 0, answer: null });
    expect((await ask(id, { question: 'x'.repeat(500) })).statusCode).toBe(201);
    expect((await ask(id, { question: 'x'.repeat(501) })).json()).toEqual({ message: AMA_MESSAGES.questionTooLong });
    expect((await ask(id, { question: '   ' })).json()).toEqual({ message: AMA_MESSAGES.questionRequired });
    expect((await ask(id, { question: 'Hi', isAnonymous: 'yes' })).statusCode).toBe(400);
    const reserved = await ask(id, { question: 'Hi', isAnonymous: false, author_name: 'Admin' });
    expect(reserved.statusCode).toBe(400);
    expect(reserved.json()).toEqual({ message: AUTHOR_NAME_MESSAGES.taken });
    const noToken = await t.app.inject({ method: 'POST', url: `/api/ama/sessions/${id}/questions`, payload: { question: 'Hi', isAnonymous: true } });
    expect(noToken.statusCode).toBe(401);
    expect((await ask(999999, { question: 'Hi' })).statusCode).toBe(404);
    const list = (await get(t.app, `/api/ama/sessions/${id}/questions`)).json<unknown[]>();
    expect(list).toHaveLength(2);
    expect((await outboxEvents(t.sql, 'ama.question.created')).filter((e) => e.session_id === id)).toHaveLength(2);
  });

  it('holds max_questions per session and closes questions once the session is over', async () => {
    const id = await createSession(t, { max_questions: 2 });
    expect((await ask(id, { question: 'one' })).statusCode).toBe(201);
    expect((await ask(id, { question: 'two' })).statusCode).toBe(201);
    const third = await ask(id, { question: 'three' });
    expect(third.statusCode).toBe(409);
    expect(third.json()).toEqual({ message: AMA_MESSAGES.questionLimit });

    const past = await createSession(t, { scheduled_time: t.clock.now() - 2 * DAY });
    expect((await ask(past, { question: 'late' })).json()).toEqual({ message: AMA_MESSAGES.questionsClosed });
  });

  it("upvotes others' questions once per visitor, never one's own", async () => {
    const id = await createSession(t);
    const author = newVisitor();
    const q = (await ask(id, { question: 'Shrinkage targets?' }, author)).json<{ id: number }>().id;
    const own = await post(t.app, `/api/ama/questions/${q}/upvote`, {}, author);
    expect(own.statusCode).toBe(400);
    expect(own.json()).toEqual({ message: AMA_MESSAGES.ownQuestionUpvote });
    const voter = newVisitor();
    expect((await post(t.app, `/api/ama/questions/${q}/upvote`, {}, voter)).json()).toEqual({ upvotes: 1 });
    expect((await post(t.app, `/api/ama/questions/${q}/upvote`, {}, voter)).json()).toEqual({ upvotes: 1 });
    const parallel = await Promise.all(Array.from({ length: 10 }, () => post(t.app, `/api/ama/questions/${q}/upvote`, {}, newVisitor())));
    expect(parallel.every((r) => r.statusCode === 200)).toBe(true);
    expect((await post(t.app, `/api/ama/questions/${q}/upvote`, {}, newVisitor())).json()).toEqual({ upvotes: 12 });
    expect((await post(t.app, '/api/ama/questions/999999/upvote', {})).statusCode).toBe(404);
  });

  it('staff answer (1-2000); my-questions lists the visitor own questions with answers, latest first', async () => {
    const id = await createSession(t, { title: 'Schedules AMA' });
    const me = newVisitor();
    const q1 = (await ask(id, { question: 'first' }, me)).json<{ id: number }>().id;
    const q2 = (await ask(id, { question: 'second' }, me)).json<{ id: number }>().id;
    await ask(id, { question: 'not mine' });
    const answer = (qid: number, text: unknown) => t.staff('PUT', `/api/admin/ama/questions/${qid}/answer`, { answer: text });
    expect((await answer(q1, '')).json()).toEqual({ message: AMA_MESSAGES.answerRequired });
    expect((await answer(q1, 'x'.repeat(2001))).json()).toEqual({ message: AMA_MESSAGES.answerTooLong });
    expect((await answer(q1, 'x'.repeat(2000))).statusCode).toBe(200);
    expect((await answer(q1, 'Use a rolling 8-week average.')).json()).toMatchObject({ answer: 'Use a rolling 8-week average.' });
    expect((await answer(999999, 'x')).statusCode).toBe(404);
    expect((await t.staff('PUT', `/api/admin/ama/questions/${q1}/answer`, { answer: 'x' }, 'Moderator')).statusCode).toBe(403);

    const mine = await get(t.app, '/api/ama/my-questions?sort=latest', me);
    expect(mine.statusCode).toBe(200);
    const list = mine.json<Array<{ id: number; answer: string | null; session_title: string }>>();
    expect(list.map((q) => q.id)).toEqual([q2, q1]);
    expect(list[1]).toMatchObject({ answer: 'Use a rolling 8-week average.', session_title: 'Schedules AMA' });
    expect((await t.app.inject({ method: 'GET', url: '/api/ama/my-questions?sort=latest' })).statusCode).toBe(401);
    expect((await get(t.app, '/api/ama/my-questions?sort=oldest', me)).statusCode).toBe(400);
    expect(await staffActions(t.sql)).toContain('ama.question.answer');
  });

  it('shows a transcript of answered questions ranked by upvotes once the session is completed', async () => {
    const start = t.clock.now() + DAY;
    const id = await createSession(t, { scheduled_time: start, duration_minutes: 60 });
    const low = (await ask(id, { question: 'low' })).json<{ id: number }>().id;
    const high = (await ask(id, { question: 'high' })).json<{ id: number }>().id;
    const unanswered = (await ask(id, { question: 'unanswered' })).json<{ id: number }>().id;
    for (let i = 0; i < 3; i++) await post(t.app, `/api/ama/questions/${high}/upvote`, {});
    await post(t.app, `/api/ama/questions/${unanswered}/upvote`, {});
    await t.staff('PUT', `/api/admin/ama/questions/${low}/answer`, { answer: 'a' });
    await t.staff('PUT', `/api/admin/ama/questions/${high}/answer`, { answer: 'b' });
    const early = await get(t.app, `/api/ama/sessions/${id}/transcript`);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ message: AMA_MESSAGES.transcriptNotReady });
    t.clock.set(start + 61 * 60_000);
    const transcript = (await get(t.app, `/api/ama/sessions/${id}/transcript`)).json<{ questions: Array<{ id: number }> }>();
    t.clock.set(Date.now());
    expect(transcript.questions.map((q) => q.id)).toEqual([high, low]);
  });
});
