import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotificationsResponse, NotificationsSeenResponse, VisitorNotifyEvent } from '@wfm/contracts/shared';
import { visitorRealtimeAddress } from '@wfm/service-kit';
import { buildTestService, type TestService } from '@wfm/service-kit/testing';
import { service } from '../src/app.ts';
import { createPost, get, hashToken, newVisitor, post, type Visitor } from './helpers.ts';

let t: TestService;
beforeAll(async () => {
  t = await buildTestService(service);
});
afterAll(async () => t?.close());

const comment = async (postId: number, body: string, visitor: Visitor, isAnonymous = false) => {
  const res = await post(t.app, '/api/comments', { post_id: postId, body, author_name: 'Anonymous', isAnonymous }, visitor);
  expect(res.statusCode).toBe(201);
  return res.json<{ id: number }>().id;
};
const list = async (visitor: Visitor) => {
  const res = await get(t.app, '/api/notifications', visitor);
  expect(res.statusCode).toBe(200);
  return NotificationsResponse.strict().parse(res.json());
};

describe('GET /api/notifications', () => {
  it("lists others' comments on the visitor's posts, newest first, unread until the visitor looks", async () => {
    const author = newVisitor();
    const other = newVisitor();
    const postId = await createPost(t.app, { title: 'Shrinkage for chat?' }, author);
    await comment(postId, 'my own follow-up', author);
    const first = await comment(postId, 'We plan 32% shrinkage for chat.', other);
    const second = await comment(postId, 'x'.repeat(400), other);

    const mine = await list(author);
    expect(mine.unread).toBe(2);
    expect(mine.seen_at).toBeNull();
    expect(mine.items.map((i) => i.id)).toEqual([`comment:${second}`, `comment:${first}`]);
    expect(mine.items[1]).toEqual({
      kind: 'comment',
      id: `comment:${first}`,
      href: `/post/${postId}`,
      title: 'Shrinkage for chat?',
      author_name: 'Anonymous',
      excerpt: 'We plan 32% shrinkage for chat.',
      created_at: expect.any(Number),
      unread: true,
    });
    expect(mine.items[0]!.excerpt).toHaveLength(200);

    // Nobody else sees them: not the commenter, not a stranger.
    expect((await list(other)).items).toEqual([]);
    expect((await list(newVisitor())).items).toEqual([]);

    const seen = await post(t.app, '/api/notifications/seen', undefined, author);
    expect(seen.statusCode).toBe(200);
    const { seen_at } = NotificationsSeenResponse.strict().parse(seen.json());
    const after = await list(author);
    expect(after.unread).toBe(0);
    expect(after.seen_at).toBe(seen_at);
    expect(after.items.every((i) => !i.unread)).toBe(true);

    // A reply after the look is new again. (Times are ms: the earlier replies move well before the
    // look and the look 1 ms back, so the next reply is later even within the same millisecond.)
    await t.sql`UPDATE comments SET created_at = created_at - 10000 WHERE post_id = ${postId}`;
    await t.sql`UPDATE notification_reads SET seen_at = seen_at - 1`;
    const third = await comment(postId, 'Another idea', other);
    const again = await list(author);
    expect(again.unread).toBe(1);
    expect(again.items.filter((i) => i.unread).map((i) => i.id)).toEqual([`comment:${third}`]);
  });

  it('401 without an issued token, for reading and for marking read', async () => {
    for (const headers of [{}, { 'x-anon-token': 'made-up' }]) {
      const read = await t.app.inject({ method: 'GET', url: '/api/notifications', headers });
      expect(read.statusCode).toBe(401);
      expect(read.json()).toEqual({ message: expect.any(String) });
      const seen = await t.app.inject({ method: 'POST', url: '/api/notifications/seen', headers });
      expect(seen.statusCode).toBe(401);
    }
  });

  it('ignores a body on /seen and refuses an oversized one with a 4xx', async () => {
    const v = newVisitor();
    expect((await post(t.app, '/api/notifications/seen', { anything: 1 }, v)).statusCode).toBe(200);
    const big = await post(t.app, '/api/notifications/seen', { x: 'y'.repeat(5000) }, v);
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ message: expect.any(String) });
  });
});

describe('live bell', () => {
  it("pushes reply_notification to the post author's room only, not for the author's own comments", async () => {
    const author = newVisitor();
    const other = newVisitor();
    const ownOnly = await createPost(t.app, {}, author);
    const replied = await createPost(t.app, {}, author);
    const authorAddress = visitorRealtimeAddress(hashToken(author.token));
    const pushed: unknown[] = [];
    let resolve!: () => void;
    const arrived = new Promise<void>((r) => (resolve = r));
    const stop = await t.bus.subscribe('forum.visitor.notify', (evt) => {
      const note = VisitorNotifyEvent.parse(evt.data);
      if (note.to === authorAddress) pushed.push(note.message);
      if (note.message.type === 'reply_notification' && note.message.data.href === `/post/${replied}`) resolve();
    });
    try {
      // The own comment's event is handled before the reply's (one durable consumer, in order).
      await comment(ownOnly, 'own note', author);
      await comment(replied, 'a reply', other);
      await arrived;
      expect(pushed).toEqual([{ type: 'reply_notification', data: { kind: 'comment', href: `/post/${replied}` } }]);
    } finally {
      await stop();
    }
  });
});
