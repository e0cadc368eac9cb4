import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestService, type TestService } from '@wfm/service-kit/testing';
import { ListPostsResponse } from '@wfm/contracts/forum';
import { service } from '../src/app.ts';
import { createPost, get, newVisitor, uniqueWord, hashToken } from './helpers.ts';

let t: TestService;
beforeAll(async () => {
  t = await buildTestService(service, { relay: false });
});
afterAll(async () => t?.close());

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

async function list(query: Record<string, string | number>) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
  const res = await get(t.app, `/api/posts?${qs}`);
  expect(res.statusCode, res.body).toBe(200);
  return ListPostsResponse.parse(res.json());
}
const titles = async (query: Record<string, string | number>) => (await list(query)).posts.map((p) => p.title);

/** A post with chosen time and counts, written directly (the API always stamps "now"). */
async function insertPost(p: {
  title: string;
  author: string;
  createdAt: number;
  upvotes?: number;
  comments?: number;
  type?: string;
  body?: string;
  tags?: string;
}): Promise<number> {
  const rows = await t.sql<{ id: number }[]>`
    INSERT INTO posts (type, title, body, author_name, tags, created_at, upvotes, comment_count)
    VALUES (${p.type ?? 'Question'}, ${p.title}, ${p.body ?? 'body text'}, ${p.author}, ${p.tags ?? ''},
            ${p.createdAt}, ${p.upvotes ?? 0}, ${p.comments ?? 0})
    RETURNING id`;
  return rows[0]!.id;
}

describe('GET /api/posts', () => {
  it('answers {posts, total}, newest first by default', async () => {
    const author = uniqueWord('a');
    const now = Date.now();
    await insertPost({ title: 'older', author, createdAt: now - 2 * HOUR });
    await insertPost({ title: 'newest', author, createdAt: now - HOUR });
    await insertPost({ title: 'oldest', author, createdAt: now - 3 * HOUR });
    const res = await list({ author_name: author });
    expect(res.total).toBe(3);
    expect(res.posts.map((p) => p.title)).toEqual(['newest', 'older', 'oldest']);
  });

  it('filters by type; empty parameters count as absent', async () => {
    const author = uniqueWord('a');
    for (const type of ['Question', 'Idea', 'Tool', 'Idea']) await createPost(t.app, { type, author_name: author });
    expect((await list({ author_name: author, type: 'Idea' })).total).toBe(2);
    expect((await list({ author_name: author, type: 'Tool' })).total).toBe(1);
    expect((await list({ author_name: author, type: '', q: '', sort: '', start_date: '' })).total).toBe(4);
    const bad = await get(t.app, '/api/posts?type=Poll');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: expect.any(String) });
    expect((await get(t.app, '/api/posts?sort=random')).statusCode).toBe(400);
    expect((await get(t.app, '/api/posts?start_date=yesterday')).statusCode).toBe(400);
  });

  it('author_name matches a case-insensitive prefix, with LIKE wildcards taken literally', async () => {
    const author = uniqueWord('Auth');
    await createPost(t.app, { author_name: author, title: 'exact' });
    await createPost(t.app, { author_name: `${author}_2`, title: 'longer' });
    expect((await titles({ author_name: author.toUpperCase() })).sort()).toEqual(['exact', 'longer']);
    expect(await titles({ author_name: `${author}_` })).toEqual(['longer']);
    expect((await list({ author_name: `${author.slice(0, 4)}%${author.slice(5)}` })).total).toBe(0);
  });

  it('My Posts: anon_token matches the posts made with that token (stored as a hash only)', async () => {
    const me = newVisitor();
    const other = newVisitor();
    const mine = await createPost(t.app, { title: 'mine' }, me);
    await createPost(t.app, { title: 'theirs' }, other);
    const res = await list({ anon_token: me.token });
    expect(res.posts.map((p) => p.id)).toEqual([mine]);
    expect(JSON.stringify(res)).not.toContain(me.token);

    const stored = await t.sql`SELECT author_token_hash FROM posts WHERE id = ${mine}`;
    expect(Buffer.compare(stored[0]!.author_token_hash as Buffer, hashToken(me.token))).toBe(0);
    expect((await list({ anon_token: newVisitor().token })).total).toBe(0);
  });

  it('date range: start inclusive, end inclusive; a bare day as end covers the whole day', async () => {
    const author = uniqueWord('a');
    const day = Date.UTC(2025, 2, 10); // 2025-03-10T00:00Z
    await insertPost({ title: 'before', author, createdAt: day - 1 });
    await insertPost({ title: 'start', author, createdAt: day });
    await insertPost({ title: 'late', author, createdAt: day + DAY - 1 });
    await insertPost({ title: 'next', author, createdAt: day + DAY });

    expect(await titles({ author_name: author, start_date: day, end_date: day })).toEqual(['late', 'start']);
    expect(await titles({ author_name: author, start_date: '2025-03-10', end_date: '2025-03-10' })).toEqual([
      'late',
      'start',
    ]);
    expect(await titles({ author_name: author, start_date: day, end_date: day + DAY - 1 })).toEqual(['late', 'start']);
    expect(await titles({ author_name: author, end_date: day + 5 })).toEqual(['start', 'before']);
    expect(await titles({ author_name: author, start_date: day + DAY })).toEqual(['next']);
  });

  it('sort=upvotes: most upvoted first, ties newest first', async () => {
    const author = uniqueWord('a');
    const now = Date.now();
    await insertPost({ title: 'five', author, createdAt: now - 3 * HOUR, upvotes: 5 });
    await insertPost({ title: 'nine', author, createdAt: now - 5 * HOUR, upvotes: 9 });
    await insertPost({ title: 'five-newer', author, createdAt: now - HOUR, upvotes: 5 });
    await insertPost({ title: 'zero', author, createdAt: now, upvotes: 0 });
    expect(await titles({ author_name: author, sort: 'upvotes' })).toEqual(['nine', 'five-newer', 'five', 'zero']);
  });

  it('sort=trending: engagement weighed against age (log10 of votes + 2*comments + 1, 12.5 h per factor 10)', async () => {
    const author = uniqueWord('a');
    const now = Date.now();
    await insertPost({ title: 'fresh-quiet', author, createdAt: now - HOUR });
    await insertPost({ title: 'old-popular', author, createdAt: now - 30 * HOUR, upvotes: 50 });
    await insertPost({ title: 'recent-discussed', author, createdAt: now - 5 * HOUR, upvotes: 20, comments: 5 });
    await insertPost({ title: 'mid-liked', author, createdAt: now - 10 * HOUR, upvotes: 5 });
    expect(await titles({ author_name: author, sort: 'trending' })).toEqual([
      'recent-discussed',
      'mid-liked',
      'fresh-quiet',
      'old-popular',
    ]);
    // Comments count double: same age and votes, the discussed one ranks first.
    const author2 = uniqueWord('a');
    await insertPost({ title: 'votes', author: author2, createdAt: now - HOUR, upvotes: 3 });
    await insertPost({ title: 'comments', author: author2, createdAt: now - HOUR, upvotes: 1, comments: 2 });
    expect(await titles({ author_name: author2, sort: 'trending' })).toEqual(['comments', 'votes']);
  });

  it('trending follows new upvotes', async () => {
    const author = uniqueWord('a');
    const now = Date.now();
    const older = await insertPost({ title: 'older', author, createdAt: now - 13 * HOUR });
    await insertPost({ title: 'newer', author, createdAt: now - HOUR });
    expect(await titles({ author_name: author, sort: 'trending' })).toEqual(['newer', 'older']);
    await t.sql`UPDATE posts SET upvotes = 20 WHERE id = ${older}`;
    expect(await titles({ author_name: author, sort: 'trending' })).toEqual(['older', 'newer']);
  });

  it('q: full-text search, title matches outrank tag matches outrank body matches', async () => {
    const word = uniqueWord('kw');
    const author = uniqueWord('a');
    const now = Date.now();
    await insertPost({ title: 'in body', author, createdAt: now, body: `we discuss ${word} here` });
    await insertPost({ title: `about ${word}`, author, createdAt: now - 2 * HOUR });
    await insertPost({ title: 'tagged', author, createdAt: now - HOUR, tags: `wfm,${word}` });
    await insertPost({ title: 'unrelated', author, createdAt: now });
    const res = await list({ q: word });
    expect(res.total).toBe(3);
    expect(res.posts.map((p) => p.title)).toEqual([`about ${word}`, 'tagged', 'in body']);
  });

  it('q: stems words and combines terms; an explicit sort orders the matches', async () => {
    const word = uniqueWord('kw');
    const author = uniqueWord('a');
    const now = Date.now();
    await insertPost({ title: `Forecasting ${word} volumes`, author, createdAt: now - HOUR, upvotes: 1 });
    await insertPost({ title: `forecast for ${word}`, author, createdAt: now - 2 * HOUR, upvotes: 7 });
    await insertPost({ title: `scheduling ${word}`, author, createdAt: now });
    expect((await titles({ q: `forecasts ${word}` })).sort()).toEqual(
      [`Forecasting ${word} volumes`, `forecast for ${word}`].sort(),
    );
    expect(await titles({ q: `forecast ${word}`, sort: 'upvotes' })).toEqual([
      `forecast for ${word}`,
      `Forecasting ${word} volumes`,
    ]);
    expect((await list({ q: `"${word}" -scheduling` })).total).toBe(2);
    expect((await list({ q: 'the' })).total).toBe(0);
  });

  it('limit and offset page through the results; total counts them all', async () => {
    const author = uniqueWord('a');
    const now = Date.now();
    for (let i = 0; i < 5; i++) await insertPost({ title: `p${i}`, author, createdAt: now - i * HOUR });
    const page = await list({ author_name: author, limit: 2, offset: 2 });
    expect(page.total).toBe(5);
    expect(page.posts.map((p) => p.title)).toEqual(['p2', 'p3']);
    expect((await get(t.app, '/api/posts?limit=0')).statusCode).toBe(400);
    expect((await get(t.app, '/api/posts?limit=101')).statusCode).toBe(400);
  });
});
