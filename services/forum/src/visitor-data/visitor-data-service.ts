import { HttpError, type ServiceContext, type VisitorRecords } from '@wfm/service-kit';
import { deleteComment, deletePost } from '../author-edits/author-edits-service.ts';
import * as repo from './visitor-data-repository.ts';

export async function exportForum(ctx: ServiceContext, visitor: Buffer): Promise<VisitorRecords> {
  const [posts, comments, post_upvotes] = await Promise.all([
    repo.postsOf(ctx.sql, visitor),
    repo.commentsOf(ctx.sql, visitor),
    repo.upvotesOf(ctx.sql, visitor),
  ]);
  return { posts, comments, post_upvotes };
}

/** A row someone else removed meanwhile (a parallel erase, staff) is not an error: it is gone either way. */
async function goneAnyway(remove: () => Promise<unknown>): Promise<boolean> {
  try {
    await remove();
    return true;
  } catch (err) {
    if (err instanceof HttpError && err.statusCode === 404) return false;
    throw err;
  }
}

/**
 * Deletes the visitor's comments, then their posts, each through the author delete of issue 26
 * item 1 (forum.post.updated / forum.post.deleted: caches drop, open pages update, the post leaves
 * feed, search, sitemap and RSS). Comments first, so a comment under the visitor's own post counts
 * as a deleted comment rather than vanishing silently with the post. Upvotes stay (docs/decisions.md).
 */
export async function eraseForum(ctx: ServiceContext, visitor: Buffer): Promise<Record<string, number>> {
  const ids = await repo.contentIdsOf(ctx.sql, visitor);
  let comments = 0;
  for (const id of ids.comments) if (await goneAnyway(() => deleteComment(ctx, id, visitor))) comments += 1;
  let posts = 0;
  for (const id of ids.posts) if (await goneAnyway(() => deletePost(ctx, id, visitor))) posts += 1;
  return { posts, comments };
}
