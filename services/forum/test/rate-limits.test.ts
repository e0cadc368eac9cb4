import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMIT_MESSAGE } from '@wfm/service-kit';
import { buildTestService, type TestService } from '@wfm/service-kit/testing';
import { service } from '../src/app.ts';
import { FORUM_LIMITS } from '../src/rate-limits.ts';
import { multipart } from './files.ts';
import { createPost, newToken, newVisitor, post, randomIp, validPost, type Visitor } from './helpers.ts';

let t: TestService;
let postId: number;
beforeAll(async () => {
  t = await buildTestService(service, { relay: false });
  postId = await createPost(t.app);
});
afterAll(async () => t?.close());

type Kind = keyof typeof FORUM_LIMITS;

async function send(kind: Kind, visitor: Visitor) {
  switch (kind) {
    case 'post':
      return post(t.app, '/api/posts', validPost(), visitor);
    case 'comment':
      return post(t.app, '/api/comments', { post_id: postId, body: 'b', author_name: 'a' }, visitor);
    case 'upvote':
      return post(t.app, `/api/posts/${postId}/upvote`, undefined, visitor);
    case 'report':
      return post(t.app, '/api/report', { post_id: postId, reason: 'spam' }, visitor);
    case 'suggestion':
      return post(t.app, '/api/feature-suggestions', { title: 't', description: 'd' }, visitor);
    case 'upload': {
      const { payload, headers } = await multipart([{ name: 'a.txt', data: Buffer.from('x') }]);
      return t.app.inject({
        method: 'POST',
        url: '/api/upload',
        remoteAddress: visitor.ip,
        headers: { ...headers, 'x-anon-token': visitor.token },
        payload,
      });
    }
  }
}

const kinds = Object.keys(FORUM_LIMITS) as Kind[];

describe('abuse limits answer 429 with a message', () => {
  it.each(kinds)('%s: per visitor', async (kind) => {
    const visitor = newVisitor();
    for (let i = 0; i < FORUM_LIMITS[kind].visitor; i++) expect((await send(kind, visitor)).statusCode).toBeLessThan(300);
    const res = await send(kind, visitor);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ message: RATE_LIMIT_MESSAGE });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // Another visitor is not affected.
    expect((await send(kind, newVisitor())).statusCode).toBeLessThan(300);
  });

  it.each(kinds)('%s: per IP, across visitors', async (kind) => {
    const ip = randomIp();
    for (let i = 0; i < FORUM_LIMITS[kind].ip; i++) {
      expect((await send(kind, { token: newToken(), ip })).statusCode).toBeLessThan(300);
    }
    const res = await send(kind, { token: newToken(), ip });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ message: RATE_LIMIT_MESSAGE });
  });
});
