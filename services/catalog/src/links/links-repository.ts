import type { Db } from '@wfm/service-kit';

/** Makes the post's links exactly `keys`; answers every URL key whose set of posts changed. */
export async function replacePostLinks(db: Db, postId: number, keys: readonly string[]): Promise<string[]> {
  const removed = await db<{ url_key: string }[]>`
    DELETE FROM tool_post_links WHERE post_id = ${postId} AND NOT (url_key = ANY(${keys as string[]}::text[]))
    RETURNING url_key`;
  const added =
    keys.length === 0
      ? []
      : await db<{ url_key: string }[]>`
          INSERT INTO tool_post_links (post_id, url_key) SELECT ${postId}, k FROM unnest(${keys as string[]}::text[]) AS k
          ON CONFLICT DO NOTHING RETURNING url_key`;
  return [...new Set([...removed, ...added].map((r) => r.url_key))];
}

/** Recounts the linked posts of the tools with these URL keys; answers the tools whose count changed. */
export async function recountTools(db: Db, keys: readonly string[]): Promise<Array<{ id: number; linked_posts: number }>> {
  if (keys.length === 0) return [];
  return db<Array<{ id: number; linked_posts: number }>>`
    UPDATE tools t SET linked_posts = c.n
    FROM (
      SELECT k AS url_key, (SELECT count(*) FROM tool_post_links l WHERE l.url_key = k)::int AS n
      FROM unnest(${keys as string[]}::text[]) AS k
    ) c
    WHERE t.url_key = c.url_key AND t.linked_posts <> c.n
    RETURNING t.id, t.linked_posts`;
}
