import { timingSafeEqual } from 'node:crypto';
import type { ServiceContext } from '@wfm/service-kit';
import { forbidden, notFound, recordAuthorAction, writeEvent, type Db } from '@wfm/service-kit';
import {
  AUTHOR_EDIT_MESSAGES,
  COMMENT_PAGE,
  POST_MESSAGES,
  type AdminRevisionsResponse,
  type AuthorDeleteResponse,
  type Comment,
  type PostDetail,
  type PostSummary,
} from '@wfm/contracts/forum';
import * as postComments from '../posts/posts-comments-repository.ts';
import * as author from './author-edits-repository.ts';

/**
 * Author edits and deletions (issue 26 item 1). The caller is the kit's verified visitor
 * (request.visitor.hash, revoked tokens already refused with 401); only the visitor whose hash is
 * stored as the author may change or delete (403 for anyone else, also for rows no verified visitor
 * wrote). Changes publish the events staff changes publish: forum.post.updated (the gateway drops the
 * post's detail, comments and the feed lists; open pages refetch) and forum.post.deleted. Each
 * change is audited with the actor 'author' (kit recordAuthorAction).
 */
const sameVisitor = (stored: Buffer | null, caller: Buffer): boolean =>
  stored !== null && stored.length === caller.length && timingSafeEqual(stored, caller);

export async function editPost(
  ctx: ServiceContext,
  id: number,
  edit: { title: string; body: string; tags: string },
  visitor: Buffer,
): Promise<PostSummary> {
  return ctx.sql.begin(async (tx) => {
    const target = await author.lockPostAuthor(tx, id);
    if (!target) throw notFound(POST_MESSAGES.notFound);
    if (!sameVisitor(target.author_token_hash, visitor)) throw forbidden(AUTHOR_EDIT_MESSAGES.notAuthorPost);
    const post = await author.editPost(tx, id, edit);
    await writeEvent(tx, 'forum.post.updated', post);
    await recordAuthorAction(tx, ctx, { action: 'post.author_edit', target: { type: 'post', id } });
    return post;
  });
}

/**
 * The post leaves every list at once (same event as staff deletion); with others' comments under it
 * its page stays as the "deleted by its author" placeholder above them, without them it is gone.
 */
export async function deletePost(ctx: ServiceContext, id: number, visitor: Buffer): Promise<AuthorDeleteResponse> {
  return ctx.sql.begin(async (tx) => {
    const target = await author.lockPostAuthor(tx, id);
    if (!target) throw notFound(POST_MESSAGES.notFound);
    if (!sameVisitor(target.author_token_hash, visitor)) throw forbidden(AUTHOR_EDIT_MESSAGES.notAuthorPost);
    await author.deletePost(tx, id);
    await writeEvent(tx, 'forum.post.deleted', { id, at: ctx.now() });
    await recordAuthorAction(tx, ctx, { action: 'post.author_delete', target: { type: 'post', id } });
    return { success: true, id };
  });
}

/**
 * What changed under a post reaches caches and open pages: forum.post.updated with the post, or for
 * a tombstone (post null) forum.post.deleted, which drops the same detail, comments and lists.
 */
async function publishPostChange(ctx: ServiceContext, tx: Db, postId: number, post: PostSummary | null): Promise<void> {
  if (post) await writeEvent(tx, 'forum.post.updated', post);
  else await writeEvent(tx, 'forum.post.deleted', { id: postId, at: ctx.now() });
}

/**
 * The page of a post its author deleted under others' comments: the placeholder (every text of the
 * post blank, `deleted: true`) with the first page of comments; null when there is no tombstone.
 */
export async function placeholderDetail(ctx: ServiceContext, id: number): Promise<PostDetail | null> {
  const tombstone = await author.findTombstone(ctx.sql, id);
  if (!tombstone) return null;
  const page = await postComments.listComments(ctx.sql, id, { limit: COMMENT_PAGE.default });
  const last = page.comments.at(-1);
  return {
    id,
    type: tombstone.type,
    title: '',
    body: '',
    author_name: '',
    created_at: tombstone.created_at,
    upvotes: 0,
    status: 'open',
    tags: '',
    tool_links: '[]',
    attachments: '[]',
    comment_count: tombstone.comment_count,
    accepted_comment_id: null,
    channel: null,
    platform: null,
    centre_size: null,
    region: null,
    edited_at: null,
    comments: page.comments,
    comments_next_cursor: page.more && last ? `${last.created_at}-${last.id}` : null,
    accepted_answer: null,
    deleted: true,
  };
}

/** True when the post's page stays as its author's placeholder. */
export async function isPlaceholder(ctx: ServiceContext, id: number): Promise<boolean> {
  return (await author.findTombstone(ctx.sql, id)) !== null;
}

export async function editComment(ctx: ServiceContext, id: number, body: string, visitor: Buffer): Promise<Comment> {
  return ctx.sql.begin(async (tx) => {
    const target = await author.lockCommentAuthor(tx, id);
    if (!target || target.deleted) throw notFound(AUTHOR_EDIT_MESSAGES.commentNotFound);
    if (!sameVisitor(target.author_token_hash, visitor)) throw forbidden(AUTHOR_EDIT_MESSAGES.notAuthorComment);
    const comment = await author.editComment(tx, id, body);
    // The post's answer does not change, but its comments did: the same event drops them from caches.
    await publishPostChange(ctx, tx, target.post_id, await author.touchPost(tx, target.post_id));
    await recordAuthorAction(tx, ctx, { action: 'comment.author_edit', target: { type: 'comment', id } });
    return comment;
  });
}

export async function deleteComment(ctx: ServiceContext, id: number, visitor: Buffer): Promise<AuthorDeleteResponse> {
  return ctx.sql.begin(async (tx) => {
    const target = await author.lockCommentAuthor(tx, id);
    if (!target || target.deleted) throw notFound(AUTHOR_EDIT_MESSAGES.commentNotFound);
    if (!sameVisitor(target.author_token_hash, visitor)) throw forbidden(AUTHOR_EDIT_MESSAGES.notAuthorComment);
    await publishPostChange(ctx, tx, target.post_id, await author.deleteComment(tx, id, target.post_id));
    await recordAuthorAction(tx, ctx, { action: 'comment.author_delete', target: { type: 'comment', id } });
    return { success: true, id };
  });
}

export async function revisions(ctx: ServiceContext, postId: number): Promise<AdminRevisionsResponse> {
  return author.revisionsOf(ctx.sql, postId);
}
