import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVisitorVerifier, visitorRealtimeAddress } from '@wfm/service-kit';
import { NotificationsResponse, NotificationsSeenResponse, VisitorNotifyEvent } from '@wfm/contracts/shared';
import { TEST_VISITOR_SECRET } from '@wfm/service-kit/testing';
import { buildAma, createSession, get, newVisitor, post, type AmaTest, type Visitor } from './helpers.ts';

let t: AmaTest;
beforeAll(async () => {
  // With the relay: the answer event reaches the service's own subscriber, which pushes to the asker.
  t = await buildAma({ relay: true });
});
afterAll(async () => t?.close());

const ask = async (sessionId: number, question: string, visitor: Visitor) => {
  const res = await post(t.app, `/api/ama/sessions/${sessionId}/questions`, { question, isAnonymous: true }, visitor);
  expect(res.statusCode).toBe(201);
  return res.json<{ id: number }>().id;
};
const answer = (id: number, text: string) => t.staff('PUT', `/api/admin/ama/questions/${id}/answer`, { answer: text });
const list = async (visitor: Visitor) => {
  const res = await get(t.app, '/api/ama/notifications', visitor);
  expect(res.statusCode).toBe(200);
  return NotificationsResponse.strict().parse(res.json());
};

describe('GET /api/ama/notifications', () => {
  it("lists answers to the visitor's own questions, unread until the visitor looks; nobody else sees them", async () => {
    const session = await createSession(t, { title: 'Ask a WFM director' });
    const asker = newVisitor();
    const other = newVisitor();
    const q1 = await ask(session, 'How many analysts per 100 agents?', asker);
    const q2 = await ask(session, 'Unanswered one', asker);
    const q3 = await ask(session, 'Not mine', other);
    expect((await list(asker)).items).toEqual([]);

    expect((await answer(q1, 'About one per 80 to 120 agents.')).statusCode).toBe(200);
    expect((await answer(q3, 'Something else')).statusCode).toBe(200);
    const mine = await list(asker);
    expect(mine).toEqual({
      items: [
        {
          kind: 'ama_answer',
          id: `ama-question:${q1}`,
          href: `/ama/${session}`,
          title: 'Ask a WFM director',
          author_name: 'ama-admin',
          excerpt: 'About one per 80 to 120 agents.',
          created_at: t.clock.now(),
          unread: true,
        },
      ],
      unread: 1,
      seen_at: null,
    });
    expect((await list(other)).items.map((i) => i.id)).toEqual([`ama-question:${q3}`]);
    expect((await list(newVisitor())).items).toEqual([]);

    t.clock.advance(1000);
    const seen = NotificationsSeenResponse.strict().parse((await post(t.app, '/api/ama/notifications/seen', {}, asker)).json());
    expect(seen.seen_at).toBe(t.clock.now());
    expect((await list(asker)).unread).toBe(0);

    t.clock.advance(1000);
    expect((await answer(q2, 'Later answer')).statusCode).toBe(200);
    const again = await list(asker);
    expect(again.unread).toBe(1);
    expect(again.items.map((i) => [i.id, i.unread])).toEqual([
      [`ama-question:${q2}`, true],
      [`ama-question:${q1}`, false],
    ]);
  });

  it('401 without an issued token', async () => {
    for (const headers of [{}, { 'x-anon-token': 'made-up' }]) {
      expect((await t.app.inject({ method: 'GET', url: '/api/ama/notifications', headers })).statusCode).toBe(401);
      const seen = await t.app.inject({ method: 'POST', url: '/api/ama/notifications/seen', headers });
      expect(seen.statusCode).toBe(401);
      expect(seen.json()).toEqual({ message: expect.any(String) });
    }
  });

  it("an answer pushes reply_notification to the asker's room only", async () => {
    const session = await createSession(t);
    const asker = newVisitor();
    const address = visitorRealtimeAddress(createVisitorVerifier(TEST_VISITOR_SECRET, 'ama-booking')(asker.token)!.hash);
    const q = await ask(session, 'Live?', asker);
    let resolve!: (to: string) => void;
    const arrived = new Promise<string>((r) => (resolve = r));
    const stop = await t.bus.subscribe('ama.visitor.notify', (evt) => {
      const note = VisitorNotifyEvent.parse(evt.data);
      if (note.message.type === 'reply_notification' && note.message.data.href === `/ama/${session}`) resolve(note.to);
    });
    try {
      expect((await answer(q, 'Yes')).statusCode).toBe(200);
      expect(await arrived).toBe(address);
    } finally {
      await stop();
    }
  });
});
