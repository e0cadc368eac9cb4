import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_ENOUGH_ANSWERS, POLL_MESSAGES, type BreakdownGroup } from '@wfm/contracts/catalog';
import { ESTABLISHED_AFTER_MS } from '@wfm/service-kit';
import { buildTestService, testClock, type TestService } from '@wfm/service-kit/testing';
import { service } from '../src/app.ts';
import { protectGroups } from '../src/polls/polls-anonymity.ts';
import { createPoll, get, post } from './helpers.ts';

let t: TestService;
const clock = testClock();
beforeAll(async () => {
  t = await buildTestService(service, { relay: false, now: clock.now });
});
afterAll(async () => t?.close());

const opts = (a: number, b: number) => [
  { id: 1, text: 'A', votes: a },
  { id: 2, text: 'B', votes: b },
];

describe('protectGroups (the anonymity threshold)', () => {
  it('shows groups of 5 or more answers, hides smaller ones without any count', () => {
    const groups = protectGroups(
      [
        { value: 'europe', options: opts(3, 2) },
        { value: 'asia-pacific', options: opts(4, 0) },
        { value: 'north-america', options: opts(0, 0) },
      ],
      // 4 voters skipped the question, so the hidden 4 cannot be worked out by subtraction alone... but 4 + 4 = 8 >= 5.
      { votes: 13, established: 13 },
    );
    expect(groups[0]).toEqual({ value: 'europe', shown: true, total_votes: 5, options: [{ ...opts(3, 2)[0], percentage: 60 }, { ...opts(3, 2)[1], percentage: 40 }] });
    expect(groups[1]).toEqual({ value: 'asia-pacific', shown: false, message: NOT_ENOUGH_ANSWERS });
    expect(groups[2]).toEqual({ value: 'north-america', shown: false, message: NOT_ENOUGH_ANSWERS });
  });

  it('also hides the smallest shown group when the rest (poll total minus shown groups) is 1-4 votes', () => {
    // 5 + 6 shown, 2 hidden, everyone answered: the poll total minus the shown groups would reveal the 2.
    const groups = protectGroups(
      [
        { value: 'europe', options: opts(5, 0) },
        { value: 'asia-pacific', options: opts(3, 3) },
        { value: 'latin-america', options: opts(0, 2) },
      ],
      { votes: 13, established: 13 },
    );
    expect(groups.map((g) => g.shown)).toEqual([false, true, false]);
    // The rest is now 7 (5 + 2): no group below 5 can be derived.
  });

  it('hides everything when even that cannot protect the small group', () => {
    const groups = protectGroups([{ value: 'europe', options: opts(5, 0) }, { value: 'latin-america', options: opts(0, 1) }], { votes: 6, established: 6 });
    expect(groups.every((g) => !g.shown)).toBe(true);
  });

  it('also hides it when the established votes outside the shown groups are 1-4, however many others the poll has', () => {
    // 5 + 6 established in shown groups, 1 established voter elsewhere, 4 fresh votes (maybe an attacker's own):
    // 16 - 11 = 5 against the public total, but 12 - 11 = 1 against what an attacker cannot have cast.
    const groups = protectGroups(
      [
        { value: 'europe', options: opts(5, 0) },
        { value: 'asia-pacific', options: opts(3, 3) },
        { value: 'latin-america', options: opts(0, 1) },
      ],
      { votes: 16, established: 12 },
    );
    expect(groups.map((g) => g.shown)).toEqual([false, true, false]);
  });
});

describe('GET /api/polls/{id}/breakdown', () => {
  it('enforces the threshold on the server with real votes and profile answers', async () => {
    const poll = await createPoll(t.app, { profile_questions: ['region', 'size'] });
    const [a, b] = [poll.options[0]!.id, poll.options[1]!.id];
    const vote = (option_id: number, profile: Record<string, string>) => post(t.app, `/api/polls/${poll.id}/vote`, { option_id, profile });
    for (let i = 0; i < 6; i++) expect((await vote(i < 4 ? a : b, { region: 'europe', size: 'under-50' })).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) await vote(a, { region: 'asia-pacific' });
    for (let i = 0; i < 4; i++) await vote(b, {});
    // Groups count voters the catalog has known for a day (poll-stuffing.test.ts plays why).
    clock.advance(ESTABLISHED_AFTER_MS);

    const res = await get(t.app, `/api/polls/${poll.id}/breakdown?by=region`);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ by: string; threshold: number; groups: BreakdownGroup[] }>();
    expect(body.threshold).toBe(5);
    const europe = body.groups.find((g) => g.value === 'europe')!;
    expect(europe).toMatchObject({ shown: true, total_votes: 6 });
    expect(europe.shown && europe.options.map((o) => o.votes)).toEqual([4, 2, 0]);
    const asia = body.groups.find((g) => g.value === 'asia-pacific')!;
    expect(asia).toEqual({ value: 'asia-pacific', shown: false, message: 'Not enough answers yet to show this group' });
    expect(JSON.stringify(asia)).not.toMatch(/votes/);
    expect(body.groups.map((g) => g.value)).toEqual(['north-america', 'latin-america', 'europe', 'middle-east-africa', 'asia-pacific']);
  });

  it('refuses a question the poll did not ask, an unknown question, and answers to questions not asked', async () => {
    const poll = await createPoll(t.app, { profile_questions: ['channel'] });
    expect((await get(t.app, `/api/polls/${poll.id}/breakdown?by=region`)).json()).toEqual({ message: POLL_MESSAGES.notAsked });
    expect((await get(t.app, `/api/polls/${poll.id}/breakdown?by=age`)).json()).toEqual({ message: POLL_MESSAGES.badBreakdown });
    expect((await get(t.app, `/api/polls/${poll.id}/breakdown`)).statusCode).toBe(400);
    const res = await post(t.app, `/api/polls/${poll.id}/vote`, { option_id: poll.options[0]!.id, profile: { region: 'europe' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: POLL_MESSAGES.notAsked });
    const bad = await post(t.app, `/api/polls/${poll.id}/vote`, { option_id: poll.options[0]!.id, profile: { channel: 'pigeon' } });
    expect(bad.json()).toEqual({ message: POLL_MESSAGES.badProfileAnswer });
    expect((await get(t.app, '/api/polls/99999999/breakdown?by=region')).statusCode).toBe(404);
  });
});
