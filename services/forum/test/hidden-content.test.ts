import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ESTABLISHED_AFTER_MS, HOUR } from '@wfm/service-kit';
import { buildTestService, testClock, testVisitorToken, type TestService } from '@wfm/service-kit/testing';
import {
  AdminReportsResponse,
  HIDDEN_NOTICES,
  HIDE_MESSAGES,
  PostViewerResponse,
  type AdminReport,
  type ListPostsResponse,
} from '@wfm/contracts/forum';
import type { StaffRole } from '@wfm/contracts/shared';
import { service } from '../src/app.ts';
import { createPost, get, newVisitor, outboxEvents, post, randomIp, uniqueWord, type Visitor } from './helpers.ts';

// Issue 26 item 4 (hidden after reports) and the "hide" of items 2, 3 and 5, against the real
// PostgreSQL: auto-hide counts established reporters on distinct addresses only, hides exactly once
// under a race, and hidden content is gone for everyone but its author (who sees why) and staff.

const HIDE_AT = 3;
const clock = testClock(Date.UTC(2026, 10, 1));
let t: TestService;
beforeAll(async () => {
  // Parallel reports queue on the reported row and the test's small pool: no request should meet the deadline here.
  t = await buildTestService(service, { relay: false, now: clock.now, requestTimeoutMs: 120_000, env: { REPORT_HIDE_AT: String(HIDE_AT) } });
});
afterAll(async () => t?.close());

function staff(url: string, payload?: unknown, role: StaffRole = 'Moderator') {
  const method = payload === undefined && !url.includes('/hide') && !url.includes('/unhide') ? 'GET' : 'POST';
  return t.app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    headers: t.staffHeaders({ role, id: 12, username: 'mod_hana' }, { method, url }),
  });
}

const report = (target: { post_id: number } | { comment_id: number }, from: Visitor) =>
  post(t.app, '/api/report', { ...target, reason: 'abusive' }, from);

/**
 * Visitors the forum first saw (each reported a scratch post) more than a day ago, each on the
 * address given (or one of their own). The clock moves on past ESTABLISHED_AFTER_MS.
 */
async function establishedVisitors(n: number, ip?: string): Promise<Visitor[]> {
  const scratch = await createPost(t.app);
  const visitors = Array.from({ length: n }, () => ({ token: testVisitorToken(), ip: ip ?? randomIp() }));
  for (const v of visitors) expect((await report({ post_id: scratch }, v)).statusCode).toBe(201);
  clock.advance(ESTABLISHED_AFTER_MS + HOUR);
  return visitors;
}

const isPublic = async (id: number) => (await get(t.app, `/api/posts/${id}`, newVisitor())).statusCode === 200;
const feedIds = async (query = 'sort=latest&limit=50') =>
  (await get(t.app, `/api/posts?${query}`, newVisitor())).json<ListPostsResponse>().posts.map((p) => p.id);
const viewer = async (id: number, who: Visitor) => {
  const res = await get(t.app, `/api/posts/${id}/viewer`, who);
  return { status: res.statusCode, body: res.statusCode === 200 ? PostViewerResponse.parse(res.json()) : res.json() };
};
const deletedEvents = async (id: number) => (await outboxEvents(t.sql, 'forum.post.deleted')).filter((e) => e.id === id);
const staffActions = async (action: string, id: number) =>
  (await outboxEvents(t.sql, 'forum.staff.action')).filter((e) => e.action === action && e.target_id === String(id));
async function reportsOf(filter: (r: AdminReport) => boolean): Promise<AdminReport[]> {
  return AdminReportsResponse.parse((await staff('/api/admin/reports?limit=500')).json()).filter(filter);
}
const total = async () => (await get(t.app, '/api/posts?limit=1', newVisitor())).json<ListPostsResponse>().total;

describe('auto-hide after REPORT_HIDE_AT distinct reporters (issue 26 item 4)', () => {
  it('N reports from fresh tokens on one address leave the post visible', async () => {
    const id = await createPost(t.app);
    const ip = randomIp();
    for (let i = 0; i < HIDE_AT; i++) expect((await report({ post_id: id }, { token: testVisitorToken(), ip })).statusCode).toBe(201);
    expect(await isPublic(id)).toBe(true);
    expect(await deletedEvents(id)).toEqual([]);
  });

  it('N reports from fresh tokens on N addresses leave the post visible (tokens minted today count from tomorrow)', async () => {
    const id = await createPost(t.app);
    for (let i = 0; i < HIDE_AT + 2; i++) expect((await report({ post_id: id }, newVisitor())).statusCode).toBe(201);
    expect(await isPublic(id)).toBe(true);
  });

  it('N established reporters on one address leave the post visible', async () => {
    const reporters = await establishedVisitors(HIDE_AT, randomIp());
    const id = await createPost(t.app);
    for (const r of reporters) expect((await report({ post_id: id }, r)).statusCode).toBe(201);
    expect(await isPublic(id)).toBe(true);
  });

  it('one established reporter reporting N times from N addresses counts once', async () => {
    const [reporter] = await establishedVisitors(1);
    const id = await createPost(t.app);
    for (let i = 0; i < HIDE_AT; i++) expect((await report({ post_id: id }, { ...reporter!, ip: randomIp() })).statusCode).toBe(201);
    expect(await isPublic(id)).toBe(true);
  });

  it('N established reporters on N addresses hide the post: gone from detail, feed, search and totals; its author sees it with the notice; staff see it', async () => {
    const word = uniqueWord('hid');
    const author = newVisitor();
    const reporters = await establishedVisitors(HIDE_AT);
    const id = await createPost(t.app, { title: `A post about ${word}`, body: `Body with ${word}` }, author);
    const before = await total();
    expect(await feedIds(`q=${word}`)).toEqual([id]);
    for (const r of reporters.slice(0, -1)) expect((await report({ post_id: id }, r)).statusCode).toBe(201);
    expect(await isPublic(id)).toBe(true);
    expect((await report({ post_id: id }, reporters.at(-1)!)).statusCode).toBe(201);

    expect((await get(t.app, `/api/posts/${id}`, newVisitor())).statusCode).toBe(404);
    expect((await get(t.app, `/api/posts/${id}/comments`, newVisitor())).statusCode).toBe(404);
    expect(await feedIds()).not.toContain(id);
    expect(await feedIds(`q=${word}`)).toEqual([]);
    expect(await total()).toBe(before - 1);
    // A bystander's viewer answer is a 404 too; nobody can comment on or upvote it.
    expect((await viewer(id, newVisitor())).status).toBe(404);
    expect((await post(t.app, '/api/comments', { post_id: id, body: 'hi', author_name: 'Anonymous', isAnonymous: true })).statusCode).toBe(404);
    expect((await post(t.app, `/api/posts/${id}/upvote`, {})).statusCode).toBe(404);

    const own = await viewer(id, author);
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({
      can_edit: true,
      hidden: { reason: 'reports', notice: 'Hidden after reports from other visitors until a moderator reviews it.' },
      hidden_post: { id, title: `A post about ${word}` },
    });
    expect(HIDDEN_NOTICES.reports).toBe('Hidden after reports from other visitors until a moderator reviews it.');

    // One event, the same a staff deletion publishes; staff see "Hidden by reports" on each report.
    expect(await deletedEvents(id)).toHaveLength(1);
    const queued = await reportsOf((r) => r.post_id === id);
    expect(queued).toHaveLength(HIDE_AT);
    for (const r of queued) expect(r).toMatchObject({ status: 'New', content_hidden: 'reports' });
    const listed = (await staff('/api/admin/posts?limit=500')).json<{ posts: Array<{ id: number; hidden_reason: string | null }> }>().posts;
    expect(listed.find((p) => p.id === id)).toMatchObject({ hidden_reason: 'reports' });
  });

  it('hides a comment the same way: out of its thread and its post count; its author sees it with the notice', async () => {
    const commenter = newVisitor();
    const reporters = await establishedVisitors(HIDE_AT);
    const postId = await createPost(t.app);
    const created = await post(t.app, '/api/comments', { post_id: postId, body: 'a nasty remark', author_name: 'Anonymous', isAnonymous: true }, commenter);
    expect(created.statusCode).toBe(201);
    const commentId = created.json<{ id: number }>().id;
    for (const r of reporters) expect((await report({ comment_id: commentId }, r)).statusCode).toBe(201);

    const detail = (await get(t.app, `/api/posts/${postId}`, newVisitor())).json<{ comment_count: number; comments: Array<{ id: number }> }>();
    expect(detail.comments.map((c) => c.id)).not.toContain(commentId);
    expect(detail.comment_count).toBe(0);
    const own = await viewer(postId, commenter);
    expect(own.body).toMatchObject({ own_comment_ids: [], own_hidden_comments: [{ id: commentId, body: 'a nasty remark', hidden: { reason: 'reports' } }] });
    expect((await viewer(postId, newVisitor())).body).toMatchObject({ own_hidden_comments: [] });
    const events = (await outboxEvents(t.sql, 'forum.comment.deleted')).filter((e) => e.id === commentId);
    expect(events).toHaveLength(1);
  });

  it('20 parallel reports from 20 distinct established reporters on distinct addresses hide exactly once', async () => {
    const reporters = await establishedVisitors(20);
    const id = await createPost(t.app);
    const answers = await Promise.all(reporters.map((r) => report({ post_id: id }, r)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(201));
    expect(await isPublic(id)).toBe(false);
    expect(await deletedEvents(id)).toHaveLength(1);
    const rows = await t.sql<{ hidden_reason: string }[]>`SELECT hidden_reason FROM posts WHERE id = ${id}`;
    expect(rows).toEqual([{ hidden_reason: 'reports' }]);
  });

  it('Dismissed shows content hidden by reports again and closes its other reports; Action taken keeps it hidden', async () => {
    const reporters = await establishedVisitors(HIDE_AT);
    const [kept, shown] = [await createPost(t.app), await createPost(t.app)];
    for (const r of reporters) {
      expect((await report({ post_id: kept }, r)).statusCode).toBe(201);
      expect((await report({ post_id: shown }, r)).statusCode).toBe(201);
    }
    expect([await isPublic(kept), await isPublic(shown)]).toEqual([false, false]);

    const [first, ...others] = await reportsOf((r) => r.post_id === shown);
    const dismissed = await staff(`/api/admin/reports/${first!.id}/decide`, { status: 'Dismissed' });
    expect(dismissed.statusCode).toBe(200);
    expect(await isPublic(shown)).toBe(true);
    expect(await feedIds()).toContain(shown);
    for (const r of await reportsOf((x) => others.some((o) => o.id === x.id))) expect(r).toMatchObject({ status: 'Dismissed', decided_by: 'mod_hana' });
    expect((await outboxEvents(t.sql, 'forum.post.created')).filter((e) => e.id === shown)).toHaveLength(2);
    expect(await staffActions('post.unhide', shown)).toHaveLength(1);

    const [taken] = await reportsOf((r) => r.post_id === kept);
    expect((await staff(`/api/admin/reports/${taken!.id}/decide`, { status: 'Action taken' })).statusCode).toBe(200);
    expect(await isPublic(kept)).toBe(false);
  });
});

describe('staff hide and unhide (Moderator and up), audited', () => {
  it('hides and shows a post again through the same events as a deletion and a creation; idempotent; 404 for none', async () => {
    const id = await createPost(t.app);
    const before = await total();
    const hidden = await staff(`/api/admin/posts/${id}/hide`, {});
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json()).toEqual({ success: true, id, hidden: true, changed: true });
    expect(await isPublic(id)).toBe(false);
    expect(await total()).toBe(before - 1);
    expect(await deletedEvents(id)).toHaveLength(1);
    expect((await staff(`/api/admin/posts/${id}/hide`, {})).json()).toMatchObject({ changed: false });
    expect(await staffActions('post.hide', id)).toHaveLength(1);

    const shown = await staff(`/api/admin/posts/${id}/unhide`, {});
    expect(shown.json()).toEqual({ success: true, id, hidden: false, changed: true });
    expect(await isPublic(id)).toBe(true);
    expect(await total()).toBe(before);
    expect(await staffActions('post.unhide', id)).toHaveLength(1);
    expect((await staff('/api/admin/posts/999999999/hide', {})).json()).toEqual({ message: HIDE_MESSAGES.postNotFound });
  });

  it("a hidden post stays in its author's My Posts (anon_token) and nobody else's", async () => {
    const author = newVisitor();
    const id = await createPost(t.app, {}, author);
    expect((await staff(`/api/admin/posts/${id}/hide`, {})).statusCode).toBe(200);
    const mine = async (who: Visitor) =>
      (await get(t.app, `/api/posts?anon_token=${encodeURIComponent(who.token)}&limit=50`, who)).json<ListPostsResponse>();
    const own = await mine(author);
    expect(own.posts.map((p) => p.id)).toContain(id);
    expect(own.total).toBe(1);
    const other = newVisitor();
    expect((await mine(other)).posts.map((p) => p.id)).not.toContain(id);
    expect(await feedIds()).not.toContain(id);
  });

  it('hides one comment, its post and the other comments stay; the author of the post sees a staff notice for their own hidden comment', async () => {
    const author = newVisitor();
    const postId = await createPost(t.app);
    const add = async (who: Visitor, body: string) =>
      (await post(t.app, '/api/comments', { post_id: postId, body, author_name: 'Anonymous', isAnonymous: true }, who)).json<{ id: number }>().id;
    const [mine, other] = [await add(author, 'mine'), await add(newVisitor(), 'other')];
    expect((await staff(`/api/admin/comments/${mine}/hide`, {})).json()).toEqual({ success: true, id: mine, hidden: true, changed: true });
    const detail = (await get(t.app, `/api/posts/${postId}`, newVisitor())).json<{ comment_count: number; comments: Array<{ id: number }> }>();
    expect(detail.comments.map((c) => c.id)).toEqual([other]);
    expect(detail.comment_count).toBe(1);
    expect((await viewer(postId, author)).body).toMatchObject({ own_hidden_comments: [{ id: mine, hidden: { reason: 'staff', notice: HIDDEN_NOTICES.staff } }] });
    expect(await staffActions('comment.hide', mine)).toHaveLength(1);
    // Deleting a hidden comment does not take it off the count a second time.
    expect((await staff(`/api/admin/comments/${mine}/delete`, {})).statusCode).toBe(200);
    expect((await get(t.app, `/api/posts/${postId}`, newVisitor())).json<{ comment_count: number }>().comment_count).toBe(1);
  });

  it("an author's deletion of their own hidden comment does not take it off its post's count a second time", async () => {
    const author = newVisitor();
    const postId = await createPost(t.app);
    const add = async (who: Visitor, body: string) =>
      (await post(t.app, '/api/comments', { post_id: postId, body, author_name: 'Anonymous', isAnonymous: true }, who)).json<{ id: number }>().id;
    const [mine] = [await add(author, 'mine, hidden, then deleted by me'), await add(newVisitor(), 'stays')];
    expect((await staff(`/api/admin/comments/${mine}/hide`, {})).statusCode).toBe(200);
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/comments/${mine}`, remoteAddress: author.ip ?? randomIp(), headers: { 'x-anon-token': author.token } });
    expect(deleted.statusCode).toBeLessThan(300);
    expect((await get(t.app, `/api/posts/${postId}`, newVisitor())).json<{ comment_count: number }>().comment_count).toBe(1);
  });
});

describe('report decisions that hide and suspend (issue 26 items 2, 3 and 5)', () => {
  const reported = async (author: Visitor) => {
    const id = await createPost(t.app, {}, author);
    const ref = (await report({ post_id: id }, newVisitor())).json<{ ticket_reference: string }>().ticket_reference;
    const [row] = await reportsOf((r) => r.ticket_reference === ref);
    return { id, reportId: row!.id };
  };

  it("action 'hide' hides the reported post (reason staff), audited", async () => {
    const { id, reportId } = await reported(newVisitor());
    const res = await staff(`/api/admin/reports/${reportId}/decide`, { status: 'Action taken', action: 'hide' });
    expect(res.json()).toMatchObject({ status: 'Action taken', content_hidden: true, content_deleted: false, author_suspended: false });
    expect(await isPublic(id)).toBe(false);
    expect(await staffActions('post.hide', id)).toHaveLength(1);
  });

  it('suspend_author with hide_content suspends the author and hides all they wrote, in one step', async () => {
    const author = newVisitor();
    const other = await createPost(t.app, {}, author);
    const { id, reportId } = await reported(author);
    const res = await staff(`/api/admin/reports/${reportId}/decide`, {
      status: 'Action taken',
      suspend_author: true,
      suspension: { reason: 'abuse', duration_days: 7, hide_content: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ content_hidden: true, author_suspended: true });
    expect([await isPublic(id), await isPublic(other)]).toEqual([false, false]);
    expect((await viewer(other, author)).body).toMatchObject({ hidden: { reason: 'suspension', notice: HIDDEN_NOTICES.suspension } });
    const refused = await post(t.app, '/api/report', { post_id: other, reason: 'spam' }, author);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ message: string }>().message).toMatch(/^Your account is suspended until .*: abuse$/);
    expect(await staffActions('visitor.suspend', id)).toHaveLength(1);
    expect(await staffActions('visitor.hide-content', id)).toHaveLength(1);
  });

  it('suspend_author for good without hiding keeps the content visible', async () => {
    const author = newVisitor();
    const { id, reportId } = await reported(author);
    const res = await staff(`/api/admin/reports/${reportId}/decide`, {
      status: 'Reviewed',
      suspend_author: true,
      suspension: { reason: 'for good', duration_days: null },
    });
    expect(res.json()).toMatchObject({ author_suspended: true, content_hidden: false });
    expect(await isPublic(id)).toBe(true);
    expect((await post(t.app, '/api/report', { post_id: id, reason: 'spam' }, author)).json()).toEqual({ message: 'Your account is suspended: for good' });
  });

  it('the suspend-author route hides the content with hide_content', async () => {
    const author = newVisitor();
    const [a, b] = [await createPost(t.app, {}, author), await createPost(t.app, {}, author)];
    const res = await staff(`/api/admin/posts/${a}/suspend-author`, { duration_ms: 86_400_000, reason: 'spam', hide_content: true });
    expect(res.statusCode).toBe(201);
    expect([await isPublic(a), await isPublic(b)]).toEqual([false, false]);
  });

  it('unhide-suspended shows again in one step what a suspension hid, and only that', async () => {
    const author = newVisitor();
    const [a, b, byStaff] = [await createPost(t.app, {}, author), await createPost(t.app, {}, author), await createPost(t.app, {}, author)];
    const otherPost = await createPost(t.app);
    const comment = (
      await post(t.app, '/api/comments', { post_id: otherPost, body: 'a remark', author_name: 'Anonymous', isAnonymous: true }, author)
    ).json<{ id: number }>().id;
    expect((await staff(`/api/admin/posts/${byStaff}/hide`, {})).statusCode).toBe(200);
    const suspended = await staff(`/api/admin/posts/${a}/suspend-author`, { duration_ms: 86_400_000, reason: 'spam', hide_content: true });
    expect(suspended.statusCode).toBe(201);
    const visitor = suspended.json<{ visitor: string }>().visitor;
    const countOf = async () => (await get(t.app, `/api/posts/${otherPost}`, newVisitor())).json<{ comment_count: number }>().comment_count;
    expect([await isPublic(a), await isPublic(b), await countOf()]).toEqual([false, false, 0]);

    const res = await staff('/api/admin/posts/unhide-suspended', { visitor });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, posts: [a, b], comments: [comment] });
    expect([await isPublic(a), await isPublic(b), await isPublic(byStaff), await countOf()]).toEqual([true, true, false, 1]);
    expect((await outboxEvents(t.sql, 'forum.staff.action')).filter((e) => e.action === 'visitor.unhide-content' && e.target_id === visitor)).toHaveLength(1);
    expect((await staff('/api/admin/posts/unhide-suspended', { visitor })).json()).toEqual({ success: true, posts: [], comments: [] });

    for (const body of [{}, { visitor: 'short' }, { visitor, extra: 1 }]) {
      const bad = await staff('/api/admin/posts/unhide-suspended', body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(bad.json<{ message: string }>().message).toBeTruthy();
    }
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/admin/posts/unhide-suspended', payload: { visitor } });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers 400 with a message for a bad decision, 409 for hiding a help ticket', async () => {
    const { reportId } = await reported(newVisitor());
    const cases: Array<[unknown, string]> = [
      [{ status: 'Reviewed', suspend_author: true }, HIDE_MESSAGES.suspensionRequired],
      [{ status: 'Reviewed', suspension: { reason: 'x', duration_days: 1 } }, HIDE_MESSAGES.suspensionWithoutSuspend],
      [{ status: 'Reviewed', action: 'burn' }, "action must be 'none', 'hide' or 'delete'"],
      [{ status: 'Reviewed', suspend_author: true, suspension: { reason: '', duration_days: 1 } }, 'suspension.reason is required'],
      [
        { status: 'Reviewed', suspend_author: true, suspension: { reason: 'x', duration_days: 0 } },
        'suspension.duration_days must be a whole number of days from 1 to 365, or null for good',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await staff(`/api/admin/reports/${reportId}/decide`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json<{ message: string }>().message).toContain(message);
    }
    const help = await post(t.app, '/api/report', { title: 'Need help', category: 'Other', priority: 'Low', reason: 'Something is broken here', isAnonymous: true });
    expect(help.statusCode).toBe(201);
    const [ticket] = await reportsOf((r) => r.ticket_reference === help.json<{ ticket_reference: string }>().ticket_reference);
    const res = await staff(`/api/admin/reports/${ticket!.id}/decide`, { status: 'Reviewed', action: 'hide' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: HIDE_MESSAGES.helpHasNoContent });
  });
});
