import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { buildTestService, type TestService } from '@wfm/service-kit/testing';
import { eventSchemas, realtimeMap, type EventSubject } from '@wfm/contracts/shared';
import { service } from '../src/app.ts';
import { createPost, newVisitor, post } from './helpers.ts';

let t: TestService;
const received: Array<{ subject: string; data: unknown }> = [];
beforeAll(async () => {
  t = await buildTestService(service);
  await t.bus.subscribe('forum.>', (evt) => {
    received.push(evt);
  });
});
afterAll(async () => t?.close());

it('writes reach the bus through the outbox, valid and mapped to the browser message types', async () => {
  const visitor = newVisitor();
  const id = await createPost(t.app, { title: 'Live post' }, visitor);
  const comment = (await post(t.app, '/api/comments', { post_id: id, body: 'live comment', author_name: 'a' })).json();
  await post(t.app, `/api/posts/${id}/upvote`, undefined);
  const url = `/api/admin/posts/${id}/resolve`;
  await t.app.inject({ method: 'POST', url, headers: t.staffHeaders({ role: 'Moderator' }, { method: 'POST', url }) });

  const about = (subject: string) =>
    received.filter((e) => {
      const data = e.data as { id?: number; post_id?: number; target_id?: string };
      return e.subject === subject && (data.id === id || data.post_id === id || data.target_id === String(id));
    });
  await vi.waitFor(() => {
    expect(about('forum.post.created')).toHaveLength(1);
    expect(about('forum.comment.created')).toHaveLength(1);
    expect(about('forum.post.upvoted')).toHaveLength(1);
    expect(about('forum.post.updated')).toHaveLength(1);
    expect(about('forum.staff.action')).toHaveLength(1);
  });

  expect(about('forum.post.created')[0]!.data).toMatchObject({ id, title: 'Live post', comment_count: 0 });
  expect(about('forum.comment.created')[0]!.data).toEqual(comment);
  expect(about('forum.post.upvoted')[0]!.data).toEqual({ post_id: id, upvotes: 1 });
  expect(about('forum.post.updated')[0]!.data).toMatchObject({ id, status: 'resolved', comment_count: 1, upvotes: 1 });
  for (const e of received) {
    expect(eventSchemas[e.subject as EventSubject].safeParse(e.data).success).toBe(true);
    expect(JSON.stringify(e.data)).not.toContain(visitor.token);
  }

  expect(realtimeMap['forum.post.created']).toBe('new_post');
  expect(realtimeMap['forum.post.updated']).toBe('post_updated');
  expect(realtimeMap['forum.post.deleted']).toBe('post_updated');
  expect(realtimeMap['forum.comment.created']).toBe('new_comment');
  expect(realtimeMap['forum.post.upvoted']).toBe('upvote');
  // Staff-only and internal events are not pushed to browsers.
  expect(realtimeMap['forum.staff.action']).toBeUndefined();
  expect(realtimeMap['forum.report.created']).toBeUndefined();
});
