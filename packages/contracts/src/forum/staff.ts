// Staff calls of the forum (any staff role): reports, feature suggestions, posts.
import { z } from 'zod';
import { emptyAsUndefined } from '../shared/common.ts';
import { POST_STATUSES, POST_TYPES } from './posts.ts';
import { REPORT_STATUSES } from './reports.ts';
import { DecisionSuspension, HIDDEN_REASONS, HIDE_MESSAGES } from './hidden.ts';

// ---------------------------------------------------------------------------------------------
// Admin (any staff role)
// ---------------------------------------------------------------------------------------------

/** A row of GET /api/admin/reports (newest first): post reports (kind 'post') and help tickets. */
export const AdminReport = z.object({
  id: z.number().int(),
  kind: z.enum(['post', 'comment', 'help']),
  /** The reported post, or the reported comment's post. */
  post_id: z.number().int().nullable(),
  comment_id: z.number().int().nullable(),
  /** The reported post's body or comment's body (first 500 characters) while it exists. */
  content: z.string().nullable(),
  /** Help ticket title; for a post report the reported post's title (null once deleted). */
  title: z.string().nullable(),
  category: z.string().nullable(),
  priority: z.string().nullable(),
  reason: z.string(),
  contact_info: z.string().nullable(),
  reporter_name: z.string(),
  /** One of REPORT_STATUSES (the server's table allows no other); kept a string for older rows in exports. */
  status: z.string(),
  /** Staff username that set the status, and when (null while New). */
  decided_by: z.string().nullable(),
  decided_at: z.number().nullable(),
  /** Other reports in the last 30 days against content by the same author (verified authors only). */
  author_recent_reports: z.number().int(),
  created_at: z.number(),
  ticket_reference: z.string(),
  /** A help ticket whose text several other visitors sent within the hour (duplicate-content check). */
  duplicate: z.boolean(),
  /** Why the reported post or comment is hidden now ('reports': hidden by reports, awaiting a decision); null: visible or gone. */
  content_hidden: z.enum(HIDDEN_REASONS).nullable(),
});
export type AdminReport = z.infer<typeof AdminReport>;
export const AdminReportsResponse = z.array(AdminReport);
export type AdminReportsResponse = z.infer<typeof AdminReportsResponse>;

export const AdminFeatureSuggestion = z.object({
  id: z.number().int(),
  reference_number: z.string(),
  title: z.string(),
  description: z.string(),
  author_name: z.string(),
  email: z.string().nullable(),
  contact_method: z.string().nullable(),
  priority: z.string(),
  status: z.string(),
  created_at: z.number(),
  /** A suggestion whose text several other visitors sent within the hour (duplicate-content check). */
  duplicate: z.boolean(),
});
export type AdminFeatureSuggestion = z.infer<typeof AdminFeatureSuggestion>;
export const AdminFeatureSuggestionsResponse = z.array(AdminFeatureSuggestion);
export type AdminFeatureSuggestionsResponse = z.infer<typeof AdminFeatureSuggestionsResponse>;

/** Paging of the admin lists (reports, feature suggestions, posts), all newest first. */
export const AdminListQuery = z.object({
  limit: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(500).default(200)),
  offset: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).default(0)),
});
/** GET /api/admin/reports: a page, optionally of one status. */
export const AdminReportsQuery = AdminListQuery.extend({
  status: z.preprocess(emptyAsUndefined, z.enum(REPORT_STATUSES, 'status must be New, Reviewed, Action taken or Dismissed').optional()),
});
export type AdminReportsQuery = z.input<typeof AdminReportsQuery>;

export const ReportIdParams = z.object({
  id: z.string().regex(/^[1-9][0-9]{0,14}$/, 'Invalid report ID').transform(Number),
});

/**
 * POST /api/admin/reports/:id/decide: the new status, and what to do with the reported content in
 * the same step ('hide' hides the post or comment, 'delete' removes it), and optionally a
 * suspension of the content's author (suspend_author with `suspension`), all in one transaction.
 */
export const AdminReportDecisionBody = z
  .object({
    status: z.enum(['Reviewed', 'Action taken', 'Dismissed'], 'status must be Reviewed, Action taken or Dismissed'),
    action: z.enum(['none', 'hide', 'delete'], "action must be 'none', 'hide' or 'delete'").default('none'),
    suspend_author: z.boolean('suspend_author must be true or false').default(false),
    suspension: DecisionSuspension.optional(),
  })
  .superRefine((body, check) => {
    if (body.suspend_author && body.suspension === undefined) {
      check.addIssue({ code: 'custom', path: ['suspension'], message: HIDE_MESSAGES.suspensionRequired });
    }
    if (!body.suspend_author && body.suspension !== undefined) {
      check.addIssue({ code: 'custom', path: ['suspension'], message: HIDE_MESSAGES.suspensionWithoutSuspend });
    }
  });
export type AdminReportDecisionBody = z.input<typeof AdminReportDecisionBody>;

export const AdminReportDecisionResponse = z.object({
  id: z.number().int(),
  status: z.enum(REPORT_STATUSES),
  decided_by: z.string(),
  decided_at: z.number(),
  content_deleted: z.boolean(),
  /** The reported content was hidden by this decision ('hide', or a suspension with hide_content). */
  content_hidden: z.boolean().default(false),
  /** The content's author was suspended by this decision. */
  author_suspended: z.boolean().default(false),
});
export type AdminReportDecisionResponse = z.infer<typeof AdminReportDecisionResponse>;

export const AdminCommentActionResponse = z.object({ success: z.literal(true), id: z.number().int(), status: z.literal('deleted') });
export type AdminCommentActionResponse = z.infer<typeof AdminCommentActionResponse>;

export const AdminPost = z.object({
  id: z.number().int(),
  title: z.string(),
  type: z.enum(POST_TYPES),
  status: z.enum(POST_STATUSES),
  author_name: z.string(),
  created_at: z.number(),
  upvotes: z.number().int(),
  comment_count: z.number().int(),
  /** Why the post is hidden (a Hidden badge in the admin app); null when visible. */
  hidden_reason: z.enum(HIDDEN_REASONS).nullable(),
});
export type AdminPost = z.infer<typeof AdminPost>;
export const AdminPostsResponse = z.object({ posts: z.array(AdminPost), total: z.number().int() });
export type AdminPostsResponse = z.infer<typeof AdminPostsResponse>;

/** POST /api/admin/posts/{id}/delete and /resolve. */
export const AdminPostActionResponse = z.object({
  success: z.literal(true),
  id: z.number().int(),
  status: z.enum([...POST_STATUSES, 'deleted']),
});
export type AdminPostActionResponse = z.infer<typeof AdminPostActionResponse>;
