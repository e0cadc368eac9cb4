import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTHOR_EDIT_MESSAGES, POST_MESSAGES } from '@wfm/contracts/forum';
import { buildTestService, type TestService } from '@wfm/service-kit/testing';
import { service } from '../src/app.ts';
import { createPost, get, newVisitor, outboxEvents, post, randomIp, uniqueWord, type Visitor } from './helpers.ts';

/**
 * Issue 26 item 1: what an author deletes leaves a "deleted by its author" placeholder where
 * others' comments hang under it, leaves every list at once, and is audited with the actor 'author'.
 */
let t: TestService;
beforeAll(async () => {
  t = await buildTestService(service, { relay: false });
});
afterAll(async () => t?.close());

const send = (method: 'PATCH' | 'DELETE', url: string, visitor: Visitor, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, remoteAddress: visitor.ip ?? randomIp(), headers: { 'x-anon-token': visitor.token }, ...(payload ? { payload } : {}) });
const deletePost = (id: number, v: Visitor) => send('DELETE', `/api/posts/${id}`, v);
const deleteComment = (id: number, v: Visitor) => send('DELETE', `/api/comments/${id}`, v);
const editComment = (id: number, body: string, v: Visitor) => send('PATCH', `/api/comments/${id}`, v, { body });
const detail = (id: number) => get(t.app, `/api/posts/${id}`);

async function comment(postId: number, visitor = newVisitor(), body = 'We staff to 80/20'): Promise<number> {
  const res = await post(t.app, '/api/comments', { post_id: postId, body, author_name: 'Riley' }, visitor);
  expect(res.statusCode).toBe(201);
  return res.json<{ id: number }>().id;
}
const ids = async (url: string) => (await get(t.app, url)).json<{ posts: Array<{ id: number }> }>().posts.map((p) => p.id);
const authorActions = async () =>
  (await outboxEvents(t.sql, 'forum.staff.action')).filter((e) => e.role === 'author') as Array<{
    staff_id: number;
    staff_username: string;
    action: string;
    target_type: string;
    target_id: string;
  }>;

describe('a post deleted by its author under others’ comments', () => {
  it('keeps its page as the placeholder (no text, author, tags or attachments) with the comments readable under it', async () => {
    const me = newVisitor();
    const word = uniqueWord('placeholder');
    const id = await createPost(t.app, { title: `Shrinkage ${word}`, body: `Body ${word}`, tags: 'erlang' }, me);
    const theirs = await comment(id, newVisitor(), 'Mine stays readable');
    expect(await ids(`/api/posts?q=${word}`)).toEqual([id]);

    const res = await deletePost(id, me);
    expect(res.statusCode).toBe(200);
    const page = await detail(id);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({
      id,
      deleted: true,
      title: '',
      body: '',
      author_name: '',
      tags: '',
      attachments: '[]',
      tool_links: '[]',
      comment_count: 1,
    });
    expect(page.json().comments).toMatchObject([{ id: theirs, body: 'Mine stays readable', author_name: 'Riley', deleted: false }]);
    expect((await get(t.app, `/api/posts/${id}/comments`)).json().comments).toHaveLength(1);

    // Leaves search, the feed in every order and My Posts at once.
    expect(await ids(`/api/posts?q=${word}`)).toEqual([]);
    for (const sort of ['latest', 'trending', 'upvotes']) expect(await ids(`/api/posts?sort=${sort}&limit=50`)).not.toContain(id);
    expect((await outboxEvents(t.sql, 'forum.post.deleted')).filter((e) => e.id === id)).toHaveLength(1);

    // Nothing more happens to it: no new comments, votes, edits or second deletion.
    const late = await post(t.app, '/api/comments', { post_id: id, body: 'Late', author_name: 'Riley' }, newVisitor());
    expect(late.statusCode).toBe(404);
    expect(late.json().message).toBe(POST_MESSAGES.notFound);
    expect((await post(t.app, `/api/posts/${id}/upvote`, undefined, newVisitor())).statusCode).toBe(404);
    expect((await deletePost(id, me)).statusCode).toBe(404);
    expect((await send('PATCH', `/api/posts/${id}`, me, { title: 'Back', body: 'Back' })).statusCode).toBe(404);
  });

  it('a post whose only comments were deleted by their authors is simply gone', async () => {
    const me = newVisitor();
    const other = newVisitor();
    const id = await createPost(t.app, {}, me);
    const cid = await comment(id, other);
    expect((await deleteComment(cid, other)).statusCode).toBe(200);
    expect((await deletePost(id, me)).statusCode).toBe(200);
    expect((await detail(id)).statusCode).toBe(404);
    expect((await get(t.app, `/api/posts/${id}/comments`)).statusCode).toBe(404);
  });

  it('commenters still edit and delete their comments under it; the last one going takes the page', async () => {
    const me = newVisitor();
    const other = newVisitor();
    const id = await createPost(t.app, {}, me);
    const cid = await comment(id, other, 'Before');
    await deletePost(id, me);
    const viewer = await t.app.inject({ method: 'GET', url: `/api/posts/${id}/viewer`, remoteAddress: other.ip, headers: { 'x-anon-token': other.token } });
    expect(viewer.json()).toMatchObject({ can_edit: false, can_accept_answer: false, own_comment_ids: [cid] });

    expect((await editComment(cid, 'After', other)).statusCode).toBe(200);
    expect((await detail(id)).json().comments[0].body).toBe('After');
    expect((await deleteComment(cid, other)).statusCode).toBe(200);
    expect((await detail(id)).statusCode).toBe(404);
    // Each change under the tombstone dropped the caches with the deletion event.
    expect((await outboxEvents(t.sql, 'forum.post.deleted')).filter((e) => e.id === id)).toHaveLength(3);
  });

  it('once staff deleted the last comment under it, the page is gone', async () => {
    const me = newVisitor();
    const id = await createPost(t.app, {}, me);
    const cid = await comment(id);
    await deletePost(id, me);
    const url = `/api/admin/comments/${cid}/delete`;
    const res = await t.app.inject({ method: 'POST', url, headers: t.staffHeaders({ role: 'Moderator', id: 4, username: 'mod_del' }, { method: 'POST', url }) });
    expect(res.statusCode).toBe(200);
    expect((await detail(id)).statusCode).toBe(404);
  });

  it('staff deletion still takes the comments with the post', async () => {
    const id = await createPost(t.app);
    const cid = await comment(id);
    const url = `/api/admin/posts/${id}/delete`;
    const res = await t.app.inject({ method: 'POST', url, headers: t.staffHeaders({ role: 'Moderator', id: 4, username: 'mod_del' }, { method: 'POST', url }) });
    expect(res.statusCode).toBe(200);
    expect((await detail(id)).statusCode).toBe(404);
    expect(await t.sql`SELECT 1 FROM comments WHERE id = ${cid}`).toHaveLength(0);
  });
});

describe('a comment deleted by its author', () => {
  it('stays in its thread as a placeholder without body or name, uncounted, and leaves notifications', async () => {
    const asker = newVisitor();
    const me = newVisitor();
    const id = await createPost(t.app, {}, asker);
    const before = await comment(id, newVisitor(), 'First');
    const cid = await comment(id, me, 'Regret this');
    const after = await comment(id, newVisitor(), 'Replying to the regret');

    expect((await deleteComment(cid, me)).statusCode).toBe(200);
    const shown = (await detail(id)).json();
    expect(shown.comment_count).toBe(2);
    expect(shown.comments.map((c: { id: number; body: string; author_name: string; deleted: boolean }) => [c.id, c.body, c.author_name, c.deleted])).toEqual([
      [before, 'First', 'Riley', false],
      [cid, '', '', true],
      [after, 'Replying to the regret', 'Riley', false],
    ]);
    const notes = (await get(t.app, '/api/notifications', asker)).json<{ items: Array<{ id: string }> }>();
    expect(notes.items.map((i) => i.id)).not.toContain(`comment:${cid}`);
    expect(notes.items).toHaveLength(2);
    // Its text is kept for staff; the placeholder cannot be edited or deleted again, nor by its viewer.
    const url = `/api/admin/posts/${id}/revisions`;
    const revisions = await t.app.inject({ method: 'GET', url, headers: t.staffHeaders({ role: 'Moderator', id: 9, username: 'mod_rev' }, { method: 'GET', url }) });
    expect(revisions.json().comments).toMatchObject([{ comment_id: cid, body: 'Regret this' }]);
    const again = await editComment(cid, 'Undo', me);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(AUTHOR_EDIT_MESSAGES.commentNotFound);
    expect((await deleteComment(cid, me)).statusCode).toBe(404);
    const viewer = await t.app.inject({ method: 'GET', url: `/api/posts/${id}/viewer`, remoteAddress: me.ip, headers: { 'x-anon-token': me.token } });
    expect(viewer.json().own_comment_ids).toEqual([]);
  });
});

describe('author changes are audited with the actor "author"', () => {
  it('each edit and deletion writes one audit event naming no one, in the same transaction', async () => {
    const me = newVisitor();
    const id = await createPost(t.app, {}, me);
    const cid = await comment(id, me);
    const other = await comment(id);
    expect((await send('PATCH', `/api/posts/${id}`, me, { title: 'Audited title', body: 'Audited body' })).statusCode).toBe(200);
    expect((await editComment(cid, 'Audited comment', me)).statusCode).toBe(200);
    expect((await deleteComment(cid, me)).statusCode).toBe(200);
    expect((await deletePost(id, me)).statusCode).toBe(200);
    // A refused change (not the author) is not audited.
    expect((await deleteComment(other, newVisitor())).statusCode).toBe(403);

    const mine = (await authorActions()).filter((e) => (e.target_type === 'post' && e.target_id === String(id)) || [String(cid), String(other)].includes(e.target_id));
    expect(mine.map((e) => [e.action, e.target_type, e.target_id])).toEqual([
      ['post.author_edit', 'post', String(id)],
      ['comment.author_edit', 'comment', String(cid)],
      ['comment.author_delete', 'comment', String(cid)],
      ['post.author_delete', 'post', String(id)],
    ]);
    for (const e of mine) expect(e).toMatchObject({ staff_id: 0, staff_username: 'author' });
  });
});
