import type { Db } from '@wfm/service-kit';

export interface CommentReply {
  commentId: number;
  postId: number;
  title: string;
  authorName: string;
  excerpt: string;
  createdAt: number;
}

/**
 * Comments by others on the visitor's posts, newest first: the visitor's posts through
 * posts_author_token_idx, their comments through comments_post_idx.
 */
export async function listCommentReplies(db: Db, visitorHash: Buffer, limit: number, excerpt: number): Promise<CommentReply[]> {
  return db<CommentReply[]>`
    SELECT c.id AS "commentId", c.post_id AS "postId", p.title, c.author_name AS "authorName",
           left(c.body, ${excerpt}) AS excerpt, c.created_at AS "createdAt"
    FROM posts p JOIN comments c ON c.post_id = p.id
    WHERE p.author_token_hash = ${visitorHash}
      AND c.author_token_hash IS DISTINCT FROM ${visitorHash}
      AND c.deleted_at IS NULL
      AND p.hidden_at IS NULL AND c.hidden_at IS NULL
    ORDER BY c.created_at DESC, c.id DESC
    LIMIT ${limit}`;
}

export async function countCommentRepliesSince(db: Db, visitorHash: Buffer, since: number): Promise<number> {
  const rows = await db<{ n: number }[]>`
    SELECT count(*)::int AS n
    FROM posts p JOIN comments c ON c.post_id = p.id
    WHERE p.author_token_hash = ${visitorHash}
      AND c.author_token_hash IS DISTINCT FROM ${visitorHash}
      AND p.hidden_at IS NULL AND c.hidden_at IS NULL
      AND c.created_at > ${since}
      AND c.deleted_at IS NULL`;
  return rows[0]!.n;
}

export async function seenAt(db: Db, visitorHash: Buffer): Promise<number | null> {
  const rows = await db<{ seenAt: number }[]>`SELECT seen_at AS "seenAt" FROM notification_reads WHERE visitor_hash = ${visitorHash}`;
  return rows[0]?.seenAt ?? null;
}

/** Everything up to now is read; the mark never moves back. */
export async function markSeen(db: Db, visitorHash: Buffer): Promise<number> {
  const rows = await db<{ seenAt: number }[]>`
    INSERT INTO notification_reads (visitor_hash, seen_at) VALUES (${visitorHash}, now_ms())
    ON CONFLICT (visitor_hash) DO UPDATE SET seen_at = greatest(notification_reads.seen_at, EXCLUDED.seen_at)
    RETURNING seen_at AS "seenAt"`;
  return rows[0]!.seenAt;
}

/**
 * Whom to tell about a new comment: the post's author, unless the commenter is that author (or unknown).
 * The post is read by its key in a subquery, and the comparison made here: as a join with
 * `author_token_hash IS NOT NULL`, the generic plan of the prepared statement walked
 * posts_author_token_idx over every post a visitor wrote (planned when few had an author), a
 * cost that grew with each new post (10 ms at 7,600 in the soak).
 */
export function replyRecipientQuery(db: Db, commentId: number) {
  return db<{ from: Buffer | null; to: Buffer | null }[]>`
    SELECT c.author_token_hash AS "from", (SELECT p.author_token_hash FROM posts p WHERE p.id = c.post_id) AS "to"
    FROM comments c WHERE c.id = ${commentId}`;
}

export async function replyRecipient(db: Db, commentId: number): Promise<Buffer | null> {
  const [row] = await replyRecipientQuery(db, commentId);
  if (!row?.to) return null;
  return row.from && row.from.equals(row.to) ? null : row.to;
}
