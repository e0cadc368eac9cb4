import type { PostSummary } from '@wfm/contracts/forum';
import { writeEvent, type ServiceContext } from '@wfm/service-kit';
import { urlKey } from './links-url-key.ts';
import * as links from './links-repository.ts';

/** The distinct URL keys a post links tools to: Tool posts only, from their tool_links JSON text. */
export function toolUrlKeys(post: Pick<PostSummary, 'type' | 'tool_links'>): string[] {
  if (post.type !== 'Tool') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(post.tool_links);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const keys = new Set<string>();
  for (const link of parsed) {
    const url = (link as { url?: unknown } | null)?.url;
    const key = typeof url === 'string' ? urlKey(url) : null;
    if (key) keys.add(key);
  }
  return [...keys];
}

/** Sets the post's links and moves the tools' counts in one transaction (catalog.tool.linked per changed tool). */
export async function syncPostLinks(ctx: ServiceContext, postId: number, keys: readonly string[]): Promise<void> {
  await ctx.sql.begin(async (tx) => {
    const changedKeys = await links.replacePostLinks(tx, postId, keys);
    for (const tool of await links.recountTools(tx, changedKeys)) {
      await writeEvent(tx, 'catalog.tool.linked', { tool_id: tool.id, linked_posts: tool.linked_posts });
    }
  });
}

/**
 * Follows the forum's posts (durable: replicas share the work, a failed update is redelivered), so
 * each tool knows how many Tool posts link to its URL. Answers the unsubscribe.
 */
export function followForumPosts(ctx: ServiceContext): Promise<() => Promise<void>> {
  return ctx.bus.subscribe(
    'forum.post.*',
    async (evt) => {
      if (evt.subject === 'forum.post.created' || evt.subject === 'forum.post.updated') {
        const post = evt.data as PostSummary;
        await syncPostLinks(ctx, post.id, toolUrlKeys(post));
      } else if (evt.subject === 'forum.post.deleted') {
        await syncPostLinks(ctx, (evt.data as { id: number }).id, []);
      }
    },
    { durable: 'catalog-tool-links' },
  );
}
