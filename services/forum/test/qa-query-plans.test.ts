import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostSort } from '@wfm/contracts/forum';
import { buildTestService, type TestService } from '@wfm/service-kit/testing';
import { service } from '../src/app.ts';
import { countPostsQuery, listPostsQuery, similarPostsQuery, SIMILAR_CANDIDATES, type PostFilters } from '../src/posts/posts-search-repository.ts';

// Issue 16: the Unanswered and WFM-field filters and the similar-titles read stay index reads, like
// the plain feed (query-plans.test.ts covers the filters that existed before).

let t: TestService;
beforeAll(async () => {
  t = await buildTestService(service, { relay: false });
  // A year of 10,000 posts. About half carry WFM fields, skewed as real ones would be: voice and
  // NICE IEX common, social and Aspect rare. Half of the Questions have an accepted answer, a
  // tenth of the posts are resolved.
  await t.sql`
    INSERT INTO posts (type, title, body, author_name, tags, created_at, upvotes, comment_count, status,
                       channel, platform, centre_size, region)
    SELECT (ARRAY['Question', 'Idea', 'Tool'])[1 + i % 3],
           'Post ' || i || ' about ' || (ARRAY['forecasting', 'scheduling', 'adherence', 'shrinkage', 'attrition'])[1 + i % 5],
           repeat('Body text for post ' || i || '. ', 20),
           'author_' || (i % 500),
           'forecast',
           (extract(epoch FROM now()) * 1000)::bigint - (i::bigint * 3153600),
           (i * 7919) % 200,
           (i * 104729) % 30,
           CASE WHEN i % 10 = 0 THEN 'resolved' ELSE 'open' END,
           CASE WHEN i % 2 = 0 THEN (ARRAY['voice', 'voice', 'voice', 'chat', 'chat', 'email', 'back-office', 'voice', 'chat', 'email',
                                           'voice', 'voice', 'chat', 'voice', 'email', 'voice', 'chat', 'voice', 'voice', 'social'])[1 + (i / 2) % 20] END,
           CASE WHEN i % 2 = 1 THEN (ARRAY['nice-iex', 'nice-iex', 'verint', 'calabrio', 'genesys', 'nice-iex', 'teleopti', 'in-house',
                                           'verint', 'nice-iex', 'genesys', 'calabrio', 'nice-iex', 'other', 'verint', 'nice-iex',
                                           'genesys', 'nice-iex', 'verint', 'nice-iex', 'calabrio', 'nice-iex', 'genesys', 'verint',
                                           'nice-iex', 'teleopti', 'nice-iex', 'verint', 'genesys', 'nice-iex', 'calabrio', 'nice-iex',
                                           'verint', 'genesys', 'nice-iex', 'in-house', 'nice-iex', 'verint', 'nice-iex', 'aspect'])[1 + (i / 2) % 40] END,
           CASE WHEN i % 3 = 0 THEN (ARRAY['under-50', '50-249', '250-999', '1000-4999', '5000-plus'])[1 + (i / 3) % 5] END,
           CASE WHEN i % 4 = 0 THEN (ARRAY['north-america', 'north-america', 'uk-ireland', 'europe', 'latin-america', 'south-asia',
                                           'asia-pacific', 'australia-nz', 'middle-east-africa', 'north-america'])[1 + (i / 4) % 10] END
    FROM generate_series(1, 10000) AS i`;
  await t.sql`
    INSERT INTO comments (post_id, body, author_name, created_at)
    SELECT id, 'the answer', 'member', created_at + 1000 FROM posts WHERE type = 'Question' AND id % 2 = 0`;
  await t.sql`
    UPDATE posts SET accepted_comment_id = c.id FROM comments c WHERE c.post_id = posts.id`;
  await t.sql`VACUUM ANALYZE posts`;
  await t.sql`VACUUM ANALYZE comments`;
});
afterAll(async () => t?.close());

const page = { limit: 20, offset: 0 };
const SORTS: PostSort[] = ['latest', 'trending', 'upvotes'];

/** EXPLAIN (FORMAT JSON) of the query exactly as the repository builds it, as text to match. */
async function explainJson(query: PromiseLike<unknown>): Promise<string> {
  const rows = await t.sql`EXPLAIN (FORMAT JSON) ${query as ReturnType<typeof listPostsQuery>}`;
  return JSON.stringify(rows[0]!['QUERY PLAN'], null, 1);
}

describe('Unanswered lists read their partial index in every order', () => {
  const cases: Array<[PostSort, RegExp]> = [
    ['latest', /posts_unanswered_latest_idx/],
    ['upvotes', /posts_unanswered_upvotes_idx/],
    ['trending', /posts_unanswered_hot_idx/],
  ];
  it.each(cases)('%s', async (sort, index) => {
    for (const f of [{ sort, unanswered: true }, { sort, unanswered: true, type: 'Question' as const }]) {
      const plan = await explainJson(listPostsQuery(t.sql, f, page));
      expect(plan).toMatch(index);
      expect(plan).not.toMatch(/Seq Scan/);
      expect(plan).not.toMatch(/"Node Type": "Sort"/);
    }
    expect(await explainJson(countPostsQuery(t.sql, { sort, unanswered: true }))).not.toMatch(/Seq Scan/);
  });
});

describe('WFM field filters are index reads', () => {
  // A rare value must use its field's index; a common one may also walk the feed's order and filter.
  const cases: Array<[string, PostFilters, RegExp]> = [
    ['rare channel', { sort: 'latest', channel: 'social' }, /posts_channel_latest_idx/],
    ['common channel', { sort: 'latest', channel: 'voice' }, /posts_(channel_)?latest_idx/],
    ['rare platform', { sort: 'latest', platform: 'aspect' }, /posts_platform_latest_idx/],
    ['common platform', { sort: 'latest', platform: 'nice-iex' }, /posts_(platform_)?latest_idx/],
    ['size band', { sort: 'latest', centreSize: '5000-plus' }, /posts_(centre_size_)?latest_idx/],
    ['rare region', { sort: 'latest', region: 'middle-east-africa' }, /posts_region_latest_idx/],
    ['two fields', { sort: 'latest', channel: 'social', region: 'europe' }, /posts_(channel|region)_latest_idx/],
    ['field and type', { sort: 'latest', platform: 'aspect', type: 'Tool' }, /posts_platform_latest_idx/],
    ['field and Unanswered', { sort: 'latest', channel: 'chat', unanswered: true }, /posts_(unanswered|channel)_latest_idx/],
  ];

  it.each(cases)('%s', async (_name, filters, index) => {
    const plan = await explainJson(listPostsQuery(t.sql, filters, page));
    expect(plan).toMatch(index);
    expect(plan).not.toMatch(/Seq Scan/);
    expect(await explainJson(countPostsQuery(t.sql, filters))).not.toMatch(/Seq Scan/);
  });

  it.each(SORTS)('every field in the %s order reads no whole table', async (sort) => {
    for (const filters of [{ channel: 'voice' }, { channel: 'social' }, { platform: 'aspect' }, { region: 'europe' }, { centreSize: '50-249' }] as const) {
      const plan = await explainJson(listPostsQuery(t.sql, { sort, ...filters }, page));
      expect(plan, JSON.stringify(filters)).not.toMatch(/Seq Scan/);
    }
  });
});

describe('similar titles', () => {
  it.each([
    ['a word in a fifth of the titles', ['forecasting']],
    ['a word in one title', ['4242']],
    ['several words', ['scheduling', 'adherence', 'post']],
  ])('read an index and rank at most SIMILAR_CANDIDATES rows: %s', async (_name, words) => {
    const plan = await explainJson(similarPostsQuery(t.sql, words, 5));
    expect(plan).toMatch(/"Index Name": "posts_(latest|search)_idx"/);
    expect(plan).not.toMatch(/Seq Scan/);
    const rows = await t.sql`EXPLAIN (ANALYZE, FORMAT JSON) ${similarPostsQuery(t.sql, words, 5)}`;
    const actual = [...JSON.stringify(rows[0]!['QUERY PLAN']).matchAll(/"Actual Rows":(\d+)/g)].map((m) => Number(m[1]));
    expect(Math.max(...actual)).toBeLessThanOrEqual(SIMILAR_CANDIDATES);
  });
});
