import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestService, type TestService } from '@wfm/service-kit/testing';
import { STAFF_ROLES, type StaffRole } from '@wfm/contracts/shared';
import { AdminFeatureSuggestionsResponse, AdminPostsResponse, AdminReportsResponse, POST_MESSAGES } from '@wfm/contracts/forum';
import { service } from '../src/app.ts';
import { createPost, get, outboxEvents, post } from './helpers.ts';

let t: TestService;
beforeAll(async () => {
  t = await buildTestService(service, { relay: false });
});
afterAll(async () => t?.close());

function staff(method: 'GET' | 'POST', url: string, role: StaffRole = 'Moderator', id = 7) {
  return t.app.inject({ method, url, headers: t.staffHeaders({ role, id, username: 'mod_anna' }, { method, url }) });
}

describe('admin calls need signed staff headers', () => {
  const calls: Array<['GET' | 'POST', string]> = [
    ['GET', '/api/admin/reports'],
    ['GET', '/api/admin/feature-suggestions'],
    ['GET', '/api/admin/posts'],
    ['POST', '/api/admin/posts/1/delete'],
    ['POST', '/api/admin/posts/1/resolve'],
  ];

  it.each(calls)('%s %s -> 401 without them', async (method, url) => {
    const res = await t.app.inject({ method, url });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Authentication required' });
  });

  it.each(calls)('%s %s -> 401 with headers signed for another URL or forged', async (method, url) => {
    const other = t.staffHeaders({ role: 'Admin' }, { method, url: '/api/admin/other' });
    expect((await t.app.inject({ method, url, headers: other })).statusCode).toBe(401);
    const forged = { ...t.staffHeaders({ role: 'Moderator' }, { method, url }), 'x-staff-role': 'Super Admin' };
    expect((await t.app.inject({ method, url, headers: forged })).statusCode).toBe(401);
  });

  it.each(STAFF_ROLES)('every staff role (%s) may use them', async (role) => {
    expect((await staff('GET', '/api/admin/posts', role)).statusCode).toBe(200);
  });
});

describe('GET /api/admin/reports', () => {
  it('lists post reports and help tickets newest first, status New', async () => {
    const postId = await createPost(t.app, { title: 'Reported post' });
    const postReport = (await post(t.app, '/api/report', { post_id: postId, reason: 'spam' })).json().ticket_reference;
    const ticket = (
      await post(t.app, '/api/report', {
        title: 'Help me',
        category: 'account',
        priority: 'Urgent',
        reason: 'Locked out of my account',
        reporter_name: 'someone',
      })
    ).json().ticket_reference;

    const res = await staff('GET', '/api/admin/reports');
    expect(res.statusCode).toBe(200);
    const reports = AdminReportsResponse.parse(res.json());
    const mine = reports.filter((r) => [postReport, ticket].includes(r.ticket_reference));
    expect(mine.map((r) => r.ticket_reference)).toEqual([ticket, postReport]);
    expect(mine[0]).toMatchObject({
      kind: 'help',
      post_id: null,
      title: 'Help me',
      category: 'account',
      priority: 'Urgent',
      reason: 'Locked out of my account',
      reporter_name: 'someone',
      contact_info: null,
      status: 'New',
    });
    expect(mine[1]).toMatchObject({ kind: 'post', post_id: postId, title: 'Reported post', reason: 'spam', status: 'New' });
    const times = reports.map((r) => r.created_at);
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });
});

describe('GET /api/admin/feature-suggestions', () => {
  it('lists suggestions newest first with their reference numbers', async () => {
    const ref = (
      await post(t.app, '/api/feature-suggestions', {
        title: 'Export to Excel',
        description: 'Please',
        author_name: 'x',
        email: 'x@example.com',
        priority: 'High',
      })
    ).json().reference_number;
    const res = await staff('GET', '/api/admin/feature-suggestions');
    expect(res.statusCode).toBe(200);
    const list = AdminFeatureSuggestionsResponse.parse(res.json());
    expect(list.find((s) => s.reference_number === ref)).toMatchObject({
      title: 'Export to Excel',
      description: 'Please',
      author_name: 'x',
      email: 'x@example.com',
      contact_method: null,
      priority: 'High',
      status: 'New',
    });
    const times = list.map((s) => s.created_at);
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });
});

describe('admin posts', () => {
  it('GET /api/admin/posts lists posts latest first in `posts`', async () => {
    const older = await createPost(t.app, { title: 'older' });
    const newer = await createPost(t.app, { title: 'newer' });
    const res = await staff('GET', '/api/admin/posts');
    const body = AdminPostsResponse.parse(res.json());
    const ids = body.posts.map((p) => p.id);
    expect(ids.indexOf(newer)).toBeLessThan(ids.indexOf(older));
    expect(body.posts.find((p) => p.id === newer)).toMatchObject({ title: 'newer', type: 'Question', status: 'open' });
  });

  it('resolve: open -> resolved, a second resolve is 409; emits post_updated and the staff action', async () => {
    const id = await createPost(t.app);
    const res = await staff('POST', `/api/admin/posts/${id}/resolve`, 'Moderator', 41);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, id, status: 'resolved' });
    expect((await get(t.app, `/api/posts/${id}`)).json().status).toBe('resolved');

    const again = await staff('POST', `/api/admin/posts/${id}/resolve`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: POST_MESSAGES.alreadyResolved });

    const updated = (await outboxEvents(t.sql, 'forum.post.updated')).filter((e) => e.id === id);
    expect(updated).toEqual([expect.objectContaining({ id, status: 'resolved' })]);
    const actions = (await outboxEvents(t.sql, 'forum.staff.action')).filter((e) => e.target_id === String(id));
    expect(actions).toEqual([
      {
        staff_id: 41,
        staff_username: 'mod_anna',
        role: 'Moderator',
        action: 'post.resolve',
        target_type: 'post',
        target_id: String(id),
        at: expect.any(Number),
      },
    ]);
  });

  it('delete removes the post with its comments; emits forum.post.deleted and the staff action', async () => {
    const id = await createPost(t.app);
    await post(t.app, '/api/comments', { post_id: id, body: 'c', author_name: 'a' });
    const res = await staff('POST', `/api/admin/posts/${id}/delete`, 'Admin', 42);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, id, status: 'deleted' });
    expect((await get(t.app, `/api/posts/${id}`)).statusCode).toBe(404);
    expect(await t.sql`SELECT 1 FROM comments WHERE post_id = ${id}`).toHaveLength(0);

    expect((await outboxEvents(t.sql, 'forum.post.deleted')).filter((e) => e.id === id)).toHaveLength(1);
    const actions = (await outboxEvents(t.sql, 'forum.staff.action')).filter((e) => e.target_id === String(id));
    expect(actions).toEqual([expect.objectContaining({ staff_id: 42, role: 'Admin', action: 'post.delete' })]);

    const twice = await staff('POST', `/api/admin/posts/${id}/delete`);
    expect(twice.statusCode).toBe(404);
  });

  it('a report keeps naming a deleted post', async () => {
    const id = await createPost(t.app);
    const ref = (await post(t.app, '/api/report', { post_id: id, reason: 'abusive' })).json().ticket_reference;
    await staff('POST', `/api/admin/posts/${id}/delete`);
    const reports = AdminReportsResponse.parse((await staff('GET', '/api/admin/reports')).json());
    expect(reports.find((r) => r.ticket_reference === ref)).toMatchObject({ post_id: id, title: null });
  });

  it.each(['0', '-1', 'abc', '1.5'])('bad id %s -> 400; unknown -> 404', async (bad) => {
    expect((await staff('POST', `/api/admin/posts/${bad}/resolve`)).statusCode).toBe(400);
    expect((await staff('POST', `/api/admin/posts/${bad}/delete`)).statusCode).toBe(400);
    expect((await staff('POST', '/api/admin/posts/987654321/resolve')).statusCode).toBe(404);
  });
});
