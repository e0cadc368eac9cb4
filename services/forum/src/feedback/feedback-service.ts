import type { ServiceContext } from '@wfm/service-kit';
import { notFound, recordVisitorSeen, writeEvent } from '@wfm/service-kit';
import {
  COMMENT_REPORT_MESSAGES,
  CommentReportBody,
  FeatureSuggestionBody,
  HelpRequestBody,
  POST_MESSAGES,
  PostReportBody,
  type FeatureSuggestionResponse,
  type ReportResponse,
} from '@wfm/contracts/forum';
import * as feedback from './feedback-repository.ts';
import { ANONYMOUS } from '@wfm/contracts/shared';
import { REFERENCE_PREFIXES, withUniqueReference } from './feedback-references.ts';
import { hideAfterReports } from '../hidden/hidden-service.ts';

/** Who sent a report: the verified visitor's forum hash (null without one) and the keyed hash of their address. */
export interface Reporter {
  hash: Buffer | null;
  addressHash: Buffer;
}

/**
 * POST /api/report carries either a post report (it has post_id) or a help request; each is checked
 * against its own contract so the answer names the rule that failed. A reporter name (not
 * anonymous) goes through `acceptName`, the kit's author-name check for the request (no
 * impersonation, like every name field). A help request whose text many visitors are sending
 * (ctx.duplicates; `writer` is who it counts) is flagged as a duplicate for staff; post reports are
 * not counted (many people reporting one post alike is the point).
 */
/** A report of a post or a comment: the reporter's name checked, no help-ticket fields. */
async function saveContentReport(
  ctx: ServiceContext,
  acceptName: (name: string) => Promise<string>,
  report: { reason: string; reporter_name?: string | undefined },
  content: { kind: 'post' | 'comment'; postId: number; commentId: number | null; contentAuthorHash: Buffer | null },
  reporter: Reporter,
): Promise<ReportResponse> {
  const reporterName = report.reporter_name === undefined ? ANONYMOUS : await acceptName(report.reporter_name);
  return saveReport(ctx, {
    ...content,
    title: null,
    category: null,
    priority: null,
    reason: report.reason,
    contactInfo: null,
    reporterName,
    isAnonymous: reporterName === ANONYMOUS,
    duplicate: false,
    reporterHash: reporter.hash,
    reporterAddressHash: reporter.addressHash,
  });
}

export async function submitReport(
  ctx: ServiceContext,
  body: Record<string, unknown>,
  acceptName: (name: string) => Promise<string>,
  writer: string,
  reporter: Reporter,
): Promise<ReportResponse> {
  if (body.comment_id !== undefined && body.comment_id !== null) {
    const report = CommentReportBody.parse(body);
    const comment = await feedback.commentForReport(ctx.sql, report.comment_id);
    if (comment === null) throw notFound(COMMENT_REPORT_MESSAGES.notFound);
    return saveContentReport(ctx, acceptName, report, { kind: 'comment', postId: comment.post_id, commentId: report.comment_id, contentAuthorHash: comment.author_token_hash }, reporter);
  }
  if (body.post_id !== undefined && body.post_id !== null) {
    const report = PostReportBody.parse(body);
    const reported = await feedback.postAuthorForReport(ctx.sql, report.post_id);
    if (reported === null) throw notFound(POST_MESSAGES.notFound);
    return saveContentReport(ctx, acceptName, report, { kind: 'post', postId: report.post_id, commentId: null, contentAuthorHash: reported.author_token_hash }, reporter);
  }
  const help = HelpRequestBody.parse(body);
  const reporterName = help.isAnonymous ? ANONYMOUS : await acceptName(help.reporter_name);
  const duplicate = await ctx.duplicates.check([help.title, help.reason], writer);
  return saveReport(ctx, {
    kind: 'help',
    postId: null,
    commentId: null,
    contentAuthorHash: null,
    title: help.title,
    category: help.category,
    priority: help.priority,
    reason: help.reason,
    contactInfo: help.contact_info || null,
    reporterName,
    isAnonymous: help.isAnonymous || reporterName === ANONYMOUS,
    duplicate: duplicate.held,
    reporterHash: null,
    reporterAddressHash: null,
  });
}

/**
 * Saves a report with its event. A post or comment report by a verified visitor also records the
 * forum's first sight of them (kit established-visitors) and may hide what it reports once enough
 * distinct reporters count (hideAfterReports), in the same transaction.
 */
async function saveReport(ctx: ServiceContext, report: Omit<feedback.NewReport, 'ticketReference'>): Promise<ReportResponse> {
  const prefix = report.kind === 'help' ? REFERENCE_PREFIXES.help : REFERENCE_PREFIXES.post;
  return withUniqueReference(prefix, (ticketReference) =>
    ctx.sql.begin(async (tx) => {
      const row = await feedback.insertReport(tx, { ...report, ticketReference });
      await writeEvent(tx, 'forum.report.created', {
        id: row.id,
        kind: report.kind,
        post_id: report.postId,
        ...(report.commentId === null ? {} : { comment_id: report.commentId }),
        ticket_reference: ticketReference,
        created_at: row.created_at,
      });
      if (report.reporterHash) await recordVisitorSeen(tx, report.reporterHash, ctx.now());
      if (report.kind !== 'help') {
        await hideAfterReports(tx, ctx, report.kind === 'post' ? { kind: 'post', id: report.postId! } : { kind: 'comment', id: report.commentId! });
      }
      return { ticket_reference: ticketReference };
    }),
  );
}

export async function submitSuggestion(
  ctx: ServiceContext,
  input: ReturnType<typeof FeatureSuggestionBody.parse>,
  writer: string,
): Promise<FeatureSuggestionResponse> {
  // Staff alone read suggestions: one many visitors are sending alike is flagged, not held.
  const duplicate = await ctx.duplicates.check([input.title, input.description], writer);
  return withUniqueReference(REFERENCE_PREFIXES.suggestion, (referenceNumber) =>
    ctx.sql.begin(async (tx) => {
      const row = await feedback.insertSuggestion(tx, {
        referenceNumber,
        title: input.title,
        description: input.description,
        authorName: input.isAnonymous ? ANONYMOUS : input.author_name || ANONYMOUS,
        email: input.email ?? null,
        contactMethod: input.contact_method ?? null,
        priority: input.priority,
        isAnonymous: input.isAnonymous,
        duplicate: duplicate.held,
      });
      await writeEvent(tx, 'forum.suggestion.created', {
        id: row.id,
        reference_number: referenceNumber,
        created_at: row.created_at,
      });
      return { reference_number: referenceNumber };
    }),
  );
}
