import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { AUTHOR_EDIT_MESSAGES, COMMENT_MESSAGES, POST_MESSAGES } from '@wfm/contracts/forum';
import { buildTestService, type TestService } from '@wfm/service-kit/testing';
import { service } from '../src/app.ts';
import { createPost, get, newVisitor, outboxEvents, post, randomIp, uniqueWord, type Visitor } from './helpers.ts';

/** The real identity process of the project (serviceTestConfig with identity, vitest.config.ts). */
const identityUrl = inject('identityUrl');

let t: TestService;
beforeAll(async () => {
  t = await buildTestService(service, { relay: false });
});
afterAll(async () => t?.close());

const send = (method: 'PATCH' | 'DELETE', url: string, visitor: Visitor | null, payload?: Record<string, unknown>) =>
  t.app.inject({
    method,
    url,
    remoteAddress: visitor?.ip ?? randomIp(),
    headers: visitor ? { 'x-anon-token': visitor.token } : {},
    ...(payload ? { payload } : {}),
  });
const editPost = (id: number | string, payload: Record<string, unknown>, v: Visitor | null) => send('PATCH', `/api/posts/${id}`, v, payload);
const deletePost = (id: number | string, v: Visitor | null) => send('DELETE', `/api/posts/${id}`, v);
const editComment = (id: number | string, payload: Record<string, unknown>, v: Visitor | null) => send('PATCH', `/api/comments/${id}`, v, payload);
const deleteComment = (id: number | string, v: Visitor | null) => send('DELETE', `/api/comments/${id}`, v);

async function comment(postId: number, visitor = newVisitor(), body = 'Try weekly seasonality'): Promise<number> {
  const res = await post(t.app, '/api/comments', { post_id: postId, body, author_name: 'Anonymous' }, visitor);
  expect(res.statusCode).toBe(201);
  return res.json<{ id: number }>().id;
}
const detail = (id: number) => get(t.app, `/api/posts/${id}`);
const staffRevisions = (id: number) => {
  const url = `/api/admin/posts/${id}/revisions`;
  return t.app.inject({ method: 'GET', url, headers: t.staffHeaders({ role: 'Moderator', id: 9, username: 'mod_rev' }, { method: 'GET', url }) });
};

describe('author edits a post', () => {
  it('the author replaces title, body and tags; everyone sees edited_at; staff see the earlier version', async () => {
    const me = newVisitor();
    const id = await createPost(t.app, { title: 'First title', body: 'First body', tags: 'erlang' }, me);
    expect((await detail(id)).json().edited_at).toBeNull();

    const res = await editPost(id, { title: 'Better title', body: 'Better body', tags: 'erlang,staffing' }, me);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, title: 'Better title', body: 'Better body', tags: 'erlang,staffing' });
    expect(typeof res.json().edited_at).toBe('number');

    const shown = (await detail(id)).json();
    expect(shown).toMatchObject({ title: 'Better title', body: 'Better body' });
    expect(shown.edited_at).toBe(res.json().edited_at);
    const listed = (await get(t.app, '/api/posts?sort=latest&limit=50')).json<{ posts: Array<{ id: number; edited_at: number | null }> }>();
    expect(listed.posts.find((p) => p.id === id)?.edited_at).toBe(res.json().edited_at);

    expect((await editPost(id, { title: 'Third title', body: 'Third body' }, me)).statusCode).toBe(200);
    const revisions = (await staffRevisions(id)).json();
    expect(revisions.post.map((r: { title: string; body: string; tags: string }) => [r.title, r.body, r.tags])).toEqual([
      ['First title', 'First body', 'erlang'],
      ['Better title', 'Better body', 'erlang,staffing'],
    ]);
    const events = (await outboxEvents(t.sql, 'forum.post.updated')).filter((e) => e.id === id);
    expect(events.map((e) => e.title)).toEqual(['Better title', 'Third title']);
  });

  it('20 parallel edits from fresh tokens on many addresses are all 403 with a message and change nothing', async () => {
    const id = await createPost(t.app, { title: 'Untouched title', body: 'Untouched body' });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 ? editPost(id, { title: 'Hijacked', body: 'Hijacked' }, newVisitor()) : deletePost(id, newVisitor()),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(403));
    for (const r of results) expect(r.json().message).toBe(AUTHOR_EDIT_MESSAGES.notAuthorPost);
    const shown = (await detail(id)).json();
    expect(shown).toMatchObject({ title: 'Untouched title', body: 'Untouched body', edited_at: null });
    expect((await staffRevisions(id)).json().post).toEqual([]);
  });

  it('no token or a made-up token is 401; an unknown post is 404; a bad id is 400', async () => {
    const me = newVisitor();
    const id = await createPost(t.app, {}, me);
    expect((await editPost(id, { title: 'x', body: 'y' }, null)).statusCode).toBe(401);
    expect((await editPost(id, { title: 'x', body: 'y' }, { token: 'made-up', ip: randomIp() })).statusCode).toBe(401);
    expect((await deletePost(id, null)).statusCode).toBe(401);
    const missing = await editPost(999_999_999_999, { title: 'x', body: 'y' }, me);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(POST_MESSAGES.notFound);
    expect((await deletePost(999_999_999_999, me)).json().message).toBe(POST_MESSAGES.notFound);
    const bad = await editPost('abc', { title: 'x', body: 'y' }, me);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(POST_MESSAGES.invalidId);
  });

  it('validates as creation does, with the same messages', async () => {
    const me = newVisitor();
    const id = await createPost(t.app, {}, me);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ title: '   ', body: 'b' }, POST_MESSAGES.titleRequired],
      [{ title: 't'.repeat(121), body: 'b' }, POST_MESSAGES.titleTooLong],
      [{ title: 't', body: '' }, POST_MESSAGES.bodyRequired],
      [{ title: 't', body: 'b'.repeat(10_001) }, POST_MESSAGES.bodyTooLong],
      [{ title: 't', body: 'b', tags: Array.from({ length: 21 }, (_, i) => `t${i}`).join(',') }, POST_MESSAGES.tooManyTags],
      [{ title: 't', body: 'b', tags: 'x'.repeat(51) }, POST_MESSAGES.tagTooLong],
    ];
    for (const [payload, message] of cases) {
      const res = await editPost(id, payload, me);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await detail(id)).json().edited_at).toBeNull();
  });

  it('a revoked token can no longer edit or delete its post', async () => {
    const session = await fetch(`${identityUrl}/api/session`, { method: 'POST' });
    const token = ((await session.json()) as { anon_token: string }).anon_token;
    const me: Visitor = { token, ip: randomIp() };
    const id = await createPost(t.app, { title: 'Mine' }, me);
    expect((await fetch(`${identityUrl}/api/session`, { method: 'DELETE', headers: { 'x-anon-token': token } })).status).toBe(200);
    const revocation = t.app.verifyVisitor(token)!.revocation;
    await t.bus.publish('identity.visitor.revoked', { revocation, at: Date.now() }, { msgId: `forum-edit-test:${revocation}` });
    for (let i = 0; i < 250; i++) {
      if ((await t.sql`SELECT 1 FROM kit_revoked_visitors WHERE revocation = ${revocation}`).length) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect((await editPost(id, { title: 'Changed', body: 'Changed' }, me)).statusCode).toBe(401);
    expect((await deletePost(id, me)).statusCode).toBe(401);
    expect((await detail(id)).json().title).toBe('Mine');
  });
});

describe('what the viewer may change', () => {
  it('the viewer answer says which post and comments the caller wrote, and nothing for others', async () => {
    const me = newVisitor();
    const id = await createPost(t.app, {}, me);
    const mine = await comment(id, me);
    await comment(id);
    const viewer = async (v: Visitor) =>
      (await t.app.inject({ method: 'GET', url: `/api/posts/${id}/viewer`, remoteAddress: v.ip, headers: { 'x-anon-token': v.token } })).json();
    expect(await viewer(me)).toMatchObject({ can_edit: true, own_comment_ids: [mine] });
    expect(await viewer(newVisitor())).toMatchObject({ can_edit: false, own_comment_ids: [] });
  });
});

describe('author deletes a post', () => {
  it('a post without comments leaves the detail (404), the feed and search at once, with the staff deletion event', async () => {
    const me = newVisitor();
    const word = uniqueWord('gone');
    const id = await createPost(t.app, { title: `About ${word}`, body: `Body ${word}` }, me);
    const search = async () => (await get(t.app, `/api/posts?q=${word}`)).json<{ posts: Array<{ id: number }> }>().posts.map((p) => p.id);
    expect(await search()).toEqual([id]);

    const res = await deletePost(id, me);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, id });
    expect((await detail(id)).statusCode).toBe(404);
    expect(await search()).toEqual([]);
    const latest = (await get(t.app, '/api/posts?sort=latest&limit=50')).json<{ posts: Array<{ id: number }> }>();
    expect(latest.posts.map((p) => p.id)).not.toContain(id);
    expect((await outboxEvents(t.sql, 'forum.post.deleted')).filter((e) => e.id === id)).toHaveLength(1);
    expect((await deletePost(id, me)).statusCode).toBe(404);
  });
});

describe('author edits and deletes a comment', () => {
  it('the author edits: edited_at shown, the post event drops caches, staff see the earlier body', async () => {
    const me = newVisitor();
    const id = await createPost(t.app);
    const cid = await comment(id, me, 'Original words');
    const res = await editComment(cid, { body: 'Corrected words' }, me);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: cid, post_id: id, body: 'Corrected words' });
    const shown = (await detail(id)).json().comments.find((c: { id: number }) => c.id === cid);
    expect(shown.body).toBe('Corrected words');
    expect(shown.edited_at).toBe(res.json().edited_at);
    expect((await staffRevisions(id)).json().comments).toMatchObject([{ comment_id: cid, post_id: id, body: 'Original words' }]);
    expect((await outboxEvents(t.sql, 'forum.post.updated')).filter((e) => e.id === id).length).toBeGreaterThanOrEqual(1);
  });

  it('20 parallel edits and deletions from fresh tokens are 403 with a message', async () => {
    const id = await createPost(t.app);
    const cid = await comment(id, newVisitor(), 'Stays as written');
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? editComment(cid, { body: 'Hijacked' }, newVisitor()) : deleteComment(cid, newVisitor()))),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(403));
    for (const r of results) expect(r.json().message).toBe(AUTHOR_EDIT_MESSAGES.notAuthorComment);
    const shown = (await detail(id)).json();
    expect(shown.comments.map((c: { body: string }) => c.body)).toEqual(['Stays as written']);
    expect(shown.comment_count).toBe(1);
  });

  it('validates as creation does; unknown comment 404; bad id 400; no token 401', async () => {
    const me = newVisitor();
    const id = await createPost(t.app);
    const cid = await comment(id, me);
    const empty = await editComment(cid, { body: '   ' }, me);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(COMMENT_MESSAGES.bodyRequired);
    const long = await editComment(cid, { body: 'x'.repeat(5_001) }, me);
    expect(long.json().message).toBe(COMMENT_MESSAGES.bodyTooLong);
    const missing = await editComment(999_999_999_999, { body: 'x' }, me);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(AUTHOR_EDIT_MESSAGES.commentNotFound);
    const bad = await deleteComment('0', me);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(AUTHOR_EDIT_MESSAGES.invalidCommentId);
    expect((await deleteComment(cid, null)).statusCode).toBe(401);
  });

  it('a deleted comment leaves the post and its count; an accepted answer it was is cleared', async () => {
    const asker = newVisitor();
    const me = newVisitor();
    const id = await createPost(t.app, { type: 'Question' }, asker);
    const keep = await comment(id);
    const cid = await comment(id, me, 'Will go');
    const accepted = await t.app.inject({
      method: 'PUT',
      url: `/api/posts/${id}/accepted-answer`,
      remoteAddress: asker.ip,
      headers: { 'x-anon-token': asker.token },
      payload: { comment_id: cid },
    });
    expect(accepted.statusCode).toBe(200);

    const res = await deleteComment(cid, me);
    expect(res.statusCode).toBe(200);
    const shown = (await detail(id)).json();
    // The deleted comment stays in the thread as its placeholder (author-placeholders.test.ts).
    expect(shown.comments.map((c: { id: number; deleted: boolean }) => [c.id, c.deleted])).toEqual([
      [keep, false],
      [cid, true],
    ]);
    expect(shown.comment_count).toBe(1);
    expect(shown.accepted_comment_id).toBeNull();
    const events = (await outboxEvents(t.sql, 'forum.post.updated')).filter((e) => e.id === id);
    expect(events.at(-1)).toMatchObject({ comment_count: 1, accepted_comment_id: null });
    expect((await deleteComment(cid, me)).statusCode).toBe(404);
  });
});
