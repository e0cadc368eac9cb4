import type { Db } from '@wfm/service-kit';
import type { Comment, PostSummary } from '@wfm/contracts/forum';
import { SUMMARY_COLUMNS } from '../posts/posts-search-repository.ts';

/** The stored author of a post, locked until the transaction ends; null when there is no such post. */
export async function lockPostAuthor(db: Db, id: number): Promise<{ author_token_hash: Buffer | null } | null> {
  const rows = await db<{ author_token_hash: Buffer | null }[]>`SELECT author_token_hash FROM posts WHERE id = ${id} FOR UPDATE`;
  return rows[0] ?? null;
}

/** Keeps the shown version as a revision and replaces it; answers the post as it is now. */
export async function editPost(db: Db, id: number, edit: { title: string; body: string; tags: string }): Promise<PostSummary> {
  await db`INSERT INTO post_revisions (post_id, title, body, tags) SELECT id, title, body, tags FROM posts WHERE id = ${id}`;
  const rows = await db<PostSummary[]>`
    UPDATE posts SET title = ${edit.title}, body = ${edit.body}, tags = ${edit.tags}, edited_at = now_ms()
    WHERE id = ${id} RETURNING ${db.unsafe(SUMMARY_COLUMNS)}`;
  return rows[0]!;
}

/**
 * Deletes the post with its upvotes. Without comments of others still shown under it the comments
 * go too (as on staff deletion); with them the post leaves a tombstone that keeps its page as a
 * placeholder and spares its comments (migration 012's trigger). Answers whether it left one.
 */
export async function deletePost(db: Db, id: number): Promise<{ placeholder: boolean }> {
  const placed = await db`
    INSERT INTO post_tombstones (id, type, created_at)
    SELECT id, type, created_at FROM posts p
    WHERE id = ${id} AND EXISTS (SELECT 1 FROM comments c WHERE c.post_id = p.id AND c.deleted_at IS NULL)
    RETURNING id`;
  await db`DELETE FROM posts WHERE id = ${id}`;
  return { placeholder: placed.length > 0 };
}

/** The tombstone a post deleted by its author left (its shown comments counted); null when there is none or nothing under it. */
export async function findTombstone(db: Db, id: number): Promise<{ id: number; type: PostSummary['type']; created_at: number; comment_count: number } | null> {
  const rows = await db<{ id: number; type: PostSummary['type']; created_at: number; comment_count: number }[]>`
    SELECT t.id, t.type, t.created_at,
           (SELECT count(*)::int FROM comments c WHERE c.post_id = t.id AND c.deleted_at IS NULL) AS comment_count
    FROM post_tombstones t WHERE t.id = ${id}`;
  // Once staff deleted every comment under it, nothing is left to show: the page is gone (404).
  return rows[0] && rows[0].comment_count > 0 ? rows[0] : null;
}

/** The stored author and post of a comment, locked until the transaction ends; null when there is none. */
export async function lockCommentAuthor(
  db: Db,
  id: number,
): Promise<{ post_id: number; author_token_hash: Buffer | null; deleted: boolean } | null> {
  const rows = await db<{ post_id: number; author_token_hash: Buffer | null; deleted: boolean }[]>`
    SELECT post_id, author_token_hash, deleted_at IS NOT NULL AS deleted FROM comments WHERE id = ${id} FOR UPDATE`;
  return rows[0] ?? null;
}

export async function editComment(db: Db, id: number, body: string): Promise<Comment> {
  await db`INSERT INTO comment_revisions (comment_id, post_id, body) SELECT id, post_id, body FROM comments WHERE id = ${id}`;
  const rows = await db<Comment[]>`
    UPDATE comments SET body = ${body}, edited_at = now_ms() WHERE id = ${id}
    RETURNING id, post_id, body, author_name, created_at, edited_at, false AS deleted`;
  return rows[0]!;
}

/**
 * Turns the comment into its placeholder (no body, no name; the text is kept as a revision for
 * staff), uncounts it and clears it as the accepted answer; answers the post as it is now, or null
 * when the post is a tombstone (then the tombstone goes too once no shown comment is left).
 */
export async function deleteComment(db: Db, id: number, postId: number): Promise<PostSummary | null> {
  await db`INSERT INTO comment_revisions (comment_id, post_id, body) SELECT id, post_id, body FROM comments WHERE id = ${id}`;
  // A hidden comment is already uncounted (forum migration 013): it must not be uncounted twice.
  const [was] = await db<{ hidden: boolean }[]>`
    UPDATE comments SET deleted_at = now_ms(), body = '', author_name = '' WHERE id = ${id}
    RETURNING hidden_at IS NOT NULL AS hidden`;
  const uncount = was?.hidden ? 0 : 1;
  const rows = await db<PostSummary[]>`
    UPDATE posts SET comment_count = greatest(comment_count - ${uncount}, 0),
                     accepted_comment_id = nullif(accepted_comment_id, ${id})
    WHERE id = ${postId}
    RETURNING ${db.unsafe(SUMMARY_COLUMNS)}`;
  if (rows[0]) return rows[0];
  await db`
    WITH gone AS (
      DELETE FROM post_tombstones t WHERE t.id = ${postId}
        AND NOT EXISTS (SELECT 1 FROM comments c WHERE c.post_id = t.id AND c.deleted_at IS NULL)
      RETURNING t.id)
    DELETE FROM comments WHERE post_id IN (SELECT id FROM gone)`;
  return null;
}

/** Every earlier version of a post and of its comments, oldest first (staff). */
export async function revisionsOf(db: Db, postId: number) {
  const [post, comments] = await Promise.all([
    db<{ id: number; post_id: number; title: string; body: string; tags: string; replaced_at: number }[]>`
      SELECT id, post_id, title, body, tags, replaced_at FROM post_revisions WHERE post_id = ${postId} ORDER BY id`,
    db<{ id: number; comment_id: number; post_id: number; body: string; replaced_at: number }[]>`
      SELECT id, comment_id, post_id, body, replaced_at FROM comment_revisions WHERE post_id = ${postId} ORDER BY comment_id, id`,
  ]);
  return { post, comments };
}

/** The post as it is now (for the event of a change to its comments); null when it is gone. */
export async function touchPost(db: Db, id: number): Promise<PostSummary | null> {
  const rows = await db<PostSummary[]>`SELECT ${db.unsafe(SUMMARY_COLUMNS)} FROM posts WHERE id = ${id}`;
  return rows[0] ?? null;
}
