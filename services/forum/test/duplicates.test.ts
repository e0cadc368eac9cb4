import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { buildTestService, TEST_REDIS_URL, type TestService } from '@wfm/service-kit/testing';
import { AdminHeldListResponse, HELD_FOR_REVIEW_MESSAGE, type StaffRole } from '@wfm/contracts/shared';
import { CreateCommentResponse, CreatePostResponse, PostDetail, UploadResponse } from '@wfm/contracts/forum';
import { multipart, PNG } from './files.ts';
import { service } from '../src/app.ts';
import { createPost, get, newVisitor, outboxEvents, post, uniqueWord, validPost } from './helpers.ts';

// The duplicate-content check (issue 25) on forum posts and comments, against the real Redis that
// counts copies across replicas: every write comes from a fresh token AND a fresh address, as a
// flood would, and from the 3rd visitor on the same text is held for review, not published.
let t: TestService;
let redis: Redis;
beforeAll(async () => {
  redis = new Redis(TEST_REDIS_URL, { lazyConnect: false, maxRetriesPerRequest: 1 });
  t = await buildTestService(service, { relay: false, redis, env: { DUPLICATE_CONTENT_HOLD_AT: '3' } });
});
afterAll(async () => {
  await t?.close();
  redis?.disconnect();
});

/** A body long enough to be counted (>= 40 characters), unique to the calling test. */
const spamBody = (word = uniqueWord('spam')) => `Cheap WFM certification, visit example.test/${word} now for a 90% discount`;

function staff(method: 'GET' | 'POST', url: string, role: StaffRole = 'Moderator') {
  return t.app.inject({ method, url, headers: t.staffHeaders({ role, id: 7, username: 'mod_anna' }, { method, url }) });
}

async function postFromFreshVisitors(body: string, n: number, extra: Record<string, unknown> = {}) {
  const answers: CreatePostResponse[] = [];
  for (let i = 0; i < n; i++) {
    const res = await post(t.app, '/api/posts', validPost({ body, ...extra }), newVisitor());
    expect(res.statusCode, res.body).toBe(201);
    answers.push(CreatePostResponse.parse(res.json()));
  }
  return answers;
}

const heldList = async () => {
  const res = await staff('GET', '/api/admin/held/forum?limit=100');
  expect(res.statusCode, res.body).toBe(200);
  return AdminHeldListResponse.parse(res.json());
};

const feedIds = async (query = '') => {
  const res = await get(t.app, `/api/posts?sort=latest&limit=100${query}`);
  expect(res.statusCode).toBe(200);
  return (res.json() as { posts: Array<{ id: number }>; total: number });
};

describe('the same post body from many fresh visitors and addresses', () => {
  it('publishes the first two and holds the rest: not in the feed, search, detail or events', async () => {
    const word = uniqueWord('flood');
    const answers = await postFromFreshVisitors(spamBody(word), 8, { title: `Certification offer ${word}` });
    expect(answers.slice(0, 2).every((a) => a.held === undefined)).toBe(true);
    for (const held of answers.slice(2)) expect(held).toMatchObject({ held: true, message: HELD_FOR_REVIEW_MESSAGE });
    const published = answers.slice(0, 2).map((a) => a.id);
    const heldIds = answers.slice(2).map((a) => a.id);

    const feed = await feedIds();
    for (const id of heldIds) expect(feed.posts.map((p) => p.id)).not.toContain(id);
    const search = await feedIds(`&q=${word}`);
    expect(search.posts.map((p) => p.id).sort()).toEqual([...published].sort());
    expect(search.total).toBe(2);
    for (const id of heldIds) expect((await get(t.app, `/api/posts/${id}`)).statusCode).toBe(404);
    const created = (await outboxEvents(t.sql, 'forum.post.created')).map((e) => e.id);
    for (const id of published) expect(created).toContain(id);
    for (const id of heldIds) expect(created).not.toContain(id);

    const queue = await heldList();
    const mine = queue.items.filter((i) => heldIds.includes(i.item_id));
    expect(mine).toHaveLength(6);
    expect(mine[0]).toMatchObject({ kind: 'post', reason: 'duplicate', title: `Certification offer ${word}`, body: spamBody(word) });
    expect(Math.max(...mine.map((i) => i.copies))).toBe(8);
  });

  it('counts copies that differ only in case, spacing, markdown and invisible characters', async () => {
    const word = uniqueWord('variant');
    const variants = [
      spamBody(word),
      `**${spamBody(word).toUpperCase()}**`,
      spamBody(word).replaceAll(' ', '\u200b  \n').replace('Cheap', 'Ｃｈｅａｐ'),
    ];
    const answers = [];
    for (const body of variants) answers.push(...(await postFromFreshVisitors(body, 1)));
    expect(answers.map((a) => a.held ?? false)).toEqual([false, false, true]);
  });

  it('lets short bodies and distinct bodies through however many visitors write them', async () => {
    const short = await postFromFreshVisitors(`Thanks, same here ${uniqueWord('s')}`.slice(0, 30), 6);
    expect(short.every((a) => a.held === undefined)).toBe(true);
    const distinct = [];
    for (let i = 0; i < 6; i++) distinct.push(...(await postFromFreshVisitors(spamBody(), 1)));
    expect(distinct.every((a) => a.held === undefined)).toBe(true);
  });

  it('does not hold one visitor repeating their own text (the per-visitor limits cover that)', async () => {
    const body = spamBody();
    const me = newVisitor();
    for (let i = 0; i < 4; i++) {
      const res = await post(t.app, '/api/posts', validPost({ body }), me);
      expect(res.statusCode).toBe(201);
      expect(res.json()).not.toHaveProperty('held');
    }
  });

  it('lets no more than two through when 24 visitors post the same body at once', async () => {
    const body = spamBody();
    const answers = await Promise.all(
      Array.from({ length: 24 }, () => post(t.app, '/api/posts', validPost({ body }), newVisitor())),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(24).fill(201));
    const published = answers.map((r) => CreatePostResponse.parse(r.json())).filter((a) => !a.held);
    expect(published).toHaveLength(2);
  });
});

describe('staff review of held posts', () => {
  it('release publishes the post under the id its author was given (feed, detail, event, audit); delete drops it', async () => {
    const word = uniqueWord('review');
    const answers = await postFromFreshVisitors(spamBody(word), 4, { title: `Certification offer ${word}` });
    const [toRelease, toDelete] = answers.slice(2);
    const queue = await heldList();
    const entry = (itemId: number) => queue.items.find((i) => i.item_id === itemId)!;

    const released = await staff('POST', `/api/admin/held/forum/${entry(toRelease!.id).id}/release`);
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json()).toEqual({ success: true, id: entry(toRelease!.id).id, item_id: toRelease!.id, status: 'released' });
    const detail = await get(t.app, `/api/posts/${toRelease!.id}`);
    expect(detail.statusCode).toBe(200);
    expect(PostDetail.parse(detail.json())).toMatchObject({ id: toRelease!.id, body: spamBody(word), author_name: 'planner_one' });
    expect((await feedIds(`&q=${word}`)).posts.map((p) => p.id)).toContain(toRelease!.id);
    expect((await outboxEvents(t.sql, 'forum.post.created')).map((e) => e.id)).toContain(toRelease!.id);

    const deleted = await staff('POST', `/api/admin/held/forum/${entry(toDelete!.id).id}/delete`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toMatchObject({ status: 'deleted', item_id: toDelete!.id });
    expect((await get(t.app, `/api/posts/${toDelete!.id}`)).statusCode).toBe(404);
    expect((await feedIds(`&q=${word}`)).posts.map((p) => p.id)).not.toContain(toDelete!.id);

    const after = (await heldList()).items.map((i) => i.item_id);
    expect(after).not.toContain(toRelease!.id);
    expect(after).not.toContain(toDelete!.id);
    // Decided once: a second click (another moderator) finds nothing to decide.
    expect((await staff('POST', `/api/admin/held/forum/${entry(toRelease!.id).id}/release`)).statusCode).toBe(404);
    expect((await staff('POST', `/api/admin/held/forum/${entry(toDelete!.id).id}/release`)).statusCode).toBe(404);

    const audit = (await outboxEvents(t.sql, 'forum.staff.action')).filter((e) => e.target_id === String(toRelease!.id) || e.target_id === String(toDelete!.id));
    expect(audit.map((e) => [e.action, e.target_type, e.staff_username])).toEqual([
      ['held.release', 'post', 'mod_anna'],
      ['held.delete', 'post', 'mod_anna'],
    ]);
  });

  it('releases each item once when two moderators click at the same moment', async () => {
    const answers = await postFromFreshVisitors(spamBody(), 3);
    const entry = (await heldList()).items.find((i) => i.item_id === answers[2]!.id)!;
    const clicks = await Promise.all([1, 2, 3].map(() => staff('POST', `/api/admin/held/forum/${entry.id}/release`)));
    expect(clicks.map((r) => r.statusCode).sort()).toEqual([200, 404, 404]);
    expect((await outboxEvents(t.sql, 'forum.post.created')).filter((e) => e.id === answers[2]!.id)).toHaveLength(1);
  });

  it('answers 404 for an unknown item and 400 for a malformed id', async () => {
    expect((await staff('POST', '/api/admin/held/forum/999999999/release')).statusCode).toBe(404);
    const bad = await staff('POST', '/api/admin/held/forum/abc/delete');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('message');
  });
});

describe('the same comment from many visitors', () => {
  it('holds the third copy (not in the thread or its count) until staff release it', async () => {
    const postId = await createPost(t.app, { body: `A thread ${uniqueWord()}` });
    const body = spamBody();
    const answers: CreateCommentResponse[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await post(t.app, '/api/comments', { post_id: postId, body, author_name: 'planner_two' }, newVisitor());
      expect(res.statusCode, res.body).toBe(201);
      answers.push(CreateCommentResponse.parse(res.json()));
    }
    expect(answers.map((a) => a.held ?? false)).toEqual([false, false, true, true]);
    const thread = PostDetail.parse((await get(t.app, `/api/posts/${postId}`)).json());
    expect(thread.comment_count).toBe(2);
    expect(thread.comments.map((c) => c.id)).toEqual([answers[0]!.id, answers[1]!.id]);
    expect((await outboxEvents(t.sql, 'forum.comment.created')).map((e) => e.id)).not.toContain(answers[2]!.id);

    const entry = (await heldList()).items.find((i) => i.kind === 'comment' && i.item_id === answers[2]!.id)!;
    expect((await staff('POST', `/api/admin/held/forum/${entry.id}/release`)).statusCode).toBe(200);
    const after = PostDetail.parse((await get(t.app, `/api/posts/${postId}`)).json());
    expect(after.comment_count).toBe(3);
    expect(after.comments.map((c) => c.id)).toContain(answers[2]!.id);
  });

  it('a held comment whose post was deleted cannot be released (409), only deleted', async () => {
    const postId = await createPost(t.app, { body: `A thread ${uniqueWord()}` });
    const body = spamBody();
    let held: CreateCommentResponse | undefined;
    for (let i = 0; i < 3; i++) {
      held = CreateCommentResponse.parse((await post(t.app, '/api/comments', { post_id: postId, body, author_name: 'planner_two' }, newVisitor())).json());
    }
    expect(held!.held).toBe(true);
    expect((await staff('POST', `/api/admin/posts/${postId}/delete`)).statusCode).toBe(200);
    const entry = (await heldList()).items.find((i) => i.kind === 'comment' && i.item_id === held!.id)!;
    const refused = await staff('POST', `/api/admin/held/forum/${entry.id}/release`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toHaveProperty('message');
    expect((await staff('POST', `/api/admin/held/forum/${entry.id}/delete`)).statusCode).toBe(200);
  });

  it('a held comment on a post that does not exist answers 404 like any comment', async () => {
    const body = spamBody();
    for (let i = 0; i < 2; i++) await post(t.app, '/api/posts', validPost({ body }), newVisitor());
    const res = await post(t.app, '/api/comments', { post_id: 999999999, body, author_name: 'planner_two' }, newVisitor());
    expect(res.statusCode).toBe(404);
  });
});

describe('help tickets and feature suggestions (read by staff only): flagged, not held', () => {
  it('flags the 3rd help ticket with the same text as a duplicate in the staff list; distinct ones stay unflagged', async () => {
    const word = uniqueWord('help');
    const ticket = { title: `Cannot export ${word}`, category: 'technical', priority: 'High', reason: spamBody(word), reporter_name: 'planner_one', isAnonymous: false };
    const refs: string[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await post(t.app, '/api/report', ticket, newVisitor());
      expect(res.statusCode, res.body).toBe(201);
      refs.push(res.json<{ ticket_reference: string }>().ticket_reference);
    }
    const own = await post(t.app, '/api/report', { ...ticket, reason: spamBody() }, newVisitor());
    const list = (await staff('GET', '/api/admin/reports?limit=500')).json<Array<{ ticket_reference: string; duplicate: boolean }>>();
    const flag = (ref: string) => list.find((r) => r.ticket_reference === ref)!.duplicate;
    expect(refs.map(flag)).toEqual([false, false, true, true]);
    expect(flag(own.json<{ ticket_reference: string }>().ticket_reference)).toBe(false);
  });

  it('flags the 3rd suggestion with the same text', async () => {
    const body = { title: 'Dark mode', description: spamBody(), author_name: 'Anonymous', isAnonymous: true, priority: 'Low' };
    const refs: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await post(t.app, '/api/feature-suggestions', body, newVisitor());
      expect(res.statusCode, res.body).toBe(201);
      refs.push(res.json<{ reference_number: string }>().reference_number);
    }
    const list = (await staff('GET', '/api/admin/feature-suggestions?limit=500')).json<Array<{ reference_number: string; duplicate: boolean }>>();
    expect(refs.map((ref) => list.find((s) => s.reference_number === ref)!.duplicate)).toEqual([false, false, true]);
  });
});

describe('a held post with an attachment', () => {
  it('keeps the file referenced while it waits and lets it go when the post is deleted', async () => {
    const visitor = newVisitor();
    const { payload, headers } = await multipart([{ name: 'chart.png', data: PNG, type: 'image/png' }]);
    const uploaded = await t.app.inject({ method: 'POST', url: '/api/upload', remoteAddress: visitor.ip, headers: { ...headers, 'x-anon-token': visitor.token }, payload });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const file = UploadResponse.parse(uploaded.json()).files[0]!;
    const name = file.url.split('/').pop()!;
    const referenced = async () => (await t.sql<{ referenced: boolean }[]>`SELECT referenced FROM uploads WHERE name = ${name}`)[0]!.referenced;
    expect(await referenced()).toBe(false);

    const body = spamBody();
    for (let i = 0; i < 2; i++) await post(t.app, '/api/posts', validPost({ body }), newVisitor());
    const held = CreatePostResponse.parse((await post(t.app, '/api/posts', validPost({ body, attachments: [file] }), visitor)).json());
    expect(held.held).toBe(true);
    expect(await referenced()).toBe(true);

    const entry = (await heldList()).items.find((i) => i.item_id === held.id)!;
    expect((await staff('POST', `/api/admin/held/forum/${entry.id}/delete`)).statusCode).toBe(200);
    expect(await referenced()).toBe(false);
  });
});
