import postgres from 'postgres';

/** Words the seeded titles, bodies, tags and comments are made of; SEARCH_WORD is one of them. */
const VOCABULARY = [
  'forecast', 'schedule', 'adherence', 'shrinkage', 'occupancy', 'intraday', 'staffing', 'erlang',
  'headcount', 'overtime', 'backlog', 'callback', 'channel', 'chat', 'email', 'voice', 'skills',
  'routing', 'queue', 'volume', 'handle', 'time', 'service', 'level', 'agents', 'shift', 'breaks',
  'lunch', 'rotation', 'weekend', 'holiday', 'peak', 'seasonality', 'trend', 'baseline', 'accuracy',
  'variance', 'planning', 'capacity', 'hiring', 'attrition', 'training', 'coaching', 'quality',
  'dashboard', 'report', 'metric', 'target', 'abandon', 'answer', 'speed', 'weekly', 'monthly',
  'vacation', 'swap', 'bidding', 'roster', 'template', 'spreadsheet', 'python', 'model', 'simulation',
];

/**
 * Words in about one post in 300 each (a body of every 37th post carries one), so searches can
 * be rare as well as common.
 */
const RARE_WORDS = [
  'wallboard', 'omnichannel', 'chatbot', 'workload', 'outsourcing', 'multiskill', 'gamification',
  'telephony', 'escalation', 'sentiment', 'transcript', 'callcentre', 'backoffice', 'nesting',
  'onboarding', 'absenteeism', 'preference', 'blending', 'deflection', 'utilization', 'concurrency',
  'heatmap', 'regression', 'montecarlo', 'optimizer', 'solver', 'payroll', 'compliance', 'tenure', 'cohort',
];

/** The words searches are made of: every vocabulary word (common) and every rare word. */
export const SEARCH_WORDS = { common: VOCABULARY, rare: RARE_WORDS } as const;

/** A word of the vocabulary, so in most seeded posts, for `GET /api/posts?q=`. */
export const SEARCH_WORD = 'erlang';

export interface FeedSeed {
  posts: number;
  comments: number;
  upvotes: number;
  /** A recent post with comments, for `GET /api/posts/{id}`. */
  detailId: number;
}

/**
 * Fills the forum's tables (after its migrations ran) with `posts` posts spread over the last 30
 * days (every 37th with one of the rare words), 0-6 comments and 0-12 upvotes each, in three
 * set-based INSERTs as the forum's own role —
 * seconds instead of the minutes 10,000 API calls would take. The counters the service keeps on
 * each post (comment_count, upvotes) are set from the inserted rows, and the tables are analyzed
 * so the planner sees their real size. No outbox rows: this is a data load, not activity.
 */
export async function seedFeed(databaseUrl: string, posts: number): Promise<FeedSeed> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  const words = (count: string) => sql`
    array_to_string(ARRAY(
      SELECT (${VOCABULARY}::text[])[1 + floor(random() * ${VOCABULARY.length})::int]
      FROM generate_series(1, ${sql.unsafe(count)})
    ), ' ')`;
  try {
    await sql.begin(async (tx) => {
      await tx`
        INSERT INTO posts (type, title, body, author_name, tags, created_at)
        SELECT (ARRAY['Question', 'Idea', 'Tool'])[1 + i % 3],
               left(initcap(${words('5 + i % 6')}), 120),
               ${words('40 + i % 80')}
                 || CASE WHEN i % 37 = 0 THEN ' ' || (${RARE_WORDS}::text[])[1 + (i / 37) % ${RARE_WORDS.length}] ELSE '' END,
               'member_' || (i % 700),
               replace(${words('1 + i % 3')}, ' ', ','),
               now_ms() - (${posts} - i) * (30 * 86400000::bigint / ${posts}) - floor(random() * 60000)::bigint
        FROM generate_series(1, ${posts}) AS i`;
      await tx`
        INSERT INTO comments (post_id, body, author_name, created_at)
        SELECT p.id, ${words('8 + (p.id + c) % 30')}, 'member_' || ((p.id * 7 + c) % 700),
               least(now_ms(), p.created_at + c * 600000)
        FROM posts p, generate_series(1, (p.id % 7)::int) AS c`;
      await tx`
        INSERT INTO post_upvotes (post_id, voter_hash)
        SELECT p.id, sha256(convert_to(p.id || ':' || v, 'UTF8'))
        FROM posts p, generate_series(1, (p.id * 7 % 13)::int) AS v`;
      await tx`
        UPDATE posts SET
          comment_count = (SELECT count(*) FROM comments c WHERE c.post_id = posts.id),
          upvotes = (SELECT count(*) FROM post_upvotes u WHERE u.post_id = posts.id)`;
    });
    // As after any bulk load: fresh statistics and visibility map, and no autovacuum run during the measurements.
    await sql`VACUUM (ANALYZE) posts, comments, post_upvotes`;
    const [counts] = await sql<{ posts: number; comments: number; upvotes: number }[]>`
      SELECT (SELECT count(*)::int FROM posts) AS posts, (SELECT count(*)::int FROM comments) AS comments,
             (SELECT count(*)::int FROM post_upvotes) AS upvotes`;
    const [detail] = await sql<{ id: number }[]>`
      SELECT id::int AS id FROM posts WHERE comment_count >= 3 ORDER BY created_at DESC LIMIT 1`;
    return { ...counts!, detailId: detail!.id };
  } finally {
    await sql.end();
  }
}
