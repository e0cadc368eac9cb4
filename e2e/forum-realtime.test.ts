import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import WebSocket from 'ws';
import { startTestRun, type TestRun } from './lib/distributed-run.ts';

/**
 * Forum writes reach a browser's websocket through the whole distributed path: outbox row and
 * NOTIFY in the forum process, its relay, NATS JetStream, the gateway process and /ws. How fast is
 * measured by `npm run bench feed`; here only that each message arrives, with the right data.
 */
let run: TestRun;
let ws: WebSocket;
let token: string;
const messages: Array<{ type: string; data: Record<string, unknown> }> = [];
const waiters = new Set<() => void>();

beforeAll(async () => {
  run = await startTestRun('wfm_forum_rt');
  ws = new WebSocket(`${run.gatewayUrl.replace('http', 'ws')}/ws`);
  ws.on('message', (raw) => {
    messages.push(JSON.parse(String(raw)) as (typeof messages)[number]);
    for (const wake of waiters) wake();
  });
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  const issued = await fetch(`${run.gatewayUrl}/api/session`, { method: 'POST' });
  token = ((await issued.json()) as { anon_token: string }).anon_token;
}, 180_000);

afterAll(async () => {
  ws?.close();
  await run?.dispose();
});

/** The first message (received so far or later) of `type` whose data matches; fails after a few seconds. */
function message(type: string, match: (data: Record<string, unknown>) => boolean, timeoutMs = 5_000) {
  return new Promise<Record<string, unknown>>((resolve, reject) => {
    const check = () => {
      const found = messages.find((m) => m.type === type && match(m.data));
      if (!found) return false;
      waiters.delete(wake);
      clearTimeout(timer);
      resolve(found.data);
      return true;
    };
    const wake = () => void check();
    const timer = setTimeout(() => {
      waiters.delete(wake);
      reject(new Error(`no ${type} message within ${timeoutMs} ms`));
    }, timeoutMs);
    if (!check()) waiters.add(wake);
  });
}

/** A write as the visitor. */
async function call<T>(method: string, path: string, body?: unknown): Promise<{ status: number; json: T }> {
  const res = await fetch(`${run.gatewayUrl}${path}`, {
    method,
    headers: { 'x-anon-token': token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as T };
}

/** An anonymous read, which the gateway answers from its cache once it holds the answer. */
async function read<T>(path: string): Promise<{ json: T; cache: string | null }> {
  const res = await fetch(`${run.gatewayUrl}${path}`);
  expect(res.status).toBe(200);
  return { json: (await res.json()) as T, cache: res.headers.get('x-cache') };
}

/**
 * Reads `path` until the gateway answers it from its cache, so the next change has a cached answer
 * to replace. NATS is shared by every run on this machine, so another run's forum events may drop
 * the entry between two reads: a few attempts, not one.
 */
async function cached(path: string): Promise<void> {
  const seen: Array<string | null> = [];
  for (let attempt = 0; attempt < 5; attempt++) {
    const { cache } = await read(path);
    if (cache === 'HIT' || cache === 'SHARED') return;
    seen.push(cache);
  }
  expect.fail(`${path} was never answered from the cache (x-cache: ${seen.join(', ')})`);
}

async function createPost(title: string): Promise<number> {
  const created = await call<{ id: number }>('POST', '/api/posts', {
    type: 'Question',
    title,
    body: 'How do you forecast **intraday** volume after a channel shift?',
    author_name: 'rt_tester',
    tags: 'forecasting,intraday',
  });
  expect(created.status).toBe(201);
  return created.json.id;
}

/** A post whose new_post message has come, so no event about its creation is still on the way. */
async function settledPost(title: string): Promise<number> {
  const id = await createPost(title);
  await message('new_post', (d) => d.id === id && d.title === title);
  return id;
}

describe('forum realtime in the distributed run', () => {
  it('pushes new_post with the post once it is created, and the cached feed shows it right after', async () => {
    await cached('/api/posts?sort=latest');

    const title = `Realtime ${randomBytes(4).toString('hex')}`;
    const id = await createPost(title);
    // Other runs on this machine share NATS (and their post ids): match on the unique title too.
    const data = await message('new_post', (d) => d.id === id && d.title === title);
    expect(data).toMatchObject({ id, title, type: 'Question', author_name: 'rt_tester', upvotes: 0, comment_count: 0 });
    expect(JSON.stringify(data)).not.toContain(token);

    const after = await read<{ posts: Array<{ id: number }> }>('/api/posts?sort=latest');
    expect(after.json.posts.map((p) => p.id)).toContain(id);
  });

  it('pushes new_comment with the comment, and the cached post detail shows it right after', async () => {
    const id = await settledPost(`Comment target ${randomBytes(4).toString('hex')}`);
    await cached(`/api/posts/${id}`);

    const body = `We re-baseline with the last four weeks (${randomBytes(4).toString('hex')}).`;
    const created = await call<Record<string, unknown>>('POST', '/api/comments', { post_id: id, body, author_name: 'rt_tester' });
    expect(created.status).toBe(201);
    const data = await message('new_comment', (d) => d.id === created.json.id && d.body === body);
    expect(data).toEqual(created.json);
    expect(data).toMatchObject({ post_id: id, body, author_name: 'rt_tester' });

    const detail = await read<{ comments: Array<{ id: number }> }>(`/api/posts/${id}`);
    expect(detail.json.comments.map((c) => c.id)).toContain(created.json.id);
  });

  it('pushes upvote with the post id and its new count', async () => {
    const id = await settledPost(`Upvote target ${randomBytes(4).toString('hex')}`);
    await cached(`/api/posts/${id}`);

    const upvoted = await call<{ upvotes: number }>('POST', `/api/posts/${id}/upvote`);
    expect(upvoted.status).toBe(200);
    expect(upvoted.json).toEqual({ upvotes: 1 });
    const data = await message('upvote', (d) => d.post_id === id);
    expect(data).toEqual({ post_id: id, upvotes: 1 });

    const detail = await read<{ upvotes: number }>(`/api/posts/${id}`);
    expect(detail.json.upvotes).toBe(1);
  });
});
