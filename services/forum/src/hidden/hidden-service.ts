import type { Db, ServiceContext, StaffIdentity } from '@wfm/service-kit';
import { notFound, recordStaffAction, writeEvent } from '@wfm/service-kit';
import {
  HIDDEN_NOTICES,
  HIDE_MESSAGES,
  type AdminHideResponse,
  type HiddenReason,
  type HiddenState,
  type PostSummary,
  type PostViewerResponse,
  type UnhideSuspendedResponse,
} from '@wfm/contracts/forum';
import * as hidden from './hidden-repository.ts';
import { forumEnv } from '../env.ts';

/**
 * One hidden state for posts and comments. Hiding goes out as a staff deletion does (the same
 * events, so feed, search, caches, catalog links and open pages drop it at once): a post as
 * forum.post.deleted, a comment as forum.comment.deleted plus forum.post.updated (its post's comment
 * count). Unhiding puts it back the same way: a post as forum.post.created (feeds and links take
 * it again), a comment as forum.post.updated (threads and counts refetch; not forum.comment.created,
 * which would notify the post's author of a reply a second time).
 */

export type ContentKind = 'post' | 'comment';
export interface ContentRef {
  kind: ContentKind;
  id: number;
}

/** Hides in `tx`: true when hidden now, false when it already was, null when there is no such content. */
export async function hideIn(tx: Db, ctx: ServiceContext, target: ContentRef, mark: hidden.HideMark): Promise<boolean | null> {
  if (target.kind === 'post') {
    const result = await hidden.hidePost(tx, target.id, mark);
    if (result !== 'hidden') return result === null ? null : false;
    await writeEvent(tx, 'forum.post.deleted', { id: target.id, at: ctx.now() });
    return true;
  }
  const result = await hidden.hideComment(tx, target.id, mark);
  if (result === null || result === 'unchanged') return result === null ? null : false;
  await writeEvent(tx, 'forum.comment.deleted', { id: target.id, post_id: result.post_id, at: ctx.now() });
  const summary = await hidden.moveCommentCount(tx, result.post_id, -1);
  if (summary) await writeEvent(tx, 'forum.post.updated', summary);
  return true;
}

/** Shows again in `tx`: true when shown now, false when it was visible, null when there is no such content. */
export async function unhideIn(tx: Db, _ctx: ServiceContext, target: ContentRef): Promise<boolean | null> {
  if (target.kind === 'post') {
    const result = await hidden.unhidePost(tx, target.id);
    if (result === null || result === 'unchanged') return result === null ? null : false;
    await writeEvent(tx, 'forum.post.created', result);
    return true;
  }
  const result = await hidden.unhideComment(tx, target.id);
  if (result === null || result === 'unchanged') return result === null ? null : false;
  const summary = await hidden.moveCommentCount(tx, result.post_id, 1);
  if (summary) await writeEvent(tx, 'forum.post.updated', summary);
  return true;
}

const notFoundOf = (kind: ContentKind) => notFound(kind === 'post' ? HIDE_MESSAGES.postNotFound : HIDE_MESSAGES.commentNotFound);

/** Staff hide or unhide one post or comment (Moderator and up), audited as `<kind>.hide` / `<kind>.unhide` when it changed. */
export async function setHiddenByStaff(
  ctx: ServiceContext,
  staff: StaffIdentity,
  target: ContentRef,
  hide: boolean,
): Promise<AdminHideResponse> {
  return ctx.sql.begin(async (tx) => {
    const changed = hide
      ? await hideIn(tx, ctx, target, { reason: 'staff', by: staff.username, at: ctx.now() })
      : await unhideIn(tx, ctx, target);
    if (changed === null) throw notFoundOf(target.kind);
    if (changed) {
      await recordStaffAction(tx, ctx, staff, { action: `${target.kind}.${hide ? 'hide' : 'unhide'}`, target: { type: target.kind, id: target.id } });
    }
    return { success: true, id: target.id, hidden: hide, changed };
  });
}

/**
 * Every visible post and comment of one author hidden with reason 'suspension', in `tx`; the ids
 * hidden. Lifting the suspension does not show them again (docs/decisions.md): staff unhide what they choose.
 */
export async function hideAllOf(
  tx: Db,
  ctx: ServiceContext,
  authorHash: Buffer,
  staff: StaffIdentity,
): Promise<{ posts: number[]; comments: number[] }> {
  const content = await hidden.visibleContentOf(tx, authorHash);
  const mark: hidden.HideMark = { reason: 'suspension', by: staff.username, at: ctx.now() };
  const done = { posts: [] as number[], comments: [] as number[] };
  for (const id of content.posts) if (await hideIn(tx, ctx, { kind: 'post', id }, mark)) done.posts.push(id);
  for (const id of content.comments) if (await hideIn(tx, ctx, { kind: 'comment', id }, mark)) done.comments.push(id);
  return done;
}

/**
 * Shows again, in one transaction, every post and comment of one author that a suspension hid
 * (what reports or staff hid stays hidden), audited once as `visitor.unhide-content`. Lifting a
 * suspension does not do this by itself; this is the one step staff take when they choose to.
 */
export async function unhideAllOf(ctx: ServiceContext, staff: StaffIdentity, authorHash: Buffer): Promise<UnhideSuspendedResponse> {
  return ctx.sql.begin(async (tx) => {
    const content = await hidden.suspensionHiddenContentOf(tx, authorHash);
    const done = { posts: [] as number[], comments: [] as number[] };
    for (const id of content.posts) if (await unhideIn(tx, ctx, { kind: 'post', id })) done.posts.push(id);
    for (const id of content.comments) if (await unhideIn(tx, ctx, { kind: 'comment', id })) done.comments.push(id);
    if (done.posts.length + done.comments.length > 0) {
      await recordStaffAction(tx, ctx, staff, {
        action: 'visitor.unhide-content',
        target: { type: 'visitor', id: authorHash.toString('base64url') },
      });
    }
    return { success: true, ...done };
  });
}

/**
 * After a report is saved (in its transaction): hides the reported post or comment with reason
 * 'reports' once REPORT_HIDE_AT distinct reporters count (hidden-repository countingReporters).
 * The target's row is locked first, so parallel reports count one after another and exactly one
 * of them hides it (one event). True when this report hid it.
 */
export async function hideAfterReports(tx: Db, ctx: ServiceContext, target: ContentRef): Promise<boolean> {
  const threshold = forumEnv(ctx).REPORT_HIDE_AT;
  if (threshold === 0) return false;
  const row = await hidden.lockForCount(tx, target);
  if (row === null || row.hidden_at !== null) return false;
  if ((await hidden.countingReporters(tx, target, ctx.now())) < threshold) return false;
  return (await hideIn(tx, ctx, target, { reason: 'reports', by: null, at: ctx.now() })) === true;
}

/** The state the author reads beside their hidden content. */
export const hiddenStateOf = (row: { hidden_at: number; hidden_reason: HiddenReason }): HiddenState => ({
  reason: row.hidden_reason,
  notice: HIDDEN_NOTICES[row.hidden_reason],
  hidden_at: row.hidden_at,
});

/**
 * What the author of hidden content reads on their post's viewer answer (never cached): the hidden
 * post itself with why, and their hidden comments on it with why. Nobody else gets any of it.
 */
export async function authorHiddenView(
  ctx: ServiceContext,
  postId: number,
  visitor: Buffer | null,
  isPostAuthor: boolean,
): Promise<Pick<PostViewerResponse, 'hidden' | 'hidden_post' | 'own_hidden_comments'>> {
  if (visitor === null) return { hidden: null, hidden_post: null, own_hidden_comments: [] };
  const [post, comments] = await Promise.all([
    isPostAuthor ? hidden.hiddenPost(ctx.sql, postId) : null,
    hidden.hiddenCommentsBy(ctx.sql, postId, visitor),
  ]);
  const { hidden_at: hiddenAt, hidden_reason: hiddenReason, ...summary } = post ?? { hidden_at: null, hidden_reason: null };
  return {
    hidden: post ? hiddenStateOf({ hidden_at: hiddenAt!, hidden_reason: hiddenReason! }) : null,
    hidden_post: post ? (summary as PostSummary) : null,
    own_hidden_comments: comments.map(({ hidden_at, hidden_reason, ...comment }) => ({ ...comment, hidden: hiddenStateOf({ hidden_at, hidden_reason }) })),
  };
}
