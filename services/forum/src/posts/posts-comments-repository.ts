import type { Db } from '@wfm/service-kit';
import type { Comment } from '@wfm/contracts/forum';

/** Position after a comment in a post's discussion order (created_at, id). */
export interface CommentPosition {
  createdAt: number;
  id: number;
}

/**
 * One page of a post's comments after `after` (from the start without), oldest first, unexecuted
 * (tests EXPLAIN it). Keyset paging on comments_post_idx (post_id, created_at, id): each page
 * reads only its own rows however long the thread is.
 */
export function listCommentsQuery(db: Db, postId: number, page: { after?: CommentPosition | undefined; limit: number }) {
  const after = page.after ? db`AND (created_at, id) > (${page.after.createdAt}, ${page.after.id})` : db``;
  return db<Comment[]>`
    SELECT id, post_id, body, author_name, created_at, edited_at, deleted_at IS NOT NULL AS deleted FROM comments
    WHERE post_id = ${postId} AND hidden_at IS NULL ${after}
    ORDER BY created_at, id
    LIMIT ${page.limit}`;
}

/** Up to `limit` comments after `after`, and whether more follow (one extra row is read to know). */
export async function listComments(
  db: Db,
  postId: number,
  page: { after?: CommentPosition | undefined; limit: number },
): Promise<{ comments: Comment[]; more: boolean }> {
  const rows = await listCommentsQuery(db, postId, { after: page.after, limit: page.limit + 1 });
  return { comments: rows.slice(0, page.limit), more: rows.length > page.limit };
}

/** Inserts the comment and counts it on its post; null when the post does not exist. */
export async function insertComment(
  db: Db,
  // id: reserved when the comment was held for review (kit_held_items), given on its release.
  c: { postId: number; body: string; authorName: string; authorTokenHash: Buffer | null; id?: number | undefined },
): Promise<Comment | null> {
  // A hidden post takes no comments (it is no post to anyone but its author).
  const counted = await db`UPDATE posts SET comment_count = comment_count + 1 WHERE id = ${c.postId} AND hidden_at IS NULL RETURNING id`;
  if (counted.length === 0) return null;
  const given = c.id !== undefined;
  const rows = await db<Comment[]>`
    INSERT INTO comments (${given ? db`id, ` : db``}post_id, body, author_name, author_token_hash)
    ${given ? db`OVERRIDING SYSTEM VALUE` : db``}
    VALUES (${given ? db`${c.id!}, ` : db``}${c.postId}, ${c.body}, ${c.authorName}, ${c.authorTokenHash})
    RETURNING id, post_id, body, author_name, created_at, edited_at, false AS deleted`;
  return rows[0]!;
}

/** True when the comment exists and belongs to the post. */
export async function isCommentOfPost(db: Db, postId: number, commentId: number): Promise<boolean> {
  const rows = await db`SELECT 1 FROM comments WHERE id = ${commentId} AND post_id = ${postId} AND deleted_at IS NULL AND hidden_at IS NULL`;
  return rows.length > 0;
}

/** One comment of a post (the accepted answer pinned on its detail), or null. */
export async function findComment(db: Db, postId: number, commentId: number): Promise<Comment | null> {
  const rows = await db<Comment[]>`
    SELECT id, post_id, body, author_name, created_at, edited_at, deleted_at IS NOT NULL AS deleted FROM comments WHERE id = ${commentId} AND post_id = ${postId} AND hidden_at IS NULL`;
  return rows[0] ?? null;
}

/** The ids of a post's comments written by one verified visitor (what they may edit), oldest first. */
export async function commentIdsBy(db: Db, postId: number, authorHash: Buffer): Promise<number[]> {
  const rows = await db<{ id: number }[]>`
    SELECT id FROM comments WHERE post_id = ${postId} AND author_token_hash = ${authorHash} AND deleted_at IS NULL AND hidden_at IS NULL ORDER BY created_at, id`;
  return rows.map((r) => r.id);
}
