import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POLL_MESSAGES } from '@wfm/contracts/catalog';
import { buildTestService, type TestService } from '@wfm/service-kit/testing';
import { service } from '../src/app.ts';
import { createPoll, get, newVisitor, outboxEvents, parallel, post, validPoll, type PollAnswer } from './helpers.ts';

let t: TestService;
beforeAll(async () => {
  t = await buildTestService(service, { relay: false });
});
afterAll(async () => t?.close());

const HOUR = 3_600_000;

describe('POST /api/polls', () => {
  it('creates a poll (201) with options, zero tallies, status open, and writes catalog.poll.created', async () => {
    const res = await post(t.app, '/api/polls', validPoll({ options: ['  A  ', 'B'] }));
    expect(res.statusCode).toBe(201);
    const poll = res.json<PollAnswer & { title: string; created_by: string }>();
    expect(poll).toMatchObject({ status: 'open', total_votes: 0, userVote: null, expires_at: null, created_by: 'planner_one' });
    expect(poll.options.map((o) => [o.text, o.votes, o.percentage])).toEqual([
      ['A', 0, 0],
      ['B', 0, 0],
    ]);
    expect((await outboxEvents(t.sql, 'catalog.poll.created')).some((e) => e.id === poll.id)).toBe(true);
  });

  it('a future expires_at (ms or ISO) gives status active', async () => {
    const at = Date.now() + HOUR;
    expect((await createPoll(t.app, { expires_at: at })).status).toBe('active');
    const iso = await createPoll(t.app, { expires_at: new Date(at).toISOString() });
    expect(iso.expires_at).toBe(at);
  });

  it.each([
    ['title at 120', { title: 't'.repeat(120) }],
    ['description at 500', { description: 'd'.repeat(500) }],
    ['2 options', { options: ['a', 'b'] }],
    ['10 options', { options: Array.from({ length: 10 }, (_, i) => `o${i}`) }],
    ['option at 100', { options: ['o'.repeat(100), 'b'] }],
    ['created_by at 40', { created_by: 'c'.repeat(40) }],
    ['every category', { category: 'scheduling' }],
    ['tools', { category: 'tools' }],
    ['strategy', { category: 'strategy' }],
    ['general', { category: 'general' }],
    ['null expiry', { expires_at: null }],
  ])('accepts the boundary: %s', async (_name, overrides) => {
    const res = await post(t.app, '/api/polls', validPoll(overrides));
    expect(res.statusCode, res.body).toBe(201);
  });

  it.each([
    ['empty title', { title: ' ' }, POLL_MESSAGES.titleRequired],
    ['title over 120', { title: 't'.repeat(121) }, POLL_MESSAGES.titleTooLong],
    ['empty description', { description: '' }, POLL_MESSAGES.descriptionRequired],
    ['description over 500', { description: 'd'.repeat(501) }, POLL_MESSAGES.descriptionTooLong],
    ['unknown category', { category: 'sports' }, POLL_MESSAGES.badCategory],
    ['one option', { options: ['only'] }, POLL_MESSAGES.tooFewOptions],
    ['11 options', { options: Array.from({ length: 11 }, (_, i) => `o${i}`) }, POLL_MESSAGES.tooManyOptions],
    ['a blank option', { options: ['a', '  '] }, POLL_MESSAGES.optionRequired],
    ['option over 100', { options: ['o'.repeat(101), 'b'] }, POLL_MESSAGES.optionTooLong],
    ['duplicate options', { options: ['Yes', 'yes'] }, POLL_MESSAGES.duplicateOptions],
    ['options not a list', { options: 'a,b' }, POLL_MESSAGES.tooFewOptions],
    ['past expiry', { expires_at: Date.now() - 1000 }, POLL_MESSAGES.expiryInPast],
    ['expiry not a time', { expires_at: 'soon' }, POLL_MESSAGES.badExpiry],
    ['empty created_by', { created_by: '' }, POLL_MESSAGES.creatorRequired],
    ['created_by over 40', { created_by: 'c'.repeat(41) }, POLL_MESSAGES.creatorTooLong],
    ['unknown profile question', { profile_questions: ['age'] }, POLL_MESSAGES.badProfileQuestion],
  ])('refuses %s with 400 and the message', async (_name, overrides, message) => {
    const res = await post(t.app, '/api/polls', validPoll(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
  });
});

describe('GET /api/polls/{id}', () => {
  it('answers the poll with options (id, text, votes, percentage), total_votes and the caller\'s userVote', async () => {
    const poll = await createPoll(t.app);
    const voter = newVisitor();
    await post(t.app, `/api/polls/${poll.id}/vote`, { option_id: poll.options[1]!.id }, voter);
    const mine = (await get(t.app, `/api/polls/${poll.id}`, voter)).json<PollAnswer>();
    expect(mine.userVote).toBe(poll.options[1]!.id);
    expect(mine.total_votes).toBe(1);
    expect(mine.options.map((o) => [o.votes, o.percentage])).toEqual([
      [0, 0],
      [1, 100],
      [0, 0],
    ]);
    expect((await get(t.app, `/api/polls/${poll.id}`)).json<PollAnswer>().userVote).toBeNull();
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/polls/${poll.id}` });
    expect(anonymous.json<PollAnswer>().userVote).toBeNull();
  });

  it('404 Poll not found for an unknown id, 400 for a malformed one', async () => {
    const res = await get(t.app, '/api/polls/987654321');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: POLL_MESSAGES.notFound });
    for (const id of ['0', 'x', '-3', '1e3']) expect((await get(t.app, `/api/polls/${id}`)).statusCode, id).toBe(400);
  });
});

describe('POST /api/polls/{id}/vote', () => {
  it('records the vote and answers the poll; a second vote is 409 with "already voted"', async () => {
    const poll = await createPoll(t.app);
    const voter = newVisitor();
    const first = await post(t.app, `/api/polls/${poll.id}/vote`, { option_id: poll.options[0]!.id }, voter);
    expect(first.statusCode).toBe(200);
    expect(first.json<PollAnswer>()).toMatchObject({ total_votes: 1, userVote: poll.options[0]!.id });
    const second = await post(t.app, `/api/polls/${poll.id}/vote`, { option_id: poll.options[1]!.id }, voter);
    expect(second.statusCode).toBe(409);
    expect(second.json<{ message: string }>().message).toContain('already voted');
    const event = (await outboxEvents(t.sql, 'catalog.poll.voted')).filter((e) => e.poll_id === poll.id);
    expect(event).toEqual([
      {
        poll_id: poll.id,
        total_votes: 1,
        options: poll.options.map((o, i) => ({ id: o.id, votes: i === 0 ? 1 : 0, percentage: i === 0 ? 100 : 0 })),
      },
    ]);
  });

  it('refuses an option of another poll (400), an unknown poll (404), a bad body (400), no visitor (401)', async () => {
    const a = await createPoll(t.app);
    const b = await createPoll(t.app);
    const foreign = await post(t.app, `/api/polls/${a.id}/vote`, { option_id: b.options[0]!.id });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual({ message: POLL_MESSAGES.optionNotInPoll });
    const unknown = await post(t.app, '/api/polls/999999999/vote', { option_id: 1 });
    expect(unknown.statusCode).toBe(404);
    for (const body of [{}, { option_id: 'x' }, { option_id: -1 }, { option_id: 1.5 }, { option_id: null }]) {
      expect((await post(t.app, `/api/polls/${a.id}/vote`, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    const anonymous = await t.app.inject({ method: 'POST', url: `/api/polls/${a.id}/vote`, payload: { option_id: a.options[0]!.id } });
    expect(anonymous.statusCode).toBe(401);
    const [row] = await t.sql<{ total_votes: number }[]>`SELECT total_votes FROM polls WHERE id = ${a.id}`;
    expect(row!.total_votes).toBe(0);
  });

  it('stores exactly one vote when one visitor sends 50 votes in parallel over real connections', async () => {
    const poll = await createPoll(t.app);
    const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const voter = newVisitor();
    const answers = await parallel(50, (i) =>
      fetch(`${url}/api/polls/${poll.id}/vote`, {
        method: 'POST',
        headers: { 'x-anon-token': voter.token, 'content-type': 'application/json' },
        body: JSON.stringify({ option_id: poll.options[i % 3]!.id }),
      }),
    );
    const codes = answers.map((r) => r.status);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    const [row] = await t.sql<{ total: number; stored: number; options: number }[]>`
      SELECT total_votes AS total,
             (SELECT count(*)::int FROM poll_votes WHERE poll_id = ${poll.id}) AS stored,
             (SELECT sum(votes)::int FROM poll_options WHERE poll_id = ${poll.id}) AS options
      FROM polls WHERE id = ${poll.id}`;
    expect(row).toEqual({ total: 1, stored: 1, options: 1 });

    // 50 visitors at once: every vote counts, tallies match the stored votes.
    const many = await parallel(50, (i) =>
      fetch(`${url}/api/polls/${poll.id}/vote`, {
        method: 'POST',
        headers: { 'x-anon-token': newVisitor().token, 'content-type': 'application/json' },
        body: JSON.stringify({ option_id: poll.options[i % 3]!.id }),
      }),
    );
    expect(many.every((r) => r.status === 200)).toBe(true);
    const detail = (await get(t.app, `/api/polls/${poll.id}`)).json<PollAnswer>();
    expect(detail.total_votes).toBe(51);
    expect(detail.options.reduce((s, o) => s + o.votes, 0)).toBe(51);
    expect(detail.options.reduce((s, o) => s + o.percentage, 0)).toBe(100);
  });

  it('percentages add up to 100: 3 of 9 and six times 1 of 9 give 34 and 11s (largest remainder)', async () => {
    const poll = await createPoll(t.app, { options: ['a', 'b', 'c', 'd', 'e', 'f', 'g'] });
    for (const i of [0, 1, 2, 3, 4, 5, 6, 0, 0]) await post(t.app, `/api/polls/${poll.id}/vote`, { option_id: poll.options[i]!.id });
    const detail = (await get(t.app, `/api/polls/${poll.id}`)).json<PollAnswer>();
    expect(detail.options.reduce((s, o) => s + o.percentage, 0)).toBe(100);
    expect(detail.options.map((o) => o.percentage)).toEqual([34, 11, 11, 11, 11, 11, 11]);
  });
});

describe('closed polls', () => {
  it('a poll past expires_at reads closed with its final results and refuses votes with a message (not 409)', async () => {
    const poll = await createPoll(t.app, { expires_at: Date.now() + HOUR });
    await post(t.app, `/api/polls/${poll.id}/vote`, { option_id: poll.options[2]!.id });
    await t.sql`UPDATE polls SET expires_at = ${Date.now() - 1000} WHERE id = ${poll.id}`;
    const detail = (await get(t.app, `/api/polls/${poll.id}`)).json<PollAnswer>();
    expect(detail.status).toBe('closed');
    expect(detail.options[2]).toMatchObject({ votes: 1, percentage: 100 });
    const refused = await post(t.app, `/api/polls/${poll.id}/vote`, { option_id: poll.options[0]!.id });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: POLL_MESSAGES.closed });
    const [row] = await t.sql<{ total_votes: number }[]>`SELECT total_votes FROM polls WHERE id = ${poll.id}`;
    expect(row!.total_votes).toBe(1);
  });
});

describe('GET /api/polls', () => {
  const category = 'strategy';
  it('filters by category, sorts newest | popular | ending (nearest future close first, closed last)', async () => {
    await t.sql`DELETE FROM polls WHERE category = ${category}`;
    const now = Date.now();
    const noClose = await createPoll(t.app, { category });
    const far = await createPoll(t.app, { category, expires_at: now + 48 * HOUR });
    const near = await createPoll(t.app, { category, expires_at: now + HOUR });
    const closed = await createPoll(t.app, { category, expires_at: now + 2 * HOUR });
    await t.sql`UPDATE polls SET expires_at = ${now - HOUR} WHERE id = ${closed.id}`;
    for (let i = 0; i < 2; i++) await post(t.app, `/api/polls/${far.id}/vote`, { option_id: far.options[0]!.id });
    await post(t.app, `/api/polls/${noClose.id}/vote`, { option_id: noClose.options[0]!.id });

    const ids = async (query: string) => (await get(t.app, `/api/polls?${query}`)).json<PollAnswer[]>().map((p) => p.id);
    expect(await ids(`category=${category}`)).toEqual([closed.id, near.id, far.id, noClose.id]);
    expect(await ids(`category=${category}&sort=popular`)).toEqual([far.id, noClose.id, closed.id, near.id]);
    expect(await ids(`category=${category}&sort=ending`)).toEqual([near.id, far.id, noClose.id, closed.id]);
    expect(await ids(`category=${category}&sort=ending&limit=2&offset=1`)).toEqual([far.id, noClose.id]);
    const all = await ids('category=all&limit=200');
    expect(all).toEqual(expect.arrayContaining([noClose.id, far.id, near.id, closed.id]));
    const list = (await get(t.app, `/api/polls?category=${category}`)).json<Array<PollAnswer & { userVote?: unknown }>>();
    expect(list[0]!.status).toBe('closed');
    expect(list.every((p) => !('userVote' in p))).toBe(true);
  });

  it('My Polls: anon_token lists only the polls that visitor created; a made-up token lists none', async () => {
    const me = newVisitor();
    const a = await createPoll(t.app, {}, me);
    const b = await createPoll(t.app, { category: 'general' }, me);
    await createPoll(t.app);
    const mine = (await get(t.app, `/api/polls?anon_token=${encodeURIComponent(me.token)}&limit=200`)).json<PollAnswer[]>();
    expect(mine.map((p) => p.id)).toEqual([b.id, a.id]);
    expect((await get(t.app, '/api/polls?anon_token=not-a-token')).json()).toEqual([]);
  });

  it('refuses a bad sort or category with 400', async () => {
    expect((await get(t.app, '/api/polls?sort=oldest')).json()).toEqual({ message: POLL_MESSAGES.badSort });
    expect((await get(t.app, '/api/polls?category=sports')).statusCode).toBe(400);
  });
});

describe('GET /api/polls/stats', () => {
  it('counts active polls (not closed), all votes, and the participation rate', async () => {
    await t.sql`DELETE FROM polls`;
    const empty = (await get(t.app, '/api/polls/stats')).json();
    expect(empty).toEqual({ activePolls: 0, totalVotes: 0, participationRate: 0 });
    const a = await createPoll(t.app);
    const b = await createPoll(t.app, { expires_at: Date.now() + HOUR });
    const c = await createPoll(t.app, { expires_at: Date.now() + HOUR });
    const [v1, v2] = [newVisitor(), newVisitor()];
    await post(t.app, `/api/polls/${a.id}/vote`, { option_id: a.options[0]!.id }, v1);
    await post(t.app, `/api/polls/${a.id}/vote`, { option_id: a.options[0]!.id }, v2);
    await post(t.app, `/api/polls/${b.id}/vote`, { option_id: b.options[0]!.id }, v1);
    await post(t.app, `/api/polls/${c.id}/vote`, { option_id: c.options[0]!.id }, v1);
    // 4 votes on 3 active polls by 2 distinct voters: 4 / (3 x 2) = 66.7 %.
    expect((await get(t.app, '/api/polls/stats')).json()).toEqual({ activePolls: 3, totalVotes: 4, participationRate: 66.7 });
    await t.sql`UPDATE polls SET expires_at = ${Date.now() - 1} WHERE id = ${c.id}`;
    // Closed polls leave activePolls but their votes stay in totalVotes: 3 / (2 x 2) = 75 %.
    expect((await get(t.app, '/api/polls/stats')).json()).toEqual({ activePolls: 2, totalVotes: 4, participationRate: 75 });
  });
});
