import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestService, type TestService } from '@wfm/service-kit/testing';
import { service } from '../src/app.ts';
import { countPostsQuery, listPostsQuery, type PostFilters } from '../src/post-repository.ts';
import { countActiveVisitors } from '../src/activity.ts';
import { hashToken } from '../src/visitors.ts';

let t: TestService;
beforeAll(async () => {
  t = await buildTestService(service, { relay: false });
  // A year of posts from 500 authors, so the planner's choices are the ones production gets.
  await t.sql`
    INSERT INTO posts (type, title, body, author_name, author_token_hash, tags, created_at, upvotes, comment_count)
    SELECT (ARRAY['Question', 'Idea', 'Tool'])[1 + i % 3],
           'Post ' || i || ' about ' || (ARRAY['forecasting', 'scheduling', 'adherence', 'shrinkage', 'attrition'])[1 + i % 5],
           repeat('Body text for post ' || i || '. ', 20),
           'author_' || (i % 500),
           sha256(('token-' || (i % 500))::bytea),
           (ARRAY['forecast', 'schedule', 'rta', 'iex', 'nice'])[1 + i % 5],
           (extract(epoch FROM now()) * 1000)::bigint - (i::bigint * 3153600),
           (i * 7919) % 200,
           (i * 104729) % 30
    FROM generate_series(1, 10000) AS i`;
  await t.sql`VACUUM ANALYZE posts`;
});
afterAll(async () => t?.close());

const page = { limit: 50, offset: 0 };
const now = Date.now();

describe('every list query is served by an index', () => {
  const cases: Array<[string, PostFilters, RegExp]> = [
    ['latest', { sort: 'latest' }, /posts_latest_idx/],
    // With a common type the planner may also walk the unfiltered order's index and filter.
    ['latest by type', { sort: 'latest', type: 'Idea' }, /posts_(type_)?latest_idx/],
    ['upvotes', { sort: 'upvotes' }, /posts_upvotes_idx/],
    ['upvotes by type', { sort: 'upvotes', type: 'Tool' }, /posts_(type_)?upvotes_idx/],
    ['trending', { sort: 'trending' }, /posts_hot_idx/],
    ['trending by type', { sort: 'trending', type: 'Question' }, /posts_(type_)?hot_idx/],
    ['search', { sort: 'latest', q: 'forecasting' }, /posts_search_idx/],
    ['author name', { sort: 'latest', authorName: 'author_42' }, /posts_author_name_idx/],
    ['my posts', { sort: 'latest', authorTokenHash: hashToken('token-42') }, /posts_author_token_idx/],
    ['date range', { sort: 'latest', from: now - 7 * 86_400_000, to: now - 6 * 86_400_000 }, /posts_latest_idx/],
  ];

  it.each(cases)('%s', async (_name, filters, index) => {
    const list = await explain(listPostsQuery(t.sql, filters, page));
    expect(list).toMatch(index);
    expect(list).not.toMatch(/Seq Scan/);
    if (filters.q || filters.authorName || filters.authorTokenHash || filters.from) {
      expect(await explain(countPostsQuery(t.sql, filters))).not.toMatch(/Seq Scan/);
    }
  });

  it('active members count is a range scan', async () => {
    await t.sql`
      INSERT INTO visitor_activity (visitor_hash, last_seen_at)
      SELECT sha256(('v' || i)::bytea), ${now}::bigint - i::bigint * 60000 FROM generate_series(1, 5000) AS i`;
    await t.sql`ANALYZE visitor_activity`;
    const rows = await t.sql`EXPLAIN SELECT count(*) FROM visitor_activity WHERE last_seen_at >= ${now - 3_600_000}`;
    expect(rows.map((r) => r['QUERY PLAN']).join('\n')).toMatch(/visitor_activity_last_seen_idx/);
    expect(await countActiveVisitors(t.sql, now)).toBeGreaterThan(0);
  });
});

/** EXPLAIN of the query exactly as the repository builds it, with its parameters bound. */
async function explain(query: ReturnType<typeof listPostsQuery> | ReturnType<typeof countPostsQuery>): Promise<string> {
  const rows = await t.sql`EXPLAIN ${query}`;
  return rows.map((r) => r['QUERY PLAN'] as string).join('\n');
}
