import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestService, type TestService } from '@wfm/service-kit/testing';
import { ListPostsResponse, PostSummary } from '@wfm/contracts/forum';
import { service } from '../src/app.ts';
import { get, uniqueWord } from './helpers.ts';

/**
 * GET /api/posts answers its rows serialized as they are (listAnswer in posts-service.ts), not
 * through the contract's schema. These tests hold the two together: every answer is what the
 * contract makes of the same rows, field for field, for every path of the list (counted pages,
 * ranked searches, searches past the candidates, filtered lists).
 */
let t: TestService;
beforeAll(async () => {
  t = await buildTestService(service, { relay: false });
});
afterAll(async () => t?.close());

/** Text that JSON must escape, and text it must carry through untouched. */
const AWKWARD = 'quote " backslash \\ newline\n tab\t bell \u0007 del \u007f é ü 😀 </script> \u2028 line-sep {"x":1}';

/** What the former path answered: the rows of the listed ids, parsed by the contract and serialized. */
async function serializedByContract(ids: number[]) {
  const rows = await t.sql`
    SELECT id, type, title, body, author_name, created_at, upvotes, status, tags, tool_links, attachments, comment_count,
           accepted_comment_id, channel, platform, centre_size, region
    FROM posts WHERE id = ANY(${ids}::int[])`;
  const byId = new Map(rows.map((row) => [row.id as number, row]));
  return ids.map((id) => PostSummary.parse(byId.get(id)));
}

async function insertPost(word: string, overrides: Partial<Record<string, unknown>> = {}): Promise<number> {
  const post = {
    type: 'Question',
    title: `${word} title ${AWKWARD}`,
    body: `${word} body ${AWKWARD}`,
    author_name: `author ${AWKWARD}`.slice(0, 40),
    tags: `${word},tags "quoted"`,
    tool_links: JSON.stringify([{ name: 'Erlang "C"', url: 'https://example.com/?a=1&b=2' }]),
    attachments: JSON.stringify([{ url: '/uploads/x.pdf', originalName: 'plan "v2".pdf', mimetype: 'application/pdf', size: 12 }]),
    channel: null,
    platform: null,
    centre_size: null,
    region: null,
    upvotes: 0,
    comment_count: 0,
    ...overrides,
  };
  const rows = await t.sql<{ id: number }[]>`INSERT INTO posts ${t.sql(post)} RETURNING id`;
  return rows[0]!.id;
}

describe('GET /api/posts answers its rows as the contract would, field for field', () => {
  // [name, url, whether the page holds the three posts, how many more posts with the word first]
  it.each([
    ['a counted page (latest)', (_word: string): string => `/api/posts?limit=50`, true, 0],
    ['a counted page of one type (trending)', (_word: string): string => `/api/posts?sort=trending&type=Idea&limit=50`, false, 0],
    ['a ranked search', (word: string): string => `/api/posts?q=${word}`, true, 0],
    // Beyond SEARCH_CANDIDATES the ranked candidates are followed by the older matches.
    ['a search past the ranked candidates', (word: string): string => `/api/posts?q=${word}&offset=190&limit=50`, false, 210],
    ['a search in another order', (word: string): string => `/api/posts?q=${word}&sort=upvotes`, true, 0],
    ['a filtered list (author prefix)', (_word: string): string => `/api/posts?author_name=author&limit=50`, false, 0],
  ] as const)('%s', async (_name, url, containsAll, older) => {
    const word = uniqueWord('json');
    if (older > 0) {
      await t.sql`
        INSERT INTO posts (type, title, body, author_name, created_at)
        SELECT 'Tool', ${word} || ' older ' || i, 'older body', 'someone', now_ms() - 86400000 - i FROM generate_series(1, ${older}) AS i`;
    }
    const ids = [
      await insertPost(word),
      await insertPost(word, { type: 'Idea', channel: 'voice', platform: 'nice-iex', centre_size: '250-999', region: 'north-america', upvotes: 7 }),
      await insertPost(word, { type: 'Idea', status: 'resolved', comment_count: 3 }),
    ];
    const res = await get(t.app, url(word));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const answer = JSON.parse(res.body) as { posts: Array<Record<string, unknown>>; total: number };
    // Exactly the contract's fields: nothing more (no token hash, no search vector), nothing less.
    expect(ListPostsResponse.strict().safeParse(answer).success).toBe(true);
    for (const post of answer.posts) expect(Object.keys(post)).toEqual(Object.keys(PostSummary.shape));
    // Each post is what the contract makes of its row, awkward text included.
    const listed = answer.posts.map((post) => post.id as number);
    expect(answer.posts).toEqual(await serializedByContract(listed));
    expect(listed.length).toBeGreaterThan(0);
    if (containsAll) expect(listed).toEqual(expect.arrayContaining(ids));
  });

  it('answers an empty page with its total, and a page past the end empty', async () => {
    const word = uniqueWord('none');
    expect(JSON.parse((await get(t.app, `/api/posts?q=${word}`)).body)).toEqual({ posts: [], total: 0 });
    const past = JSON.parse((await get(t.app, '/api/posts?offset=10000')).body) as { posts: unknown[]; total: number };
    expect(past.posts).toEqual([]);
    expect(past.total).toBeGreaterThan(0);
  });
});
