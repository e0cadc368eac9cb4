import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestService, type TestService } from '@wfm/service-kit/testing';
import { STAFF_ROLES, type StaffRole } from '@wfm/contracts/shared';
import { AdminReportsResponse, COMMENT_REPORT_MESSAGES, REPORT_REASONS, type AdminReport } from '@wfm/contracts/forum';
import { RATE_LIMIT_MESSAGE } from '@wfm/service-kit';
import { service } from '../src/app.ts';
import { createPost, get, newVisitor, outboxEvents, post, randomIp, type Visitor } from './helpers.ts';
import { testVisitorToken } from '@wfm/service-kit/testing';

// Issue 26 items 2 and 3: report a comment; a report queue that closes (status, who, when).

let t: TestService;
beforeAll(async () => {
  t = await buildTestService(service, { relay: false });
});
afterAll(async () => t?.close());

function staff(method: 'GET' | 'POST', url: string, payload?: unknown, role: StaffRole = 'Moderator', id = 9) {
  return t.app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    headers: t.staffHeaders({ role, id, username: 'mod_rita' }, { method, url }),
  });
}

/** A comment on a fresh post, written by `author`; answers both ids. */
async function newComment(author: Visitor = newVisitor(), body = 'a rude comment'): Promise<{ postId: number; commentId: number }> {
  const postId = await createPost(t.app, {}, newVisitor());
  const res = await post(t.app, '/api/comments', { post_id: postId, body, author_name: 'commenter' }, author);
  if (res.statusCode !== 201) throw new Error(`comment: ${res.statusCode} ${res.body}`);
  return { postId, commentId: res.json<{ id: number }>().id };
}

const fresh = (): Visitor => ({ token: testVisitorToken(), ip: randomIp() });

async function reportOf(ref: string, query = '?limit=500'): Promise<AdminReport | undefined> {
  const list = AdminReportsResponse.parse((await staff('GET', `/api/admin/reports${query}`)).json());
  return list.find((r) => r.ticket_reference === ref);
}

describe('POST /api/report: comment reports', () => {
  it.each(REPORT_REASONS)('accepts reason %s for a single comment and queues it as New', async (reason) => {
    const { postId, commentId } = await newComment(newVisitor(), `comment for ${reason}`);
    const res = await post(t.app, '/api/report', { comment_id: commentId, reason }, fresh());
    expect(res.statusCode).toBe(201);
    const ref = res.json<{ ticket_reference: string }>().ticket_reference;
    expect(ref).toMatch(/^RPT-/);
    expect(await reportOf(ref)).toMatchObject({
      kind: 'comment',
      post_id: postId,
      comment_id: commentId,
      content: `comment for ${reason}`,
      reason,
      status: 'New',
      decided_by: null,
      decided_at: null,
    });
    const events = (await outboxEvents(t.sql, 'forum.report.created')).filter((e) => e.ticket_reference === ref);
    expect(events).toEqual([expect.objectContaining({ kind: 'comment', comment_id: commentId, post_id: postId })]);
  });

  it('refuses a bad reason with the post report message, bad ids with 400 and unknown comments with 404', async () => {
    const { commentId } = await newComment();
    for (const reason of [undefined, '', 'boring', 'Spam']) {
      const res = await post(t.app, '/api/report', { comment_id: commentId, reason }, fresh());
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Please select a reason: spam, abusive, off-topic, inappropriate or other' });
    }
    for (const id of [0, -1, 'abc', 1.5]) {
      const res = await post(t.app, '/api/report', { comment_id: id, reason: 'spam' }, fresh());
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: COMMENT_REPORT_MESSAGES.invalidId });
    }
    const unknown = await post(t.app, '/api/report', { comment_id: 987654321, reason: 'spam' }, fresh());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: COMMENT_REPORT_MESSAGES.notFound });
  });

  it('one address holding many fresh tokens files at most 5 reports an hour against one comment (decision 12)', async () => {
    const { commentId } = await newComment();
    const ip = randomIp();
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => post(t.app, '/api/report', { comment_id: commentId, reason: 'spam' }, { token: testVisitorToken(), ip })),
    );
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(7);
    expect(answers.find((r) => r.statusCode === 429)!.json()).toEqual({ message: RATE_LIMIT_MESSAGE });
    const stored = await t.sql`SELECT count(*)::int AS n FROM reports WHERE comment_id = ${commentId}`;
    expect(stored[0]!.n).toBe(5);
    // Another comment from the same address, and the same comment from another address, still go through.
    const other = await newComment();
    expect((await post(t.app, '/api/report', { comment_id: other.commentId, reason: 'spam' }, { token: testVisitorToken(), ip })).statusCode).toBe(201);
    expect((await post(t.app, '/api/report', { comment_id: commentId, reason: 'spam' }, fresh())).statusCode).toBe(201);
  });

  it('the same per-(address, target) limit holds for posts', async () => {
    const postId = await createPost(t.app, {}, newVisitor());
    const ip = randomIp();
    const answers = await Promise.all(
      Array.from({ length: 9 }, () => post(t.app, '/api/report', { post_id: postId, reason: 'abusive' }, { token: testVisitorToken(), ip })),
    );
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(5);
  });
});

describe('the report queue', () => {
  it('New -> a decision with who and when; a decided report is not decided again (409)', async () => {
    const { commentId } = await newComment();
    const ref = (await post(t.app, '/api/report', { comment_id: commentId, reason: 'spam' }, fresh())).json().ticket_reference;
    const { id } = (await reportOf(ref))!;
    const before = Date.now();
    const res = await staff('POST', `/api/admin/reports/${id}/decide`, { status: 'Dismissed' }, 'Moderator', 31);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id, status: 'Dismissed', decided_by: 'mod_rita', decided_at: expect.any(Number), content_deleted: false, content_hidden: false, author_suspended: false });
    expect(res.json().decided_at).toBeGreaterThanOrEqual(before);
    expect(await reportOf(ref)).toMatchObject({ status: 'Dismissed', decided_by: 'mod_rita', decided_at: res.json().decided_at });

    const again = await staff('POST', `/api/admin/reports/${id}/decide`, { status: 'Action taken', action: 'delete' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'This report has already been decided' });
    // The comment is still there: the refused decision deleted nothing.
    expect(await t.sql`SELECT 1 FROM comments WHERE id = ${commentId}`).toHaveLength(1);

    const actions = (await outboxEvents(t.sql, 'forum.staff.action')).filter((e) => e.target_type === 'report' && e.target_id === String(id));
    expect(actions).toEqual([expect.objectContaining({ staff_id: 31, staff_username: 'mod_rita', action: 'report.dismissed' })]);
  });

  it('parallel decisions of one report: exactly one wins', async () => {
    const { commentId } = await newComment();
    const ref = (await post(t.app, '/api/report', { comment_id: commentId, reason: 'spam' }, fresh())).json().ticket_reference;
    const { id } = (await reportOf(ref))!;
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => staff('POST', `/api/admin/reports/${id}/decide`, { status: i % 2 ? 'Reviewed' : 'Dismissed' })),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(7);
  });

  it('filters by status', async () => {
    const refs: Record<string, string> = {};
    for (const status of ['New', 'Reviewed', 'Action taken', 'Dismissed']) {
      const { commentId } = await newComment();
      refs[status] = (await post(t.app, '/api/report', { comment_id: commentId, reason: 'other' }, fresh())).json().ticket_reference;
      if (status !== 'New') {
        const { id } = (await reportOf(refs[status]!))!;
        expect((await staff('POST', `/api/admin/reports/${id}/decide`, { status })).statusCode).toBe(200);
      }
    }
    for (const status of ['New', 'Reviewed', 'Action taken', 'Dismissed']) {
      const list = AdminReportsResponse.parse((await staff('GET', `/api/admin/reports?limit=500&status=${encodeURIComponent(status)}`)).json());
      expect(list.every((r) => r.status === status)).toBe(true);
      const mine = Object.entries(refs).filter(([, ref]) => list.some((r) => r.ticket_reference === ref)).map(([s]) => s);
      expect(mine).toEqual([status]);
    }
    const bad = await staff('GET', '/api/admin/reports?status=Closed');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: expect.stringContaining('status must be') });
  });

  it('bad decisions are 400 with a message; unknown reports 404; deleting for a help ticket 409', async () => {
    for (const body of [{}, { status: 'New' }, { status: 'Closed' }, { status: 'Reviewed', action: 'burn' }, { status: 'Reviewed', suspend_author: 'yes' }]) {
      const res = await staff('POST', '/api/admin/reports/1/decide', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: expect.any(String) });
    }
    for (const bad of ['0', '-1', 'abc']) expect((await staff('POST', `/api/admin/reports/${bad}/decide`, { status: 'Reviewed' })).statusCode).toBe(400);
    expect((await staff('POST', '/api/admin/reports/987654321/decide', { status: 'Reviewed' })).statusCode).toBe(404);
    const help = await post(t.app, '/api/report', { title: 'Export broken', category: 'technical', priority: 'High', reason: 'It fails.' }, fresh());
    const { id } = (await reportOf(help.json().ticket_reference))!;
    expect((await staff('POST', `/api/admin/reports/${id}/decide`, { status: 'Action taken', action: 'delete' })).statusCode).toBe(409);
    expect((await staff('POST', `/api/admin/reports/${id}/decide`, { status: 'Reviewed' })).statusCode).toBe(200);
  });

  it('Action taken with delete removes the comment from its thread, leaves the post, is audited; the reporter sees only that it is gone', async () => {
    const author = newVisitor();
    const { postId, commentId } = await newComment(author, 'delete me please');
    const keep = await post(t.app, '/api/comments', { post_id: postId, body: 'keep me', author_name: 'other' }, newVisitor());
    const reporter = fresh();
    const ref = (await post(t.app, '/api/report', { comment_id: commentId, reason: 'abusive' }, reporter)).json().ticket_reference;
    const { id } = (await reportOf(ref))!;
    const res = await staff('POST', `/api/admin/reports/${id}/decide`, { status: 'Action taken', action: 'delete' }, 'Moderator', 32);
    expect(res.json()).toMatchObject({ status: 'Action taken', content_deleted: true });

    const thread = await get(t.app, `/api/posts/${postId}/comments`, reporter);
    expect(thread.statusCode).toBe(200);
    const bodies = JSON.stringify(thread.json());
    expect(bodies).not.toContain('delete me please');
    expect(bodies).toContain('keep me');
    expect(keep.statusCode).toBe(201);
    expect((await get(t.app, `/api/posts/${postId}`, reporter)).statusCode).toBe(200);
    // Nothing of the outcome reaches the reporter: the report answer had only a reference, and no
    // visitor route answers report statuses.
    expect(JSON.stringify(thread.json())).not.toContain('Action taken');

    expect((await outboxEvents(t.sql, 'forum.comment.deleted')).filter((e) => e.id === commentId)).toEqual([
      { id: commentId, post_id: postId, at: expect.any(Number) },
    ]);
    const actions = (await outboxEvents(t.sql, 'forum.staff.action')).filter((e) => e.staff_id === 32);
    expect(actions.map((a) => `${a.action} ${a.target_type}:${a.target_id}`).sort()).toEqual(
      [`comment.delete comment:${commentId}`, `report.action-taken report:${id}`].sort(),
    );
    // The report keeps naming what it reported; the content is gone.
    expect(await reportOf(ref)).toMatchObject({ comment_id: commentId, content: null, status: 'Action taken' });
  });

  it('Action taken with delete removes a reported post from the feed and its page', async () => {
    const postId = await createPost(t.app, { title: 'Reported post to remove' }, newVisitor());
    const ref = (await post(t.app, '/api/report', { post_id: postId, reason: 'spam' }, fresh())).json().ticket_reference;
    const { id } = (await reportOf(ref))!;
    expect((await staff('POST', `/api/admin/reports/${id}/decide`, { status: 'Action taken', action: 'delete' })).json().content_deleted).toBe(true);
    expect((await get(t.app, `/api/posts/${postId}`)).statusCode).toBe(404);
    const feed = await get(t.app, '/api/posts?limit=100');
    expect(JSON.stringify(feed.json())).not.toContain('Reported post to remove');
    expect((await outboxEvents(t.sql, 'forum.post.deleted')).filter((e) => e.id === postId)).toHaveLength(1);
  });

  it("shows the author's other recent reports", async () => {
    const author = newVisitor();
    const first = await newComment(author);
    const second = await newComment(author);
    const third = await newComment(author);
    await post(t.app, '/api/report', { comment_id: first.commentId, reason: 'spam' }, fresh());
    await post(t.app, '/api/report', { comment_id: second.commentId, reason: 'spam' }, fresh());
    const ref = (await post(t.app, '/api/report', { comment_id: third.commentId, reason: 'spam' }, fresh())).json().ticket_reference;
    expect((await reportOf(ref))!.author_recent_reports).toBe(2);
    const stranger = await newComment(newVisitor());
    const lone = (await post(t.app, '/api/report', { comment_id: stranger.commentId, reason: 'spam' }, fresh())).json().ticket_reference;
    expect((await reportOf(lone))!.author_recent_reports).toBe(0);
  });
});

describe('POST /api/admin/comments/:id/delete', () => {
  it.each(STAFF_ROLES)('%s deletes one comment, audited; twice is 404', async (role) => {
    const { postId, commentId } = await newComment();
    const res = await staff('POST', `/api/admin/comments/${commentId}/delete`, undefined, role, 44);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, id: commentId, status: 'deleted' });
    expect(await t.sql`SELECT 1 FROM comments WHERE id = ${commentId}`).toHaveLength(0);
    const page = await get(t.app, `/api/posts/${postId}`);
    expect(page.statusCode).toBe(200);
    // The count drops with the comment, and open pages hear of the change (post_updated).
    expect(page.json().comment_count).toBe(0);
    expect((await outboxEvents(t.sql, 'forum.post.updated')).filter((e) => e.id === postId)).toEqual([
      expect.objectContaining({ id: postId, comment_count: 0 }),
    ]);
    const actions = (await outboxEvents(t.sql, 'forum.staff.action')).filter((e) => e.target_type === 'comment' && e.target_id === String(commentId));
    expect(actions).toEqual([expect.objectContaining({ staff_id: 44, role, action: 'comment.delete' })]);
    expect((await staff('POST', `/api/admin/comments/${commentId}/delete`)).statusCode).toBe(404);
  });

  it('visitors cannot use the staff calls', async () => {
    const { commentId } = await newComment();
    const res = await post(t.app, `/api/admin/comments/${commentId}/delete`, undefined, fresh());
    expect(res.statusCode).toBe(401);
    expect((await post(t.app, '/api/admin/reports/1/decide', { status: 'Dismissed' }, fresh())).statusCode).toBe(401);
    expect(await t.sql`SELECT 1 FROM comments WHERE id = ${commentId}`).toHaveLength(1);
  });
});
