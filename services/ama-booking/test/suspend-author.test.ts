import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUSPENSION_MESSAGES } from '@wfm/contracts/identity';
import { book, buildAma, createSession, newVisitor, post, staffActions, type AmaTest, type Visitor } from './helpers.ts';

// "Suspend the author" of an AMA question or booking (and the 404 of a mentor thread nobody opened),
// against the real PostgreSQL and the project's identity process, which keeps the decision.

let t: AmaTest;
beforeAll(async () => {
  t = await buildAma();
});
afterAll(async () => t?.close());

const ask = (sessionId: number, visitor: Visitor) => post(t.app, `/api/ama/sessions/${sessionId}/questions`, { question: 'How do you staff for Mondays?' }, visitor);
const suspend = (url: string, payload: unknown) => t.staff('POST', url, payload, 'Moderator');

describe('suspend the author of AMA content', () => {
  it('of a question: the asker cannot ask (or book) any more, others can; audited', async () => {
    const session = await createSession(t);
    const asker = newVisitor();
    const asked = await ask(session, asker);
    expect(asked.statusCode).toBe(201);
    const res = await suspend(`/api/admin/ama/questions/${asked.json<{ id: number }>().id}/suspend-author`, { duration_ms: null, reason: 'abusive questions' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ service: 'ama-booking', until: null, reason: 'abusive questions' });
    const refused = await ask(session, asker);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Your account is suspended: abusive questions');
    expect((await ask(session, newVisitor())).statusCode).toBe(201);
    expect(await staffActions(t.sql)).toContain('visitor.suspend');
  });

  it('of a booking: the visitor who booked is refused writes until the suspension ends', async () => {
    const session = await createSession(t);
    const visitor = newVisitor();
    const booking = await book(t, session, visitor);
    const res = await suspend(`/api/admin/ama/bookings/${booking.id}/suspend-author`, { duration_ms: 120_000, reason: 'seat squatting' });
    expect(res.statusCode).toBe(201);
    const refused = await ask(session, visitor);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(`Your account is suspended until ${new Date(res.json<{ until: number }>().until).toISOString()}: seat squatting`);
    t.clock.advance(120_001);
    expect((await ask(session, visitor)).statusCode).toBe(201);
  });

  it('answers 404 with a message for content that does not exist, 400 for a bad body', async () => {
    for (const url of ['/api/admin/ama/questions/987654321/suspend-author', '/api/admin/ama/bookings/987654321/suspend-author', '/api/admin/mentors/requests/987654321/suspend-author']) {
      const res = await suspend(url, { duration_ms: null, reason: 'x' });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(SUSPENSION_MESSAGES.authorNotFound);
      const bad = await suspend(url, { duration_ms: 'soon', reason: 'x' });
      expect(bad.statusCode).toBe(400);
      expect(typeof bad.json().message).toBe('string');
    }
  });
});
