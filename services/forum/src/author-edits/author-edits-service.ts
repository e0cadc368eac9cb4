import { timingSafeEqual } from 'node:crypto';
import type { ServiceContext } from '@wfm/service-kit';
import { forbidden, notFound, writeEvent } from '@wfm/service-kit';
import {
  AUTHOR_EDIT_MESSAGES,
  POST_MESSAGES,
  type AdminRevisionsResponse,
  type AuthorDeleteResponse,
  type Comment,
  type PostSummary,
} from '@wfm/contracts/forum';
import * as author from './author-edits-repository.ts';

/**
 * Author edits and deletions (issue 26 item 1). The caller is the kit's verified visitor
 * (request.visitor.hash, revoked tokens already refused with 401); only the visitor whose hash is
 * stored as the author may change or delete (403 for anyone else, also for rows no verified visitor
 * wrote). Changes publish the events staff changes publish: forum.post.updated (the gateway drops the
 * post's detail, comments and the feed lists; open pages refetch) and forum.post.deleted.
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
    return post;
  });
}

/** The post leaves at once with its comments and upvotes, as on staff deletion (same event). */
export async function deletePost(ctx: ServiceContext, id: number, visitor: Buffer): Promise<AuthorDeleteResponse> {
  return ctx.sql.begin(async (tx) => {
    const target = await author.lockPostAuthor(tx, id);
    if (!target) throw notFound(POST_MESSAGES.notFound);
    if (!sameVisitor(target.author_token_hash, visitor)) throw forbidden(AUTHOR_EDIT_MESSAGES.notAuthorPost);
    await author.deletePost(tx, id);
    await writeEvent(tx, 'forum.post.deleted', { id, at: ctx.now() });
    return { success: true, id };
  });
}

export async function editComment(ctx: ServiceContext, id: number, body: string, visitor: Buffer): Promise<Comment> {
  return ctx.sql.begin(async (tx) => {
    const target = await author.lockCommentAuthor(tx, id);
    if (!target) throw notFound(AUTHOR_EDIT_MESSAGES.commentNotFound);
    if (!sameVisitor(target.author_token_hash, visitor)) throw forbidden(AUTHOR_EDIT_MESSAGES.notAuthorComment);
    const comment = await author.editComment(tx, id, body);
    // The post's answer does not change, but its comments did: the same event drops them from caches.
    const post = await author.touchPost(tx, target.post_id);
    if (post) await writeEvent(tx, 'forum.post.updated', post);
    return comment;
  });
}

export async function deleteComment(ctx: ServiceContext, id: number, visitor: Buffer): Promise<AuthorDeleteResponse> {
  return ctx.sql.begin(async (tx) => {
    const target = await author.lockCommentAuthor(tx, id);
    if (!target) throw notFound(AUTHOR_EDIT_MESSAGES.commentNotFound);
    if (!sameVisitor(target.author_token_hash, visitor)) throw forbidden(AUTHOR_EDIT_MESSAGES.notAuthorComment);
    const post = await author.deleteComment(tx, id, target.post_id);
    await writeEvent(tx, 'forum.post.updated', post);
    return { success: true, id };
  });
}

export async function revisions(ctx: ServiceContext, postId: number): Promise<AdminRevisionsResponse> {
  return author.revisionsOf(ctx.sql, postId);
}
