import type { Db } from '@wfm/service-kit';

/**
 * The visitor's own forum rows for "Your data". Author hashes are matched, never answered; the
 * columns are what the visitor wrote or sees on their own post (counts included), no staff fields.
 */
export async function postsOf(db: Db, visitor: Buffer) {
  return db<Record<string, unknown>[]>`
    SELECT id, type, title, body, tags, tool_links, attachments, author_name, status, upvotes, comment_count, created_at, edited_at
    FROM posts WHERE author_token_hash = ${visitor} ORDER BY created_at, id`;
}

export async function commentsOf(db: Db, visitor: Buffer) {
  return db<Record<string, unknown>[]>`
    SELECT id, post_id, body, author_name, created_at, edited_at, hidden_at IS NOT NULL AS hidden
    FROM comments WHERE author_token_hash = ${visitor} AND deleted_at IS NULL ORDER BY created_at, id`;
}

export async function upvotesOf(db: Db, visitor: Buffer) {
  return db<Record<string, unknown>[]>`SELECT post_id, created_at FROM post_upvotes WHERE voter_hash = ${visitor} ORDER BY created_at, post_id`;
}

/** Ids of the visitor's posts and comments, for erasing one by one through the author delete functions. */
export async function contentIdsOf(db: Db, visitor: Buffer): Promise<{ posts: number[]; comments: number[] }> {
  const [posts, comments] = await Promise.all([
    db<{ id: number }[]>`SELECT id FROM posts WHERE author_token_hash = ${visitor} ORDER BY id`,
    // An author's placeholder (deleted_at) holds no text of theirs any more: nothing to export or erase.
    db<{ id: number }[]>`SELECT id FROM comments WHERE author_token_hash = ${visitor} AND deleted_at IS NULL ORDER BY id`,
  ]);
  return { posts: posts.map((r) => Number(r.id)), comments: comments.map((r) => Number(r.id)) };
}
