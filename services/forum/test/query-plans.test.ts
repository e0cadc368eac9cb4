import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestService, type TestService } from '@wfm/service-kit/testing';
import { service } from '../src/app.ts';
import { hashToken } from './helpers.ts';
import {
  countPostsQuery,
  listPosts,
  listPostsQuery,
  pageKeysWithTypeTotalQuery,
  pageWithTypeTotalQuery,
  searchPageWithTotalQuery,
  SEARCH_CANDIDATES,
  SEARCH_TOTAL_CAP,
  type PostFilters,
} from '../src/posts/posts-search-repository.ts';
import { listCommentsQuery } from '../src/posts/posts-comments-repository.ts';
import { countActiveVisitors } from '../src/visitors/visitors-repository.ts';
import { replyRecipientQuery } from '../src/notifications/notifications-repository.ts';

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
    // A ranked search reads its candidates newest first, from whichever index the planner finds cheaper.
    ['search', { sort: 'latest', q: 'forecasting' }, /posts_(latest|search)_idx/],
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

describe('searches read an index and a bounded number of rows, whatever the word', () => {
  // 'body' is in every post, 'forecasting' in a fifth of the titles, '4242' in one post only.
  const searches: Array<[string, string]> = [
    ['a word in every post', 'body'],
    ['a common title word', 'forecasting'],
    ['a rare word', '4242'],
    ['two words', 'forecasting body'],
    ['a rare and a common word', 'body 4242'],
  ];

  it.each(searches)('ranked list, %s', async (_name, q) => {
    for (const p of [page, { limit: 20, offset: 0 }, { limit: 50, offset: SEARCH_CANDIDATES - 10 }]) {
      const plan = await explainJson(listPostsQuery(t.sql, { sort: 'latest', q }, p));
      expect(plan).toMatch(/"Index Name": "posts_(latest|search)_idx"/);
      expect(plan).not.toMatch(/Seq Scan/);
    }
  });

  it.each(searches)('capped count, %s', async (_name, q) => {
    const plan = await explainJson(countPostsQuery(t.sql, { sort: 'latest', q }));
    expect(plan).toMatch(/"Index Name": "posts_(latest|search)_idx"/);
    expect(plan).not.toMatch(/Seq Scan/);
    expect(plan).toMatch(/"Node Type": "Limit"/);
  });

  it.each(searches)('trending and upvotes orders, %s', async (_name, q) => {
    for (const sort of ['trending', 'upvotes'] as const) {
      const plan = await explainJson(listPostsQuery(t.sql, { sort, q }, page));
      expect(plan).not.toMatch(/Seq Scan/);
    }
  });

  it('the ranked query ranks at most SEARCH_CANDIDATES rows, and the count stops at SEARCH_TOTAL_CAP', async () => {
    const analyze = async (query: PromiseLike<unknown>) => {
      const rows = await t.sql`EXPLAIN (ANALYZE, FORMAT JSON) ${query as ReturnType<typeof listPostsQuery>}`;
      return JSON.stringify(rows[0]!['QUERY PLAN']);
    };
    const list = await analyze(listPostsQuery(t.sql, { sort: 'latest', q: 'body' }, { limit: 20, offset: 0 }));
    const scanned = [...list.matchAll(/"Actual Rows":(\d+)/g)].map((m) => Number(m[1]));
    expect(Math.max(...scanned)).toBe(SEARCH_CANDIDATES);
    const count = await analyze(countPostsQuery(t.sql, { sort: 'latest', q: 'body' }));
    expect(Math.max(...[...count.matchAll(/"Actual Rows":(\d+)/g)].map((m) => Number(m[1])))).toBe(SEARCH_TOTAL_CAP);
  });
});

describe('a page and its total in one statement', () => {
  const searches = ['body', 'forecasting', '4242', 'forecasting body', 'body 4242', 'nosuchword'];

  it.each(searches)('a search for %s answers what the list and count queries answer', async (q) => {
    for (const p of [{ limit: 20, offset: 0 }, { limit: 50, offset: 150 }, { limit: 5, offset: 3 }]) {
      const filters: PostFilters = { sort: 'latest', q };
      const [posts, count] = await Promise.all([listPostsQuery(t.sql, filters, p), countPostsQuery(t.sql, filters)]);
      const combined = await listPosts(t.sql, filters, p);
      expect(combined.total).toBe(count[0]!.total);
      expect(combined.posts).toEqual([...posts]);
    }
  });

  it.each([
    ['latest', { sort: 'latest' }],
    ['trending by type', { sort: 'trending', type: 'Question' }],
    ['upvotes', { sort: 'upvotes' }],
  ] as Array<[string, PostFilters]>)('a %s page answers what the list and count queries answer, also past the end', async (_name, filters) => {
    for (const p of [{ limit: 20, offset: 0 }, { limit: 7, offset: 9_990 }, { limit: 20, offset: 50_000 }]) {
      const [posts, count] = await Promise.all([listPostsQuery(t.sql, filters, p), countPostsQuery(t.sql, filters)]);
      const combined = await listPosts(t.sql, filters, p);
      expect(combined.total).toBe(count[0]!.total);
      expect(combined.posts).toEqual([...posts]);
    }
  });

  it('walks the matches once, on an index, ranks at most SEARCH_CANDIDATES of them and reads only the page again', async () => {
    for (const q of searches) {
      const plan = await explainJson(searchPageWithTotalQuery(t.sql, { sort: 'latest', q }, { limit: 20, offset: 0 }));
      expect(plan).toMatch(/"Index Name": "posts_(latest|search)_idx"/);
      expect(plan).not.toMatch(/Seq Scan/);
      // posts is read by its key for the candidates, never scanned a second time.
      expect(plan.match(/"Relation Name": "posts"/g)).toHaveLength(2);
      expect(plan).toMatch(/"Index Name": "posts_pkey"/);
    }
    const rows = await t.sql`EXPLAIN (ANALYZE, FORMAT JSON) ${searchPageWithTotalQuery(t.sql, { sort: 'latest', q: 'body' }, { limit: 20, offset: 0 })}`;
    const analyzed = JSON.stringify(rows[0]!['QUERY PLAN']);
    // The walk stops at the cap (the window reads one row ahead to know the last row's peers).
    const walked = Math.max(...[...analyzed.matchAll(/"Actual Rows":(\d+)/g)].map((m) => Number(m[1])));
    expect(walked).toBeGreaterThanOrEqual(SEARCH_TOTAL_CAP);
    expect(walked).toBeLessThanOrEqual(SEARCH_TOTAL_CAP + 1);
    // Only the page's rows are read again, by key.
    expect(analyzed).toMatch(/"Node Type":"Index Scan","Parent Relationship":"Inner"[^}]*"Index Name":"posts_pkey"[^}]*"Actual Rows":1,"Actual Loops":20\b/);
    // ts_rank runs on the first SEARCH_CANDIDATES matches only (the rest have no rank).
    const ranked = await searchPageWithTotalQuery(t.sql, { sort: 'latest', q: 'body' }, { limit: SEARCH_CANDIDATES + 50, offset: 0 });
    expect(ranked.filter((row) => row.rank !== null)).toHaveLength(SEARCH_CANDIDATES);
  });

  it.each([
    ['latest', /posts_(type_)?latest_idx/],
    ['trending', /posts_(type_)?hot_idx/],
    ['upvotes', /posts_(type_)?upvotes_idx/],
  ] as const)('asks a %s feed page\'s ids and versions from its order\'s index, without a sort or a scan', async (sort, index) => {
    for (const type of [undefined, 'Idea'] as const) {
      const plan = await explainJson(pageKeysWithTypeTotalQuery(t.sql, { sort, type }, { limit: 20, offset: 40 }));
      expect(plan).toMatch(index);
      expect(plan).toMatch(/"Relation Name": "post_totals"/);
      expect(plan).not.toMatch(/"Node Type": "Sort"/);
      expect(plan).not.toMatch(/"Relation Name": "posts",[^}]*"Node Type": "Seq Scan"/);
    }
  });

  it('reads a counted page from its order\'s index and the total from post_totals', async () => {
    const plan = await explainJson(pageWithTypeTotalQuery(t.sql, { sort: 'trending', type: 'Idea' }, { limit: 20, offset: 0 }));
    expect(plan).toMatch(/"Index Name": "posts_(type_)?hot_idx"/);
    expect(plan).toMatch(/"Relation Name": "post_totals"/);
    expect(plan).not.toMatch(/"Relation Name": "posts",[^}]*"Node Type": "Seq Scan"/);
    // The page keeps its index order: a nested loop over one row, no sort.
    expect(plan).toMatch(/"Join Type": "Left"/);
    expect(plan).not.toMatch(/"Node Type": "Sort"/);
  });
});

describe('searches are planned with their words on every call', () => {
  it('runs searches as unnamed statements (no cached generic plan), other lists as prepared statements', async () => {
    const conn = await t.sql.reserve();
    try {
      // More than the five calls after which PostgreSQL may switch a prepared statement to a generic plan.
      for (let i = 0; i < 7; i++) {
        await listPostsQuery(conn as unknown as typeof t.sql, { sort: 'latest', q: 'forecasting' }, page);
        await listPostsQuery(conn as unknown as typeof t.sql, { sort: 'trending', q: 'body' }, page);
        await countPostsQuery(conn as unknown as typeof t.sql, { sort: 'latest', q: 'body' });
        await listPosts(conn as unknown as typeof t.sql, { sort: 'latest', q: 'forecasting' }, page);
        await listPostsQuery(conn as unknown as typeof t.sql, { sort: 'latest' }, page);
      }
      const prepared = await conn<{ statement: string }[]>`SELECT statement FROM pg_prepared_statements`;
      // (EXPLAINs of the tests above may have run on this connection: only the queries themselves count.)
      const searches = prepared.filter((p) => !/^\s*EXPLAIN/.test(p.statement) && p.statement.includes('websearch_to_tsquery'));
      expect(searches.map((p) => p.statement)).toEqual([]);
      // The check sees prepared statements at all: the plain latest list is one.
      expect(prepared.some((p) => p.statement.includes('ORDER BY created_at DESC, id DESC'))).toBe(true);
    } finally {
      conn.release();
    }
  });
});

describe('comment pages are keyset reads on comments_post_idx', () => {
  let longThread: number;
  beforeAll(async () => {
    // One thread of 5,000 comments among 200 short ones: the shape where OFFSET or a sort would show.
    const [thread] = await t.sql<{ id: number }[]>`SELECT id FROM posts ORDER BY id LIMIT 1`;
    longThread = thread!.id;
    await t.sql`
      INSERT INTO comments (post_id, body, author_name, created_at)
      SELECT CASE WHEN i <= 5000 THEN ${longThread}::bigint ELSE ${longThread}::bigint + i % 200 + 1 END,
             'comment ' || i, 'member', 1700000000000 + i
      FROM generate_series(1, 6000) AS i`;
    await t.sql`VACUUM ANALYZE comments`;
  });

  it.each([
    ['first page', undefined],
    ['a page deep in the thread', { createdAt: 1700000004000, id: 1 }],
  ])('%s', async (_name, after) => {
    const plan = await explainJson(listCommentsQuery(t.sql, longThread, { after, limit: 101 }));
    expect(plan).toMatch(/"Index Name": "comments_post_idx"/);
    expect(plan).not.toMatch(/Seq Scan/);
    // The index gives the order: no sort of the thread's rows, and the scan stops at the page's end.
    expect(plan).not.toMatch(/"Node Type": "Sort"/);
    expect(plan).toMatch(/"Node Type": "Limit"/);
    // The cursor is part of the index condition, so earlier comments are never read.
    if (after) expect(plan).toMatch(/"Index Cond": "\(\(post_id = [^"]*AND \(ROW\(created_at, id\) > ROW\(/);
  });
});

describe('the reply notification reads the post by its key, whatever the statistics say', () => {
  it('keeps to posts_pkey in the generic plan when no post had an author at the last ANALYZE', async () => {
    const conn = await t.sql.reserve();
    try {
      await conn`BEGIN`;
      // The shape that trapped the join: statistics from when nearly every post was anonymous,
      // under which a walk of posts_author_token_idx looks like one row (it grows with each post).
      await conn`UPDATE posts SET author_token_hash = NULL`;
      await conn`ANALYZE posts`;
      await conn`SET LOCAL plan_cache_mode = force_generic_plan`;
      const [comment] = await conn<{ id: number }[]>`
        INSERT INTO comments (post_id, body, author_name, created_at) SELECT id, 'hi', 'member', 1 FROM posts LIMIT 1 RETURNING id`;
      const rows = await conn`EXPLAIN (FORMAT JSON) ${replyRecipientQuery(conn as unknown as typeof t.sql, comment!.id)}`;
      const plan = JSON.stringify(rows[0]!['QUERY PLAN'], null, 1);
      expect(plan).toMatch(/"Index Name": "posts_pkey"/);
      expect(plan).not.toMatch(/posts_author_token_idx/);
      expect(plan).not.toMatch(/Seq Scan/);
    } finally {
      await conn`ROLLBACK`;
      conn.release();
    }
  });
});

/** EXPLAIN (FORMAT JSON) of the query as the repository builds it, as text to match. */
async function explainJson(query: PromiseLike<unknown>): Promise<string> {
  const rows = await t.sql`EXPLAIN (FORMAT JSON) ${query as ReturnType<typeof listPostsQuery>}`;
  return JSON.stringify(rows[0]!['QUERY PLAN'], null, 1);
}

/** EXPLAIN of the query exactly as the repository builds it, with its parameters bound. */
async function explain(query: ReturnType<typeof listPostsQuery> | ReturnType<typeof countPostsQuery>): Promise<string> {
  const rows = await t.sql`EXPLAIN ${query}`;
  return rows.map((r) => r['QUERY PLAN'] as string).join('\n');
}
