import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCEPTED_ANSWER_MESSAGES, POST_MESSAGES } from '@wfm/contracts/forum';
import { buildTestService, type TestService } from '@wfm/service-kit/testing';
import { service } from '../src/app.ts';
import { createPost, get, newVisitor, outboxEvents, post, randomIp, uniqueWord, type Visitor } from './helpers.ts';

let t: TestService;
beforeAll(async () => {
  t = await buildTestService(service, { relay: false });
});
afterAll(async () => t?.close());

const accept = (postId: number | string, payload: unknown, visitor: Visitor) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/posts/${postId}/accepted-answer`,
    remoteAddress: visitor.ip,
    headers: { 'x-anon-token': visitor.token },
    payload: payload as Record<string, unknown>,
  });
const clear = (postId: number, visitor: Visitor) =>
  t.app.inject({
    method: 'DELETE',
    url: `/api/posts/${postId}/accepted-answer`,
    remoteAddress: visitor.ip,
    headers: { 'x-anon-token': visitor.token },
  });
async function comment(postId: number, body = 'Try weekly seasonality', visitor = newVisitor()): Promise<number> {
  const res = await post(t.app, '/api/comments', { post_id: postId, body, author_name: 'Anonymous' }, visitor);
  expect(res.statusCode).toBe(201);
  return res.json<{ id: number }>().id;
}
const detail = async (id: number) => (await get(t.app, `/api/posts/${id}`)).json();
const list = async (query: string) =>
  (await get(t.app, `/api/posts?${query}`)).json<{ posts: Array<{ id: number; accepted_comment_id: number | null }>; total: number }>();

describe('accepted answers', () => {
  it('the asker marks a comment: the detail pins it, the post carries its id, status stays open', async () => {
    const asker = newVisitor();
    const id = await createPost(t.app, {}, asker);
    const first = await comment(id, 'First idea');
    const second = await comment(id, 'Use **Erlang A** with abandonment');

    const res = await accept(id, { comment_id: second }, asker);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ post_id: id, accepted_comment_id: second });

    const shown = await detail(id);
    expect(shown.accepted_comment_id).toBe(second);
    expect(shown.accepted_answer).toMatchObject({ id: second, post_id: id, body: 'Use **Erlang A** with abandonment' });
    expect(shown.status).toBe('open');
    expect(shown.comments.map((c: { id: number }) => c.id)).toEqual([first, second]);
  });

  it('the asker changes it and clears it; the same choice twice writes one event', async () => {
    const asker = newVisitor();
    const id = await createPost(t.app, {}, asker);
    const a = await comment(id);
    const b = await comment(id);
    const before = (await outboxEvents(t.sql, 'forum.post.updated')).filter((e) => e.id === id).length;

    expect((await accept(id, { comment_id: a }, asker)).statusCode).toBe(200);
    expect((await accept(id, { comment_id: a }, asker)).statusCode).toBe(200);
    expect((await detail(id)).accepted_answer.id).toBe(a);
    expect((await accept(id, { comment_id: b }, asker)).json()).toEqual({ post_id: id, accepted_comment_id: b });
    expect((await detail(id)).accepted_answer.id).toBe(b);
    const cleared = await clear(id, asker);
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toEqual({ post_id: id, accepted_comment_id: null });
    const shown = await detail(id);
    expect(shown.accepted_answer).toBeNull();
    expect(shown.accepted_comment_id).toBeNull();

    // Mark a, mark a again (no change), change to b, clear: three changes, three events.
    const events = (await outboxEvents(t.sql, 'forum.post.updated')).filter((e) => e.id === id);
    expect(events.length - before).toBe(3);
    expect(events.map((e) => e.accepted_comment_id).slice(-3)).toEqual([a, b, null]);
  });

  it('pins an accepted answer that lies beyond the first page of comments', async () => {
    const asker = newVisitor();
    const id = await createPost(t.app, {}, asker);
    await t.sql`
      INSERT INTO comments (post_id, body, author_name, created_at)
      SELECT ${id}, 'early ' || i, 'Anonymous', 1000 + i FROM generate_series(1, 120) AS i`;
    await t.sql`UPDATE posts SET comment_count = 120 WHERE id = ${id}`;
    const late = await comment(id, 'The late but right answer');
    expect((await accept(id, { comment_id: late }, asker)).statusCode).toBe(200);
    const shown = await detail(id);
    expect(shown.comments.some((c: { id: number }) => c.id === late)).toBe(false);
    expect(shown.accepted_answer).toMatchObject({ id: late, body: 'The late but right answer' });
  });

  it('anyone else gets 403 with a message, also another visitor at the same address', async () => {
    const asker = newVisitor();
    const id = await createPost(t.app, {}, asker);
    const c = await comment(id);
    for (const other of [newVisitor(), { token: newVisitor().token, ip: asker.ip }]) {
      const res = await accept(id, { comment_id: c }, other);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: ACCEPTED_ANSWER_MESSAGES.notAsker });
      expect((await clear(id, other)).statusCode).toBe(403);
    }
    expect((await detail(id)).accepted_comment_id).toBeNull();
  });

  it('a token identity did not issue, or none, is 401; a post nobody verified wrote has no asker', async () => {
    const asker = newVisitor();
    const id = await createPost(t.app, {}, asker);
    const c = await comment(id);
    const forged = await accept(id, { comment_id: c }, { token: `${asker.token}x`, ip: randomIp() });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().message).toEqual(expect.any(String));
    const none = await t.app.inject({ method: 'PUT', url: `/api/posts/${id}/accepted-answer`, payload: { comment_id: c } });
    expect(none.statusCode).toBe(401);

    // Posts written without a verified visitor (author_token_hash null) cannot be accepted on by anyone.
    const [orphan] = await t.sql<{ id: number }[]>`
      INSERT INTO posts (type, title, body, author_name) VALUES ('Question', 'Orphan', 'b', 'Anonymous') RETURNING id`;
    const oc = await comment(orphan!.id);
    expect((await accept(orphan!.id, { comment_id: oc }, newVisitor())).statusCode).toBe(403);
  });

  it('only Questions, only comments of this post, only posts that exist', async () => {
    const asker = newVisitor();
    const idea = await createPost(t.app, { type: 'Idea' }, asker);
    const ideaComment = await comment(idea);
    const notQuestion = await accept(idea, { comment_id: ideaComment }, asker);
    expect(notQuestion.statusCode).toBe(400);
    expect(notQuestion.json()).toEqual({ message: ACCEPTED_ANSWER_MESSAGES.notQuestion });

    const question = await createPost(t.app, {}, asker);
    const elsewhere = await accept(question, { comment_id: ideaComment }, asker);
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json()).toEqual({ message: ACCEPTED_ANSWER_MESSAGES.commentNotFound });
    expect((await accept(question, { comment_id: 999_999_999 }, asker)).statusCode).toBe(404);

    const missing = await accept(999_999_999, { comment_id: ideaComment }, asker);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: POST_MESSAGES.notFound });
  });

  it('bad input is a 400 with a message, never a 5xx', async () => {
    const asker = newVisitor();
    const id = await createPost(t.app, {}, asker);
    const bodies: unknown[] = [
      {},
      { comment_id: 'abc' },
      { comment_id: '5' },
      { comment_id: 0 },
      { comment_id: -1 },
      { comment_id: 1.5 },
      { comment_id: 1e300 },
      { comment_id: null },
      { comment_id: [1] },
      [],
    ];
    for (const body of bodies) {
      const res = await accept(id, body, asker);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    for (const raw of ['{"comment_id":', 'not json', '"x"']) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/posts/${id}/accepted-answer`,
        remoteAddress: asker.ip,
        headers: { 'x-anon-token': asker.token, 'content-type': 'application/json' },
        payload: raw,
      });
      expect(res.statusCode, raw).toBe(400);
    }
    for (const badId of ['0', 'abc', '1.5', '-3', '1e3', '9'.repeat(40)]) {
      const res = await accept(badId, { comment_id: 1 }, asker);
      expect(res.statusCode, badId).toBe(400);
      expect(res.json()).toEqual({ message: POST_MESSAGES.invalidId });
    }
  });

  it('the viewer call tells the asker, and only the asker, that they may accept', async () => {
    const asker = newVisitor();
    const id = await createPost(t.app, {}, asker);
    const idea = await createPost(t.app, { type: 'Idea' }, asker);
    expect((await get(t.app, `/api/posts/${id}/viewer`, asker)).json()).toMatchObject({ can_accept_answer: true });
    expect((await get(t.app, `/api/posts/${id}/viewer`, newVisitor())).json()).toMatchObject({ can_accept_answer: false });
    expect((await get(t.app, `/api/posts/${idea}/viewer`, asker)).json()).toMatchObject({ can_accept_answer: false });
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/posts/${id}/viewer` });
    expect(anonymous.json()).toMatchObject({ can_accept_answer: false });
    expect((await get(t.app, '/api/posts/999999999/viewer', asker)).statusCode).toBe(404);
    expect((await get(t.app, '/api/posts/abc/viewer', asker)).statusCode).toBe(400);
  });

  it('an anonymous asker (isAnonymous) is still the verified asker', async () => {
    const asker = newVisitor();
    const id = await createPost(t.app, { isAnonymous: true }, asker);
    const c = await comment(id);
    expect((await accept(id, { comment_id: c }, asker)).statusCode).toBe(200);
  });

  it('deleting a post with an accepted answer takes both (the comment foreign key clears the post first)', async () => {
    const asker = newVisitor();
    const id = await createPost(t.app, {}, asker);
    const c = await comment(id);
    expect((await accept(id, { comment_id: c }, asker)).statusCode).toBe(200);
    await t.sql`DELETE FROM posts WHERE id = ${id}`;
    expect(await t.sql`SELECT 1 FROM comments WHERE id = ${c}`).toHaveLength(0);
  });
});

describe('Unanswered feed filter', () => {
  it('lists open Questions without an accepted answer, with the other filters, and counts them', async () => {
    const word = uniqueWord('unans');
    const asker = newVisitor();
    const open = await createPost(t.app, { title: `${word} open question` }, asker);
    const answered = await createPost(t.app, { title: `${word} answered question` }, asker);
    const resolved = await createPost(t.app, { title: `${word} resolved question` }, asker);
    const idea = await createPost(t.app, { title: `${word} an idea`, type: 'Idea' }, asker);
    const withComment = await createPost(t.app, { title: `${word} commented but unaccepted` }, asker);
    await comment(withComment);
    const c = await comment(answered);
    expect((await accept(answered, { comment_id: c }, asker)).statusCode).toBe(200);
    await t.sql`UPDATE posts SET status = 'resolved' WHERE id = ${resolved}`;

    for (const flag of ['true', '1']) {
      const found = await list(`q=${word}&unanswered=${flag}`);
      expect(found.posts.map((p) => p.id).sort()).toEqual([open, withComment].sort());
      expect(found.total).toBe(2);
    }
    for (const flag of ['false', '0', '']) {
      const all = await list(`q=${word}&unanswered=${flag}`);
      expect(all.posts.map((p) => p.id).sort()).toEqual([open, answered, resolved, idea, withComment].sort());
    }
    // Sorts and the type tab combine with it.
    for (const sort of ['latest', 'trending', 'upvotes']) {
      const sorted = await list(`author_name=planner_one&q=${word}&unanswered=true&sort=${sort}&type=Question`);
      expect(sorted.posts.map((p) => p.id).sort()).toEqual([open, withComment].sort());
    }
    expect((await list(`q=${word}&unanswered=true&type=Idea`)).posts).toEqual([]);
    // The answered post lists its accepted comment.
    expect((await list(`q=${word}`)).posts.find((p) => p.id === answered)?.accepted_comment_id).toBe(c);
  });

  it('refuses other values with a message', async () => {
    for (const value of ['yes', 'TRUE', '2', 'true,false']) {
      const res = await get(t.app, `/api/posts?unanswered=${value}`);
      expect(res.statusCode, value).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    const repeated = await get(t.app, '/api/posts?unanswered=true&unanswered=false');
    expect(repeated.statusCode).toBe(400);
  });
});
