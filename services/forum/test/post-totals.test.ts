import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestService, type TestService } from '@wfm/service-kit/testing';
import { service } from '../src/app.ts';
import { countPostsQuery } from '../src/posts/posts-search-repository.ts';
import { createPost, get } from './helpers.ts';

let t: TestService;
beforeAll(async () => {
  t = await buildTestService(service, { relay: false });
});
afterAll(async () => t?.close());

async function totals(query = '') {
  const res = await get(t.app, `/api/posts${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { total: number }).total;
}

/** The kept counters next to a fresh count, read in one statement (one snapshot). */
async function countersAndCounts() {
  return t.sql<{ type: string; kept: number; counted: number }[]>`
    SELECT type, n::int AS kept, (SELECT count(*)::int FROM posts p WHERE p.type = post_totals.type) AS counted
    FROM post_totals ORDER BY type`;
}

describe('the feed total kept per type (post_totals)', () => {
  it('follows posts created through the API, bulk inserts, a type change and deletes', async () => {
    expect(await totals()).toBe(0);
    await createPost(t.app, { type: 'Question' });
    await createPost(t.app, { type: 'Idea' });
    await createPost(t.app, { type: 'Idea' });
    expect(await totals()).toBe(3);
    expect(await totals('?type=Idea')).toBe(2);
    expect(await totals('?type=Tool')).toBe(0);

    await t.sql`
      INSERT INTO posts (type, title, body, author_name)
      SELECT (ARRAY['Question', 'Idea', 'Tool'])[1 + i % 3], 'Bulk ' || i, 'body', 'bulk'
      FROM generate_series(1, 30) AS i`;
    expect(await totals()).toBe(33);
    expect(await totals('?type=Tool')).toBe(10);

    await t.sql`UPDATE posts SET type = 'Tool' WHERE id = (SELECT min(id) FROM posts WHERE type = 'Question')`;
    await t.sql`UPDATE posts SET upvotes = upvotes + 1`;
    await t.sql`DELETE FROM posts WHERE author_name = 'bulk' AND type = 'Idea'`;

    for (const row of await countersAndCounts()) expect(row.kept, row.type).toBe(row.counted);
    const expected = (await countersAndCounts()).reduce((sum, row) => sum + row.counted, 0);
    expect(await totals()).toBe(expected);
  });

  it('is what an unfiltered or type-only list counts; any other filter counts the matching posts', async () => {
    const byType = await t.sql`EXPLAIN ${countPostsQuery(t.sql, { sort: 'latest', type: 'Idea' })}`;
    expect(byType.map((r) => r['QUERY PLAN']).join('\n')).toMatch(/post_totals/);
    const byAuthor = await t.sql`EXPLAIN ${countPostsQuery(t.sql, { sort: 'latest', authorName: 'bulk' })}`;
    expect(byAuthor.map((r) => r['QUERY PLAN']).join('\n')).not.toMatch(/post_totals/);
    expect(await totals('?author_name=bulk')).toBe(
      (await t.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM posts WHERE author_name = 'bulk'`)[0]!.n,
    );
  });
});
