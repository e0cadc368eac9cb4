import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POLL_MESSAGES, TOOL_MESSAGES } from '@wfm/contracts/catalog';
import { buildTestService, type TestService } from '@wfm/service-kit/testing';
import { service } from '../src/app.ts';
import { createPoll, createTool, outboxEvents, post } from './helpers.ts';

let t: TestService;
beforeAll(async () => {
  t = await buildTestService(service, { relay: false });
});
afterAll(async () => t?.close());

const asStaff = (method: 'GET' | 'DELETE', url: string, role: 'Moderator' | 'Admin' | 'Super Admin' = 'Moderator') =>
  t.app.inject({ method, url, headers: t.staffHeaders({ role, id: 7, username: 'mod_kim' }, { method, url }) });

describe('staff polls', () => {
  it('lists polls newest first with the admin row fields and a total', async () => {
    const a = await createPoll(t.app, { description: 'd'.repeat(300) });
    const b = await createPoll(t.app);
    await post(t.app, `/api/polls/${a.id}/vote`, { option_id: a.options[0]!.id });
    const res = await asStaff('GET', '/api/admin/polls');
    expect(res.statusCode).toBe(200);
    const body = res.json<{ polls: Array<Record<string, unknown>>; total: number }>();
    expect(body.total).toBeGreaterThanOrEqual(2);
    expect(body.polls[0]!.id).toBe(b.id);
    expect(body.polls.find((p) => p.id === a.id)).toMatchObject({ total_votes: 1, description: 'd'.repeat(300), options_count: 3 });
    expect(Object.keys(body.polls[0]!)).toEqual(
      expect.arrayContaining(['id', 'title', 'description', 'total_votes', 'created_at']),
    );
  });

  it('DELETE removes the poll with all its votes, writes catalog.poll.deleted and the audit entry; 404 after', async () => {
    const poll = await createPoll(t.app);
    await post(t.app, `/api/polls/${poll.id}/vote`, { option_id: poll.options[0]!.id });
    const res = await asStaff('DELETE', `/api/admin/polls/${poll.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, id: poll.id });
    const [left] = await t.sql<{ votes: number; options: number }[]>`
      SELECT (SELECT count(*)::int FROM poll_votes WHERE poll_id = ${poll.id}) AS votes,
             (SELECT count(*)::int FROM poll_options WHERE poll_id = ${poll.id}) AS options`;
    expect(left).toEqual({ votes: 0, options: 0 });
    expect((await outboxEvents(t.sql, 'catalog.poll.deleted')).some((e) => e.id === poll.id)).toBe(true);
    const audit = (await outboxEvents(t.sql, 'catalog.staff.action')).find((e) => e.target_id === String(poll.id) && e.target_type === 'poll');
    expect(audit).toMatchObject({ action: 'poll.delete', staff_id: 7, staff_username: 'mod_kim', role: 'Moderator' });
    const again = await asStaff('DELETE', `/api/admin/polls/${poll.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: POLL_MESSAGES.notFound });
  });
});

describe('staff tools', () => {
  it('lists tools with the admin row fields; DELETE removes the tool and its votes with an audit entry', async () => {
    const tool = await createTool(t.app);
    await post(t.app, `/api/tools/${tool.id}/vote`);
    const list = (await asStaff('GET', '/api/admin/tools?limit=5')).json<{ tools: Array<Record<string, unknown>>; total: number }>();
    expect(list.tools[0]).toEqual({
      id: tool.id,
      name: tool.name,
      url: 'https://erlang.example.com/planner',
      category: 'Forecasting',
      short_desc: 'Erlang C staffing calculator with interval forecasts.',
      votes: 1,
      submitted_by: 'planner_one',
      created_at: expect.any(Number),
    });
    const res = await asStaff('DELETE', `/api/admin/tools/${tool.id}`, 'Admin');
    expect(res.json()).toEqual({ success: true, id: tool.id });
    const [votes] = await t.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM tool_votes WHERE tool_id = ${tool.id}`;
    expect(votes!.n).toBe(0);
    const audit = (await outboxEvents(t.sql, 'catalog.staff.action')).find((e) => e.target_id === String(tool.id) && e.target_type === 'tool');
    expect(audit).toMatchObject({ action: 'tool.delete', role: 'Admin' });
    expect((await outboxEvents(t.sql, 'catalog.tool.deleted')).some((e) => e.id === tool.id)).toBe(true);
    const gone = await asStaff('DELETE', `/api/admin/tools/${tool.id}`);
    expect(gone.json()).toEqual({ message: TOOL_MESSAGES.notFound });
  });

  it('refuses visitors: 401 without signed staff headers, 400 for bad ids and paging', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/tools' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/admin/polls/1' })).statusCode).toBe(401);
    expect((await asStaff('DELETE', '/api/admin/tools/abc')).statusCode).toBe(400);
    expect((await asStaff('GET', '/api/admin/polls?limit=0')).statusCode).toBe(400);
  });
});
