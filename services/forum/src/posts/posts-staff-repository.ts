import type { Db } from '@wfm/service-kit';
import type { AdminPost, PostSummary } from '@wfm/contracts/forum';
import { SUMMARY_COLUMNS } from './posts-search-repository.ts';

export async function listStaffPosts(
  db: Db,
  page: { limit: number; offset: number },
): Promise<{ posts: AdminPost[]; total: number }> {
  const [posts, count] = await Promise.all([
    db<AdminPost[]>`
      SELECT id, title, type, status, author_name, created_at, upvotes, comment_count, hidden_reason FROM posts
      ORDER BY created_at DESC, id DESC LIMIT ${page.limit} OFFSET ${page.offset}`,
    // post_totals counts visible posts; staff also list the hidden ones (posts_hidden_idx).
    db<{ total: number }[]>`
      SELECT ((SELECT coalesce(sum(n), 0) FROM post_totals) + (SELECT count(*) FROM posts WHERE hidden_at IS NOT NULL))::int AS total`,
  ]);
  return { posts, total: count[0]!.total };
}

/** Resolves an open post; null when there is no such post, 'not_open' when it is already resolved. */
export async function resolvePost(db: Db, id: number): Promise<PostSummary | 'not_open' | null> {
  const rows = await db<PostSummary[]>`
    UPDATE posts SET status = 'resolved' WHERE id = ${id} AND status = 'open'
    RETURNING ${db.unsafe(SUMMARY_COLUMNS)}`;
  if (rows[0]) return rows[0];
  const exists = await db`SELECT 1 FROM posts WHERE id = ${id}`;
  return exists.length > 0 ? 'not_open' : null;
}

/** Deletes the post with its comments and upvotes; false when there was none. */
export async function deletePost(db: Db, id: number): Promise<boolean> {
  const rows = await db`DELETE FROM posts WHERE id = ${id} RETURNING id`;
  return rows.length > 0;
}
