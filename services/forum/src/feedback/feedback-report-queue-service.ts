import type { Db, ServiceContext, StaffIdentity } from '@wfm/service-kit';
import { conflict, notFound, recordStaffAction, writeEvent } from '@wfm/service-kit';
import {
  COMMENT_REPORT_MESSAGES,
  type AdminCommentActionResponse,
  type AdminReportDecisionBody,
  type AdminReportDecisionResponse,
} from '@wfm/contracts/forum';
import type { z } from 'zod';
import * as feedback from './feedback-repository.ts';
import { deletePostIn } from '../posts/posts-staff-service.ts';

export const REPORT_MESSAGES = {
  notFound: 'Report not found',
  alreadyDecided: 'This report has already been decided',
  helpHasNoContent: 'A help ticket has no reported content to delete',
} as const;

/** The hook a suspension feature plugs into: called inside the decision's transaction. */
export type SuspendAuthorHook = (
  tx: Db,
  target: { kind: 'post' | 'comment'; id: number },
  staff: StaffIdentity,
) => Promise<void>;

/**
 * Staff decide a New report: its status with who and when, and optionally the reported content
 * deleted in the same step. A decided report is not decided again (409): the queue closes once.
 * The reporter is told nothing; the content is simply gone when it was deleted.
 */
export async function decideReport(
  ctx: ServiceContext,
  staff: StaffIdentity,
  id: number,
  body: z.output<typeof AdminReportDecisionBody>,
  suspendAuthor?: SuspendAuthorHook,
): Promise<AdminReportDecisionResponse> {
  return ctx.sql.begin(async (tx) => {
    const report = await feedback.lockReport(tx, id);
    if (report === null) throw notFound(REPORT_MESSAGES.notFound);
    if (report.status !== 'New') throw conflict(REPORT_MESSAGES.alreadyDecided);
    if (body.action === 'delete' && report.kind === 'help') throw conflict(REPORT_MESSAGES.helpHasNoContent);
    let contentDeleted = false;
    if (body.action === 'delete' && report.kind === 'comment') {
      contentDeleted = await deleteCommentIn(tx, ctx, report.comment_id!);
    } else if (body.action === 'delete' && report.kind === 'post') {
      contentDeleted = await deletePostIn(tx, ctx, report.post_id!);
    }
    const at = ctx.now();
    await feedback.decideReport(tx, id, { status: body.status, decidedBy: staff.username, at });
    await recordStaffAction(tx, ctx, staff, {
      action: `report.${body.status === 'Action taken' ? 'action-taken' : body.status.toLowerCase()}`,
      target: { type: 'report', id },
    });
    if (contentDeleted) {
      const target = report.kind === 'comment' ? { type: 'comment', id: report.comment_id! } : { type: 'post', id: report.post_id! };
      await recordStaffAction(tx, ctx, staff, { action: `${target.type}.delete`, target });
    }
    if (body.suspend_author && report.kind !== 'help' && suspendAuthor) {
      await suspendAuthor(tx, report.kind === 'comment' ? { kind: 'comment', id: report.comment_id! } : { kind: 'post', id: report.post_id! }, staff);
    }
    return { id, status: body.status, decided_by: staff.username, decided_at: at, content_deleted: contentDeleted };
  });
}

/**
 * Deletes one comment in `tx` with its events; false when it was already gone. The post's comment
 * count drops with it, and forum.post.updated (the post summary) makes open pages and the gateway's
 * cached reads of the post refetch, as any change to the post does.
 */
async function deleteCommentIn(tx: Db, ctx: ServiceContext, id: number): Promise<boolean> {
  const postId = await feedback.deleteCommentRow(tx, id);
  if (postId === null) return false;
  await writeEvent(tx, 'forum.comment.deleted', { id, post_id: postId, at: ctx.now() });
  const summary = await feedback.dropCommentCount(tx, postId);
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
