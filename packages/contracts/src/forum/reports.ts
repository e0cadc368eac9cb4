import { z } from 'zod';
import { ANONYMOUS } from '../shared/common.ts';
import { POST_MESSAGES } from './posts.ts';

export const REPORT_REASONS = ['spam', 'abusive', 'off-topic', 'inappropriate', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const HELP_PRIORITIES = ['Low', 'Medium', 'High', 'Urgent'] as const;
export type HelpPriority = (typeof HELP_PRIORITIES)[number];
/** Server-side bounds of a help request (document 2 §5, "Report"). */
export const HELP_LIMITS = {
  titleMin: 3,
  title: 100,
  reason: 2000,
  reporterName: 40,
  category: 50,
  contactInfo: 200,
} as const;

/** The help request's texts (document 2 §5). */
export const HELP_FORM_MESSAGES = {
  titleTooShort: 'Title must be at least 3 characters',
  titleTooLong: 'Title must be less than 100 characters',
  descriptionTooShort: 'Description must be at least 10 characters',
  descriptionTooLong: 'Description must be less than 1000 characters',
  categoryRequired: 'Please select a category',
  priorityRequired: 'Please select a priority level',
} as const;

export const COMMENT_REPORT_MESSAGES = { invalidId: 'Invalid comment ID', notFound: 'Comment not found' } as const;

/** Report of a post: the body has post_id. */
export const PostReportBody = z.object({
  post_id: z.coerce.number(POST_MESSAGES.invalidId).int(POST_MESSAGES.invalidId).positive(POST_MESSAGES.invalidId),
  reason: z.enum(REPORT_REASONS, 'Please select a reason: spam, abusive, off-topic, inappropriate or other'),
  reporter_name: z.string().trim().min(1).max(HELP_LIMITS.reporterName).optional(),
});
export type PostReportBody = z.input<typeof PostReportBody>;

/** Report of a single comment: the body has comment_id; same five reasons and message as a post report. */
export const CommentReportBody = z.object({
  comment_id: z.coerce.number(COMMENT_REPORT_MESSAGES.invalidId).int(COMMENT_REPORT_MESSAGES.invalidId).positive(COMMENT_REPORT_MESSAGES.invalidId),
  reason: PostReportBody.shape.reason,
  reporter_name: PostReportBody.shape.reporter_name,
});
export type CommentReportBody = z.input<typeof CommentReportBody>;

/** Help request from /help: the body has no post_id. Empty contact_info counts as none. */
export const HelpRequestBody = z.object({
  title: z
    .string('Title is required')
    .trim()
    .min(HELP_LIMITS.titleMin, HELP_FORM_MESSAGES.titleTooShort)
    .max(HELP_LIMITS.title, HELP_FORM_MESSAGES.titleTooLong),
  category: z
    .string(HELP_FORM_MESSAGES.categoryRequired)
    .trim()
    .min(1, HELP_FORM_MESSAGES.categoryRequired)
    .max(HELP_LIMITS.category, 'Category must be 50 characters or less'),
  priority: z.enum(HELP_PRIORITIES, HELP_FORM_MESSAGES.priorityRequired),
  reason: z
    .string('Description is required')
    .trim()
    .min(1, 'Description is required')
    .max(HELP_LIMITS.reason, 'Description must be 2000 characters or less'),
  contact_info: z.string().trim().max(HELP_LIMITS.contactInfo, 'Contact info must be 200 characters or less').optional(),
  reporter_name: z
    .string()
    .trim()
    .min(1, 'Name is required')
    .max(HELP_LIMITS.reporterName, 'Name must be 40 characters or less')
    .default(ANONYMOUS),
  isAnonymous: z.boolean().optional().default(false),
});
export type HelpRequestBody = z.input<typeof HelpRequestBody>;

/**
 * POST /api/report: a comment report when the body has a comment_id, a post report when the body has a post_id (not null), else a help request.
 * Each kind is checked against its own contract, so the answer names the rule that failed
 * (a plain union would answer "Invalid input").
 */
export const ReportBody = z.looseObject({}).transform((body, ctx) => {
  const kind =
    body.comment_id !== undefined && body.comment_id !== null
      ? CommentReportBody
      : body.post_id === undefined || body.post_id === null
        ? HelpRequestBody
        : PostReportBody;
  const result = kind.safeParse(body);
  if (result.success) return result.data;
  for (const issue of result.error.issues) ctx.addIssue({ ...issue });
  return z.NEVER;
});
export type ReportBody = PostReportBody | CommentReportBody | HelpRequestBody;

/** Both kinds answer 201 with a reference a person can read out, e.g. HLP-7K3Q9 or RPT-4MX2D. */
export const ReportResponse = z.object({ ticket_reference: z.string() });
export type ReportResponse = z.infer<typeof ReportResponse>;

/** Where a report stands in the staff queue (issue 26): New until a moderator decides. */
export const REPORT_STATUSES = ['New', 'Reviewed', 'Action taken', 'Dismissed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
