import type { Db } from '@wfm/service-kit';
import type { CentreSize, PostChannel, PostRegion, PostSort, PostSummary, PostType, SimilarPost, WfmPlatform } from '@wfm/contracts/forum';

/** The columns of a PostSummary: every query answering one (here and in the other posts repositories) lists them. */
export const SUMMARY_COLUMNS =
  'id, type, title, body, author_name, created_at, upvotes, status, tags, tool_links, attachments, comment_count, ' +
  'accepted_comment_id, channel, platform, centre_size, region, edited_at';

export interface PostFilters {
  type?: PostType | undefined;
  sort: PostSort;
  q?: string | undefined;
  /** Case-insensitive prefix of the author's name. */
  authorName?: string | undefined;
  authorTokenHash?: Buffer | undefined;
  /** Inclusive bounds, ms. */
  from?: number | undefined;
  to?: number | undefined;
  /** Only open Questions without an accepted answer (the partial posts_unanswered_* indexes). */
  unanswered?: boolean | undefined;
  channel?: PostChannel | undefined;
  platform?: WfmPlatform | undefined;
  centreSize?: CentreSize | undefined;
  region?: PostRegion | undefined;
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

function whereClause(db: Db, f: PostFilters) {
  // Hidden posts (issue 26: reports, staff, suspension) are in no list, search or count, except
  // their author's own My Posts (a per-visitor read the gateway never shares), where the post's page
  // then tells them why.
  const conditions = f.authorTokenHash ? [] : [db`hidden_at IS NULL`];
  if (f.type) conditions.push(db`type = ${f.type}`);
  if (f.q) conditions.push(db`search @@ websearch_to_tsquery('english', ${f.q})`);
  if (f.authorName) conditions.push(db`lower(author_name) LIKE ${`${escapeLike(f.authorName.toLowerCase())}%`}`);
  if (f.authorTokenHash) conditions.push(db`author_token_hash = ${f.authorTokenHash}`);
  if (f.from !== undefined) conditions.push(db`created_at >= ${f.from}`);
  if (f.to !== undefined) conditions.push(db`created_at <= ${f.to}`);
  // Spelled as the partial indexes' predicate, so the planner can prove they apply.
  if (f.unanswered) conditions.push(db`type = 'Question' AND status = 'open' AND accepted_comment_id IS NULL`);
  if (f.channel) conditions.push(db`channel = ${f.channel}`);
  if (f.platform) conditions.push(db`platform = ${f.platform}`);
  if (f.centreSize) conditions.push(db`centre_size = ${f.centreSize}`);
  if (f.region) conditions.push(db`region = ${f.region}`);
  return conditions.reduce((all, condition) => db`${all} AND ${condition}`);
}

/** The explicit orders (trending, upvotes) apply to a search's matches as they are. */
function orderClause(db: Db, f: PostFilters) {
  switch (f.sort) {
    case 'trending':
      return db`hot_score DESC, id DESC`;
    case 'upvotes':
      return db`upvotes DESC, created_at DESC, id DESC`;
    case 'latest':
      return db`created_at DESC, id DESC`;
  }
}

/**
 * A search in the default order ranks its newest SEARCH_CANDIDATES matches by relevance (title
 * over tags over body, ts_rank) and lists its older matches after them, newest first. Ranking every
 * match of a common word read and scored thousands of rows per request; this reads at most
 * SEARCH_CANDIDATES (plus the page, for pages beyond them), in created_at order from
 * posts_latest_idx or from posts_search_idx for rarer words, whichever the planner finds cheaper.
 */
export const SEARCH_CANDIDATES = 200;

/**
 * A search counts its matches up to this many: `total` is exact below it and SEARCH_TOTAL_CAP above.
 * Counting is most of a common word's cost (each match walked newest first); 1,000 cost 1.1 ms of
 * PostgreSQL per search on the bench's 10,000 posts, 500 cost 0.6 ms.
 */
export const SEARCH_TOTAL_CAP = 500;

/**
 * Runs the query as an unnamed statement, so PostgreSQL plans it with the actual search words on
 * every call. A named prepared statement (postgres.js's default) switches after five calls to a
 * generic plan that assumes every search matches a few rows: for a common word it then reads and
 * sorts every match (200 ms instead of 1 ms on the bench's 10,000 posts). postgres.js has no
 * per-query switch for tagged queries; its query objects read `options.prepare` when they run.
 */
function plannedWithItsValues<T>(query: T): T {
  (query as { options: { prepare?: boolean } }).options.prepare = false;
  return query;
}

/** The list query, unexecuted (tests EXPLAIN it). */
export function listPostsQuery(db: Db, f: PostFilters, page: { limit: number; offset: number }) {
  if (f.q && f.sort === 'latest') return rankedSearchQuery(db, { ...f, q: f.q }, page);
  const query = db<PostSummary[]>`
    SELECT ${db.unsafe(SUMMARY_COLUMNS)} FROM posts
    WHERE ${whereClause(db, f)}
    ORDER BY ${orderClause(db, f)}
    LIMIT ${page.limit} OFFSET ${page.offset}`;
  return f.q ? plannedWithItsValues(query) : query;
}

function rankedSearchQuery(db: Db, f: PostFilters & { q: string }, page: { limit: number; offset: number }) {
  const ranked = db`
    SELECT ${db.unsafe(SUMMARY_COLUMNS)}, 0 AS part, ts_rank(search, websearch_to_tsquery('english', ${f.q})) AS rank
    FROM (
      SELECT ${db.unsafe(SUMMARY_COLUMNS)}, search FROM posts
      WHERE ${whereClause(db, f)}
      ORDER BY created_at DESC, id DESC
      LIMIT ${SEARCH_CANDIDATES}
    ) AS candidates`;
  const older =
    page.offset + page.limit > SEARCH_CANDIDATES
      ? db`
    UNION ALL
    (SELECT ${db.unsafe(SUMMARY_COLUMNS)}, 1 AS part, 0 AS rank FROM posts
     WHERE ${whereClause(db, f)}
     ORDER BY created_at DESC, id DESC
     OFFSET ${SEARCH_CANDIDATES} LIMIT ${page.offset + page.limit - SEARCH_CANDIDATES})`
      : db``;
  return plannedWithItsValues(db<PostSummary[]>`
    SELECT ${db.unsafe(SUMMARY_COLUMNS)} FROM (${ranked} ${older}) AS matches
    ORDER BY part, rank DESC, created_at DESC, id DESC
    LIMIT ${page.limit} OFFSET ${page.offset}`);
}

/** True when only the type narrows the list: its total is kept in post_totals (migration 003). */
export const countedByType = (f: PostFilters) =>
  !f.q &&
  !f.authorName &&
  !f.authorTokenHash &&
  f.from === undefined &&
  f.to === undefined &&
  !f.unanswered &&
  !f.channel &&
  !f.platform &&
  !f.centreSize &&
  !f.region;

export function countPostsQuery(db: Db, f: PostFilters) {
  if (countedByType(f)) {
    return db<{ total: number }[]>`
      SELECT coalesce(sum(n), 0)::int AS total FROM post_totals ${f.type ? db`WHERE type = ${f.type}` : db``}`;
  }
  if (f.q) {
    // Counting every match of a common word reads most of the table; the order walks an index
    // (posts_latest_idx, or posts_search_idx for rarer words) and stops at the cap.
    return plannedWithItsValues(db<{ total: number }[]>`
      SELECT count(*)::int AS total FROM (
        SELECT 1 FROM posts WHERE ${whereClause(db, f)} ORDER BY created_at DESC, id DESC LIMIT ${SEARCH_TOTAL_CAP}
      ) AS capped`);
  }
  return db<{ total: number }[]>`SELECT count(*)::int AS total FROM posts WHERE ${whereClause(db, f)}`;
}

/**
 * A search's first pages (within its SEARCH_CANDIDATES ranked candidates) and its capped total in
 * one statement, unexecuted (tests EXPLAIN it). One walk of the matches, newest first and stopping
 * at SEARCH_TOTAL_CAP, counts them and ranks the first SEARCH_CANDIDATES as it passes (a window's
 * row number), so a common word's matches are read once instead of twice, and only the page's rows
 * are read again (by key) for their columns: 1.6 ms of PostgreSQL per search on the bench's 10,000
 * posts instead of 2.3 ms in two statements, and one round trip instead of two. The page is joined
 * to a one-row table, so a search without matches still answers its total (0).
 */
export function searchPageWithTotalQuery(db: Db, f: PostFilters & { q: string }, page: { limit: number; offset: number }) {
  return plannedWithItsValues(db<Array<PostSummary & { total: number; rank: number | null }>>`
    ${searchMatches(db, f, page)}
    SELECT (SELECT count(*)::int FROM matches) AS total, ${db.unsafe(SUMMARY_COLUMNS)}, rank
    FROM (VALUES (1)) AS one (x) LEFT JOIN (ranked JOIN posts ON posts.id = ranked.ranked_id) ON TRUE
    ORDER BY rank DESC, created_at DESC, id DESC`);
}

/**
 * The same search page as searchPageWithTotalQuery, as ids with their row versions (xmin, see
 * posts-summary-cache.ts) and the capped total, unexecuted: the posts' text is then taken from
 * the process's memory where it is held at that version.
 */
export function searchPageKeysQuery(db: Db, f: PostFilters & { q: string }, page: { limit: number; offset: number }) {
  return plannedWithItsValues(db<Array<{ total: number; id: number | null; version: string | null }>>`
    ${searchMatches(db, f, page)}
    SELECT (SELECT count(*)::int FROM matches) AS total, id, posts.xmin::text AS version
    FROM (VALUES (1)) AS one (x) LEFT JOIN (ranked JOIN posts ON posts.id = ranked.ranked_id) ON TRUE
    ORDER BY rank DESC, created_at DESC, id DESC`);
}

/** True for a search page within its ranked candidates: one statement answers it (searchMatches). */
export const isRankedSearchPage = (f: PostFilters, page: { limit: number; offset: number }): f is PostFilters & { q: string } =>
  Boolean(f.q) && f.sort === 'latest' && page.offset + page.limit <= SEARCH_CANDIDATES;

/** The CTEs of a ranked search page: `matches` (capped, newest first, the first ranked) and the page's `ranked` ids. */
function searchMatches(db: Db, f: PostFilters & { q: string }, page: { limit: number; offset: number }) {
  return db`
    WITH matches AS MATERIALIZED (
      SELECT id, created_at,
             CASE WHEN row_number() OVER (ORDER BY created_at DESC, id DESC) <= ${SEARCH_CANDIDATES}
                  THEN ts_rank(search, websearch_to_tsquery('english', ${f.q})) END AS rank
      FROM posts WHERE ${whereClause(db, f)}
      ORDER BY created_at DESC, id DESC
      LIMIT ${SEARCH_TOTAL_CAP}
    ), ranked AS (
      SELECT id AS ranked_id, rank FROM matches WHERE rank IS NOT NULL
      ORDER BY rank DESC, created_at DESC, id DESC
      LIMIT ${page.limit} OFFSET ${page.offset}
    )`;
}

/**
 * A page of a list counted by type (post_totals) with its total in one statement, unexecuted
 * (tests EXPLAIN it): one round trip instead of two for the feed's tabs and orders.
 */
export function pageWithTypeTotalQuery(db: Db, f: PostFilters, page: { limit: number; offset: number }) {
  return db<Array<PostSummary & { total: number }>>`
    SELECT (SELECT coalesce(sum(n), 0)::int FROM post_totals ${f.type ? db`WHERE type = ${f.type}` : db``}) AS total,
           ${db.unsafe(SUMMARY_COLUMNS)}
    FROM (VALUES (1)) AS one (x) LEFT JOIN LATERAL (
      SELECT ${db.unsafe(SUMMARY_COLUMNS)} FROM posts
      WHERE ${whereClause(db, f)}
      ORDER BY ${orderClause(db, f)}
      LIMIT ${page.limit} OFFSET ${page.offset}
    ) AS listed ON TRUE`;
}

/**
 * A counted page's post ids with their row versions (xmin, see posts-summary-cache.ts) and its
 * total, in one statement, unexecuted (tests EXPLAIN it): what pageWithTypeTotalQuery reads,
 * without the 40 KB of columns a page of held posts does not need again.
 */
export function pageKeysWithTypeTotalQuery(db: Db, f: PostFilters, page: { limit: number; offset: number }) {
  return db<Array<{ total: number; id: number | null; version: string | null }>>`
    SELECT (SELECT coalesce(sum(n), 0)::int FROM post_totals ${f.type ? db`WHERE type = ${f.type}` : db``}) AS total,
           id, version
    FROM (VALUES (1)) AS one (x) LEFT JOIN LATERAL (
      SELECT id, xmin::text AS version FROM posts
      WHERE ${whereClause(db, f)}
      ORDER BY ${orderClause(db, f)}
      LIMIT ${page.limit} OFFSET ${page.offset}
    ) AS listed ON TRUE`;
}

/** A page as ids with row versions, and its total. */
export interface PageKeys {
  total: number;
  listed: Array<{ id: number; version: string }>;
}

/** The PageKeys of a keys query's rows (an empty page is one row with null keys, for its total). */
export const pageKeysOf = (rows: Array<{ total: number; id: number | null; version: string | null }>): PageKeys => ({
  total: rows[0]!.total,
  listed: rows.flatMap((row) => (row.id === null ? [] : [{ id: row.id, version: row.version! }])),
});

/** The summaries of these posts as they are now, each with its row version (any order; deleted ones missing). */
export function summariesWithVersions(db: Db, ids: number[]) {
  return db<Array<PostSummary & { version: string }>>`
    SELECT ${db.unsafe(SUMMARY_COLUMNS)}, xmin::text AS version FROM posts WHERE id = ANY(${ids}::bigint[])`;
}

/** The posts of a one-statement page (none when the only row is the total's). */
function withoutTotal(rows: Array<PostSummary & { total: number; rank?: number | null }>): PostSummary[] {
  return rows.filter((row) => row.id !== null).map(({ total: _total, rank: _rank, ...post }) => post as PostSummary);
}

export async function listPosts(
  db: Db,
  f: PostFilters,
  page: { limit: number; offset: number },
): Promise<{ posts: PostSummary[]; total: number }> {
  if (isRankedSearchPage(f, page)) {
    const rows = await searchPageWithTotalQuery(db, f, page);
    return { posts: withoutTotal(rows), total: rows[0]!.total };
  }
  if (countedByType(f)) {
    const rows = await pageWithTypeTotalQuery(db, f, page);
    return { posts: withoutTotal(rows), total: rows[0]!.total };
  }
  const [posts, count] = await Promise.all([listPostsQuery(db, f, page), countPostsQuery(db, f)]);
  return { posts, total: count[0]!.total };
}

/**
 * Similar titles read at most this many matches, newest first (from posts_search_idx or
 * posts_latest_idx), and rank only those: a common word costs no more than a rare one.
 */
export const SIMILAR_CANDIDATES = 300;

/**
 * Posts whose titles share a word with `words` (lexemes of the title weight 'A' only, so a body
 * mentioning the word does not count), best match first, unexecuted (tests EXPLAIN it).
 * `words` are plain letters and digits (the service splits the typed title), joined here with |.
 */
export function similarPostsQuery(db: Db, words: string[], limit: number) {
  const query = words.map((word) => `${word}:A`).join(' | ');
  return plannedWithItsValues(db<SimilarPost[]>`
    SELECT id, type, title, status, created_at, comment_count, accepted_comment_id
    FROM (
      SELECT id, type, title, status, created_at, comment_count, accepted_comment_id, search FROM posts
      WHERE search @@ to_tsquery('english', ${query}) AND hidden_at IS NULL
      ORDER BY created_at DESC, id DESC
      LIMIT ${SIMILAR_CANDIDATES}
    ) AS candidates
    ORDER BY ts_rank(search, to_tsquery('english', ${query})) DESC, created_at DESC, id DESC
    LIMIT ${limit}`);
}
