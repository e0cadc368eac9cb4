import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { SUSPENSION_MESSAGES } from '@wfm/contracts/identity';
import { loadRateLimitSettings } from '@wfm/service-kit';
import { buildTestService, TEST_REDIS_URL, type TestService } from '@wfm/service-kit/testing';
import { service } from '../src/app.ts';
import { createPost, get, newVisitor, post } from './helpers.ts';

// Forum's "suspend the author" against the real PostgreSQL and Redis: the author of a post (or of
// a comment) is refused every write, reads stay, and nobody else is touched.

let t: TestService;
let redis: Redis;
beforeAll(async () => {
  redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
  const rateLimits = loadRateLimitSettings({ RATE_LIMIT_NAMESPACE: `s${randomBytes(4).toString('hex')}` });
  t = await buildTestService(service, { redis, rateLimits, relay: false });
});
afterAll(async () => {
  await t?.close();
  await redis?.quit();
});

const moderator = { id: 7, username: 'mod_anna', role: 'Moderator' as const };
function asStaff(url: string, payload: unknown) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: t.staffHeaders(moderator, { method: 'POST', url }),
    payload: payload as Record<string, unknown>,
  });
}

const comment = (postId: number) => ({ post_id: postId, body: 'me again', author_name: 'planner_one' });

describe('suspending the author of a post', () => {
  it('refuses every write of that author (posts, comments, votes), keeps their reads, and nobody else', async () => {
    const author = newVisitor();
    const bystander = newVisitor();
    const id = await createPost(t.app, {}, author);
    const res = await asStaff(`/api/admin/posts/${id}/suspend-author`, { duration_ms: 86_400_000, reason: 'spam links' });
    expect(res.statusCode).toBe(201);
    const { until } = res.json<{ until: number }>();
    const message = `Your account is suspended until ${new Date(until).toISOString()}: spam links`;

    // The same visitor from many addresses, in parallel.
    const attempts = await Promise.all(
      Array.from({ length: 6 }, (_, i) => {
        const from = { ...author, ip: newVisitor().ip };
        return i % 3 === 0
          ? post(t.app, '/api/posts', { type: 'Question', title: 'again', body: 'again', author_name: 'planner_one' }, from)
          : i % 3 === 1
            ? post(t.app, '/api/comments', comment(id), from)
            : post(t.app, `/api/posts/${id}/upvote`, undefined, from);
      }),
    );
    for (const a of attempts) expect({ status: a.statusCode, message: a.json().message }).toEqual({ status: 403, message });

    expect((await get(t.app, `/api/posts/${id}`, author)).statusCode).toBe(200);
    expect((await get(t.app, '/api/posts', author)).statusCode).toBe(200);
    expect((await post(t.app, '/api/comments', comment(id), bystander)).statusCode).toBe(201);
  });

  it('suspends the author of a comment for good', async () => {
    const commenter = newVisitor();
    const id = await createPost(t.app);
    const made = await post(t.app, '/api/comments', comment(id), commenter);
    expect(made.statusCode).toBe(201);
    const commentId = made.json<{ id: number }>().id;
    const res = await asStaff(`/api/admin/posts/comments/${commentId}/suspend-author`, { duration_ms: null, reason: 'threats' });
    expect(res.statusCode).toBe(201);
    const again = await post(t.app, '/api/comments', comment(id), commenter);
    expect(again.statusCode).toBe(403);
    expect(again.json().message).toBe('Your account is suspended: threats');
  });

  it('answers 404 for unknown content and 400 for a bad body, never a 5xx', async () => {
    const missing = await asStaff('/api/admin/posts/987654321/suspend-author', { duration_ms: 60_000, reason: 'x' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(SUSPENSION_MESSAGES.authorNotFound);
    const id = await createPost(t.app);
    for (const body of [{}, { duration_ms: 5, reason: 'x' }, { duration_ms: 60_000, reason: '' }, { duration_ms: 60_000, reason: 'x'.repeat(201) }, { duration_ms: '1', reason: 'x' }]) {
      const res = await asStaff(`/api/admin/posts/${id}/suspend-author`, body);
      expect(res.statusCode).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
  });
});
