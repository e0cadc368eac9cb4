import type { Db, ServiceContext, StaffIdentity } from '@wfm/service-kit';
import { conflict, notFound, recordStaffAction, writeEvent } from '@wfm/service-kit';
import {
  COMMENT_REPORT_MESSAGES,
  HIDE_MESSAGES,
  type AdminCommentActionResponse,
  type AdminReportDecisionBody,
  type AdminReportDecisionResponse,
} from '@wfm/contracts/forum';
import type { z } from 'zod';
import * as feedback from './feedback-repository.ts';
import { deletePostIn } from '../posts/posts-staff-service.ts';
import { hideIn, unhideIn, type ContentRef } from '../hidden/hidden-service.ts';
import { dismissSiblingReports, hiddenReasonOf } from '../hidden/hidden-repository.ts';
import { suspendAuthorIn } from '../suspensions/suspensions-service.ts';

export const REPORT_MESSAGES = {
  notFound: 'Report not found',
  alreadyDecided: 'This report has already been decided',
  helpHasNoContent: 'A help ticket has no reported content to delete',
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Staff decide a New report in one transaction: its status with who and when; the reported
 * content hidden ('hide', reason 'staff') or deleted ('delete'); optionally its author suspended
 * (suspend_author with `suspension`, which may hide all the author's content). Content hidden by
 * reports is shown again when the report is Dismissed without an action, and the content's other
 * New reports are dismissed with it (they would hide it again at once); any other decision keeps
 * it hidden. Each step is audited. A decided report is not decided again (409): the queue closes
 * once. The reporter is told nothing; the content is simply gone when it was hidden or deleted.
 */
export async function decideReport(
  ctx: ServiceContext,
  staff: StaffIdentity,
  id: number,
  body: z.output<typeof AdminReportDecisionBody>,
): Promise<AdminReportDecisionResponse> {
  return ctx.sql.begin(async (tx) => {
    const report = await feedback.lockReport(tx, id);
    if (report === null) throw notFound(REPORT_MESSAGES.notFound);
    if (report.status !== 'New') throw conflict(REPORT_MESSAGES.alreadyDecided);
    if (report.kind === 'help') {
      if (body.action === 'delete') throw conflict(REPORT_MESSAGES.helpHasNoContent);
      if (body.action === 'hide') throw conflict(HIDE_MESSAGES.helpHasNoContent);
      if (body.suspend_author) throw conflict(HIDE_MESSAGES.helpHasNoAuthor);
    }
    const target: ContentRef | null =
      report.kind === 'comment' ? { kind: 'comment', id: report.comment_id! } : report.kind === 'post' ? { kind: 'post', id: report.post_id! } : null;
    const at = ctx.now();
    await feedback.decideReport(tx, id, { status: body.status, decidedBy: staff.username, at });
    await recordStaffAction(tx, ctx, staff, {
      action: `report.${body.status === 'Action taken' ? 'action-taken' : body.status.toLowerCase()}`,
      target: { type: 'report', id },
    });
    let contentHidden = false;
    let contentDeleted = false;
    let authorSuspended = false;
    if (target && body.suspend_author && body.suspension) {
      // Before a deletion: the author is read from the content.
      const { hidden } = await suspendAuthorIn(tx, ctx, staff, target, {
        reason: body.suspension.reason,
        durationMs: body.suspension.duration_days === null ? null : body.suspension.duration_days * DAY_MS,
        hideContent: body.suspension.hide_content,
      });
      authorSuspended = true;
      contentHidden = (target.kind === 'post' ? hidden.posts : hidden.comments).includes(target.id);
    }
    if (target && body.action === 'hide') {
      if (await hideIn(tx, ctx, target, { reason: 'staff', by: staff.username, at })) {
        contentHidden = true;
        await recordStaffAction(tx, ctx, staff, { action: `${target.kind}.hide`, target: { type: target.kind, id: target.id } });
      }
    } else if (target && body.action === 'delete') {
      contentDeleted = target.kind === 'comment' ? await deleteCommentIn(tx, ctx, target.id) : await deletePostIn(tx, ctx, target.id);
      if (contentDeleted) await recordStaffAction(tx, ctx, staff, { action: `${target.kind}.delete`, target: { type: target.kind, id: target.id } });
    } else if (target && body.status === 'Dismissed' && !authorSuspended) {
      await showAfterDismissal(tx, ctx, staff, { ...report, kind: target.kind }, target, at);
    }
    return {
      id,
      status: body.status,
      decided_by: staff.username,
      decided_at: at,
      content_deleted: contentDeleted,
      content_hidden: contentHidden,
      author_suspended: authorSuspended,
    };
  });
}

/** Dismissing a report of content hidden by reports shows it again and closes its other New reports. */
async function showAfterDismissal(
  tx: Db,
  ctx: ServiceContext,
  staff: StaffIdentity,
  report: { id: number; kind: 'post' | 'comment'; post_id: number | null; comment_id: number | null },
  target: ContentRef,
  at: number,
): Promise<void> {
  if ((await hiddenReasonOf(tx, target)) !== 'reports') return;
  await dismissSiblingReports(tx, report, { decidedBy: staff.username, at });
  if (await unhideIn(tx, ctx, target)) {
    await recordStaffAction(tx, ctx, staff, { action: `${target.kind}.unhide`, target: { type: target.kind, id: target.id } });
  }
}

/**
 * Deletes one comment in `tx` with its events; false when it was already gone. The post's comment
 * count drops with it, and forum.post.updated (the post summary) makes open pages and the gateway's
 * cached reads of the post refetch, as any change to the post does.
 */
async function deleteCommentIn(tx: Db, ctx: ServiceContext, id: number): Promise<boolean> {
  const deleted = await feedback.deleteCommentRow(tx, id);
  if (deleted === null) return false;
  await writeEvent(tx, 'forum.comment.deleted', { id, post_id: deleted.post_id, at: ctx.now() });
  // A hidden comment was taken out of its post's count when it was hidden.
  if (deleted.hidden) return true;
  const summary = await feedback.dropCommentCount(tx, deleted.post_id);
  if (summary) await writeEvent(tx, 'forum.post.updated', summary);
  return true;
}

/** Staff delete one comment (audited); its post and the other comments stay. */
export async function deleteComment(ctx: ServiceContext, staff: StaffIdentity, id: number): Promise<AdminCommentActionResponse> {
  return ctx.sql.begin(async (tx) => {
    if (!(await deleteCommentIn(tx, ctx, id))) throw notFound(COMMENT_REPORT_MESSAGES.notFound);
    await recordStaffAction(tx, ctx, staff, { action: 'comment.delete', target: { type: 'comment', id } });
    return { success: true, id, status: 'deleted' };
  });
}
