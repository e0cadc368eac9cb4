/**
 * Question upvotes per (address, question) (issue 25): a script holding many issued tokens cannot
 * push one question up a session's list from one address, while a contact centre behind one NAT
 * address can all upvote the same question once.
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRateLimitSettings, RATE_LIMIT_MESSAGE } from '@wfm/service-kit';
import { randomIp, TEST_REDIS_URL, testVisitorToken } from '@wfm/service-kit/testing';
import { buildAma, createSession, newVisitor, post, type AmaTest, type Visitor } from './helpers.ts';

const visitorAt = (ip: string): Visitor => ({ token: testVisitorToken(), ip });

const statuses = (codes: number[]) => {
  const counts: Record<number, number> = {};
  for (const code of codes) counts[code] = (counts[code] ?? 0) + 1;
  return counts;
};

async function askQuestion(t: AmaTest, sessionId: number): Promise<number> {
  const res = await post(t.app, `/api/ama/sessions/${sessionId}/questions`, { question: 'How do you staff for Mondays?', isAnonymous: true });
  if (res.statusCode !== 201) throw new Error(`ask: ${res.statusCode} ${res.body}`);
  return res.json<{ id: number }>().id;
}

const upvote = (t: AmaTest, questionId: number, visitor: Visitor) => post(t.app, `/api/ama/questions/${questionId}/upvote`, {}, visitor);

async function upvotesOf(t: AmaTest, sessionId: number, questionId: number): Promise<number> {
  const list = (await t.app.inject({ method: 'GET', url: `/api/ama/sessions/${sessionId}/questions` })).json<Array<{ id: number; upvotes: number }>>();
  return list.find((q) => q.id === questionId)!.upvotes;
}

describe('per (address, question) limit, set small (RATE_LIMIT_AMA_BOOKING_UPVOTE_IP_QUESTION=5)', () => {
  let t: AmaTest;
  beforeAll(async () => {
    // 30 upvotes in flight queue on the question's row and the test's 5-connection pool: on a loaded
    // machine some would pass the 4.5 s request deadline and answer 503, which is not what this test is about.
    t = await buildAma({ requestTimeoutMs: 120_000, rateLimits: loadRateLimitSettings({ RATE_LIMIT_AMA_BOOKING_UPVOTE_IP_QUESTION: '5' }) });
  });
  afterAll(async () => t?.close());

  it('30 fresh tokens from one address in parallel over real connections add 5 upvotes to one question; other questions and addresses still count', async () => {
    const session = await createSession(t);
    const [target, other] = [await askQuestion(t, session), await askQuestion(t, session)];
    const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const ip = randomIp();
    // The test connects from loopback, a trusted proxy: x-forwarded-for is the client's address.
    const send = (questionId: number, from: string) =>
      fetch(`${url}/api/ama/questions/${questionId}/upvote`, {
        method: 'POST',
        headers: { 'x-anon-token': testVisitorToken(), 'x-forwarded-for': from },
      });
    const answers = await Promise.all(Array.from({ length: 30 }, () => send(target, ip)));
    expect(statuses(answers.map((r) => r.status))).toEqual({ 200: 5, 429: 25 });
    expect(await answers.find((r) => r.status === 429)!.json()).toEqual({ message: RATE_LIMIT_MESSAGE });
    expect(await upvotesOf(t, session, target)).toBe(5);
    expect((await send(other, ip)).status).toBe(200);
    expect((await send(target, randomIp())).status).toBe(200);
    expect(await upvotesOf(t, session, target)).toBe(6);
  });
});

for (const store of ['memory', 'redis'] as const) {
  describe(`question upvotes from one contact centre behind one address, default limits (${store} store)`, () => {
    let redis: Redis | undefined;
    let t: AmaTest;
    beforeAll(async () => {
      redis = store === 'redis' ? new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 2 }) : undefined;
      t = await buildAma({ requestTimeoutMs: 120_000, ...(redis ? { redis } : {}) });
    });
    afterAll(async () => {
      await t?.close();
      await redis?.quit();
    });

    it('300 agents behind one address each upvote the same question once: every upvote counts', { timeout: 180_000 }, async () => {
      const session = await createSession(t);
      const question = await askQuestion(t, session);
      const ip = randomIp();
      const codes: number[] = [];
      for (let wave = 0; wave < 300; wave += 40) {
        const answers = await Promise.all(Array.from({ length: Math.min(40, 300 - wave) }, () => upvote(t, question, visitorAt(ip))));
        codes.push(...answers.map((r) => r.statusCode));
      }
      expect(statuses(codes), t.loggedErrors().join('\n')).toEqual({ 200: 300 });
      expect(await upvotesOf(t, session, question)).toBe(300);
    });

    it('one address with 1,000 issued tokens adds exactly 400 upvotes to one question in the day', { timeout: 180_000 }, async () => {
      const session = await createSession(t);
      const [question, other] = [await askQuestion(t, session), await askQuestion(t, session)];
      const ip = randomIp();
      const answers = await Promise.all(Array.from({ length: 1000 }, () => upvote(t, question, visitorAt(ip))));
      expect(statuses(answers.map((r) => r.statusCode)), t.loggedErrors().join('\n')).toEqual({ 200: 400, 429: 600 });
      expect(await upvotesOf(t, session, question)).toBe(400);
      expect((await upvote(t, other, visitorAt(ip))).statusCode).toBe(200);
      expect((await upvote(t, question, newVisitor())).statusCode).toBe(200);
    });
  });
}
