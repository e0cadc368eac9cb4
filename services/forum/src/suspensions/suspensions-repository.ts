import type { Db } from '@wfm/service-kit';

/** The forum's keyed hash of the author of a post or comment (null: unknown, or written without a token). */
export async function authorHashOf(db: Db, type: 'post' | 'comment', id: number): Promise<Buffer | null> {
  const rows =
    type === 'post'
      ? await db<{ hash: Buffer | null }[]>`SELECT author_token_hash AS hash FROM posts WHERE id = ${id}`
      : await db<{ hash: Buffer | null }[]>`SELECT author_token_hash AS hash FROM comments WHERE id = ${id}`;
  return rows[0]?.hash ?? null;
}
