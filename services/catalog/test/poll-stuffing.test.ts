/**
 * Poll stuffing and unmasking (issue 25): one address holding many issued tokens cannot add more
 * than `poll-vote-ip-poll` votes to one poll, and throwaway votes cannot fill a breakdown group
 * around one real voter (groups count established visitors only: the kit's established-visitors).
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_ENOUGH_ANSWERS, type BreakdownGroup } from '@wfm/contracts/catalog';
import { ESTABLISHED_AFTER_MS, HOUR, loadRateLimitSettings, RATE_LIMIT_MESSAGE } from '@wfm/service-kit';
import { buildTestService, TEST_REDIS_URL, testClock, testVisitorToken, type TestService } from '@wfm/service-kit/testing';
import { service } from '../src/app.ts';
import { createPoll, get, newVisitor, parallel, post, randomIp, type PollAnswer, type Visitor } from './helpers.ts';

const visitorAt = (ip: string): Visitor => ({ token: testVisitorToken(), ip });

const statuses = (responses: Array<{ statusCode: number } | { status: number }>) => {
  const counts: Record<number, number> = {};
  for (const r of responses) {
    const code = 'statusCode' in r ? r.statusCode : r.status;
    counts[code] = (counts[code] ?? 0) + 1;
  }
  return counts;
};

async function inWaves<T, R>(items: T[], width: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let start = 0; start < items.length; start += width) {
    out.push(...(await Promise.all(items.slice(start, start + width).map((item, k) => work(item, start + k)))));
  }
  return out;
}

const vote = (t: TestService, pollId: number, optionId: number, visitor: Visitor, profile?: Record<string, string>) =>
  post(t.app, `/api/polls/${pollId}/vote`, { option_id: optionId, ...(profile ? { profile } : {}) }, visitor);

const totalOf = async (t: TestService, pollId: number) => (await get(t.app, `/api/polls/${pollId}`)).json<PollAnswer>().total_votes;

describe('per (address, poll) limit, set small (RATE_LIMIT_CATALOG_POLL_VOTE_IP_POLL=5)', () => {
  let t: TestService;
  beforeAll(async () => {
    // 30 votes in flight queue on the poll's row and the test's 5-connection pool: on a loaded machine
    // some would pass the 4.5 s request deadline and answer 503, which is not what this test is about.
    t = await buildTestService(service, {
      relay: false,
      requestTimeoutMs: 120_000,
      rateLimits: loadRateLimitSettings({ RATE_LIMIT_CATALOG_POLL_VOTE_IP_POLL: '5' }),
    });
  });
  afterAll(async () => t?.close());

  it('30 fresh tokens from one address in parallel over real connections add 5 votes to one poll; other polls and addresses still vote', async () => {
    const [target, other] = [await createPoll(t.app), await createPoll(t.app)];
    const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const ip = randomIp();
    // The test connects from loopback, a trusted proxy: x-forwarded-for is the client's address.
    const send = (pollId: number, optionId: number, from: string) =>
      fetch(`${url}/api/polls/${pollId}/vote`, {
        method: 'POST',
        headers: { 'x-anon-token': testVisitorToken(), 'x-forwarded-for': from, 'content-type': 'application/json' },
        body: JSON.stringify({ option_id: optionId }),
      });
    const answers = await parallel(30, () => send(target.id, target.options[0]!.id, ip));
    expect(statuses(answers)).toEqual({ 200: 5, 429: 25 });
    expect(await answers.find((r) => r.status === 429)!.json()).toEqual({ message: RATE_LIMIT_MESSAGE });
    expect(await totalOf(t, target.id)).toBe(5);
    // The same address votes on another poll; another address on this one.
    expect((await send(other.id, other.options[0]!.id, ip)).status).toBe(200);
    expect((await send(target.id, target.options[0]!.id, randomIp())).status).toBe(200);
    expect(await totalOf(t, target.id)).toBe(6);
  });
});

for (const store of ['memory', 'redis'] as const) {
  describe(`poll votes from one contact centre behind one address, default limits (${store} store)`, () => {
    let redis: Redis | undefined;
    let t: TestService;
    beforeAll(async () => {
      redis = store === 'redis' ? new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 2 }) : undefined;
      // Hundreds of votes in flight on the test's small pool: no request should hit its deadline here.
      t = await buildTestService(service, { relay: false, requestTimeoutMs: 120_000, ...(redis ? { redis } : {}) });
    });
    afterAll(async () => {
      await t?.close();
      await redis?.quit();
    });

    it('300 agents behind one address each vote once on the same poll: every vote counts', { timeout: 180_000 }, async () => {
      const poll = await createPoll(t.app);
      const ip = randomIp();
      const agents = Array.from({ length: 300 }, () => visitorAt(ip));
      const answers = await inWaves(agents, 40, (agent, i) => vote(t, poll.id, poll.options[i % 3]!.id, agent));
      expect(statuses(answers), t.loggedErrors().join('\n')).toEqual({ 200: 300 });
      expect(await totalOf(t, poll.id)).toBe(300);
    });

    it('one address with 1,000 issued tokens adds exactly 400 votes to one poll in the day', { timeout: 180_000 }, async () => {
      const poll = await createPoll(t.app);
      const ip = randomIp();
      const answers = await Promise.all(Array.from({ length: 1000 }, (_, i) => vote(t, poll.id, poll.options[i % 3]!.id, visitorAt(ip))));
      expect(statuses(answers), t.loggedErrors().join('\n')).toEqual({ 200: 400, 429: 600 });
      expect(await totalOf(t, poll.id)).toBe(400);
      const other = await createPoll(t.app);
      expect((await vote(t, other.id, other.options[0]!.id, visitorAt(ip))).statusCode).toBe(200);
      expect((await vote(t, poll.id, poll.options[0]!.id, newVisitor())).statusCode).toBe(200);
    });
  });
}

describe('breakdown groups count established visitors only (the unmasking attack)', () => {
  const clock = testClock(Date.UTC(2026, 10, 1));
  let t: TestService;
  beforeAll(async () => {
    t = await buildTestService(service, { relay: false, now: clock.now });
  });
  afterAll(async () => t?.close());

  /** Visitors the catalog first saw now (each votes on a poll of their own), established once the clock passes a day. */
  async function visitorsSeenNow(count: number): Promise<Visitor[]> {
    const warmUp = await createPoll(t.app);
    const visitors = Array.from({ length: count }, () => newVisitor());
    for (const v of visitors) expect((await vote(t, warmUp.id, warmUp.options[0]!.id, v)).statusCode).toBe(200);
    return visitors;
  }

  const groupOf = async (pollId: number, value: string) => {
    const res = await get(t.app, `/api/polls/${pollId}/breakdown?by=region`);
    expect(res.statusCode).toBe(200);
    return res.json<{ groups: BreakdownGroup[] }>().groups.find((g) => g.value === value)!;
  };

  it('1 real established voter + 4 throwaway votes with a known option and profile: the group stays hidden', async () => {
    const [real, ...others] = await visitorsSeenNow(11);
    clock.advance(ESTABLISHED_AFTER_MS + HOUR);
    const poll = await createPoll(t.app, { profile_questions: ['region'] });
    const [a, b] = [poll.options[0]!.id, poll.options[1]!.id];
    // Ten established voters elsewhere, so the poll's other groups do not hide the target by themselves.
    for (const v of others.slice(0, 10)) expect((await vote(t, poll.id, a, v, { region: 'north-america' })).statusCode).toBe(200);
    // The one real voter of the group, then the attacker's four fresh tokens (one address, a known option).
    expect((await vote(t, poll.id, b, real!, { region: 'europe' })).statusCode).toBe(200);
    const attacker = randomIp();
    for (let i = 0; i < 4; i++) expect((await vote(t, poll.id, a, visitorAt(attacker), { region: 'europe' })).statusCode).toBe(200);

    expect(await groupOf(poll.id, 'europe')).toEqual({ value: 'europe', shown: false, message: NOT_ENOUGH_ANSWERS });
    // Nor by subtraction: showing north-america (10) would leave the poll's 15 minus 10 minus the
    // attacker's own 4 = the real vote. So that group is held back too.
    const body = (await get(t.app, `/api/polls/${poll.id}/breakdown?by=region`)).json<{ groups: BreakdownGroup[] }>();
    expect(body.groups.filter((g) => g.shown)).toEqual([]);
    // The poll itself counts every vote (the spec's totals).
    expect(await totalOf(t, poll.id)).toBe(15);
  });

  it('a group of 5 established voters is shown; fresh votes join it once their visitors are a day old', async () => {
    const voters = await visitorsSeenNow(5);
    clock.advance(ESTABLISHED_AFTER_MS + HOUR);
    const poll = await createPoll(t.app, { profile_questions: ['region'] });
    const [a, b] = [poll.options[0]!.id, poll.options[1]!.id];
    for (const [i, v] of voters.entries()) expect((await vote(t, poll.id, i < 3 ? a : b, v, { region: 'europe' })).statusCode).toBe(200);
    const shown = await groupOf(poll.id, 'europe');
    expect(shown).toMatchObject({ shown: true, total_votes: 5 });
    expect(shown.shown && shown.options.map((o) => o.votes)).toEqual([3, 2, 0]);

    // Five newcomers vote today: the poll counts them at once, the group not yet.
    for (let i = 0; i < 5; i++) expect((await vote(t, poll.id, a, newVisitor(), { region: 'europe' })).statusCode).toBe(200);
    expect(await totalOf(t, poll.id)).toBe(10);
    expect(await groupOf(poll.id, 'europe')).toMatchObject({ shown: true, total_votes: 5 });
    clock.advance(ESTABLISHED_AFTER_MS);
    expect(await groupOf(poll.id, 'europe')).toMatchObject({ shown: true, total_votes: 10 });
  });
});
