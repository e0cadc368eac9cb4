import { z } from 'zod';
import { Comment } from './comments.ts';
import { PostSummary } from './posts.ts';
import { StaffActionEvent } from '../shared/staff-action.ts';

/** forum.post.upvoted: the post's new count. */
export const PostUpvotedEvent = z.object({ post_id: z.number().int(), upvotes: z.number().int() });
export type PostUpvotedEvent = z.infer<typeof PostUpvotedEvent>;

/** forum.post.deleted: the post is gone (browsers viewing it refetch and get 404). */
export const PostDeletedEvent = z.object({ id: z.number().int(), at: z.number().int() });
export type PostDeletedEvent = z.infer<typeof PostDeletedEvent>;

/** forum.report.created: a post report or help ticket arrived (for staff screens; no personal data). */
export const ReportCreatedEvent = z.object({
  id: z.number().int(),
  kind: z.enum(['post', 'comment', 'help']),
  post_id: z.number().int().nullable(),
  comment_id: z.number().int().nullable().optional(),
  ticket_reference: z.string(),
  created_at: z.number().int(),
});
export type ReportCreatedEvent = z.infer<typeof ReportCreatedEvent>;

/** forum.comment.deleted: staff deleted one comment (threads and feed counts refetch). */
export const CommentDeletedEvent = z.object({ id: z.number().int(), post_id: z.number().int(), at: z.number().int() });
export type CommentDeletedEvent = z.infer<typeof CommentDeletedEvent>;

/** forum.suggestion.created: a feature suggestion arrived (for staff screens). */
export const SuggestionCreatedEvent = z.object({
  id: z.number().int(),
  reference_number: z.string(),
  created_at: z.number().int(),
});
export type SuggestionCreatedEvent = z.infer<typeof SuggestionCreatedEvent>;

/** Events of the forum service. Payloads never carry a visitor's token. */
export const forumEventSchemas = {
  /** A new post, as the feed shows it. */
  'forum.post.created': PostSummary,
  /** The post after a change (resolved, ...). */
  'forum.post.updated': PostSummary,
  'forum.post.deleted': PostDeletedEvent,
  'forum.post.upvoted': PostUpvotedEvent,
  /** The new comment. */
  'forum.comment.created': Comment,
  'forum.comment.deleted': CommentDeletedEvent,
  'forum.report.created': ReportCreatedEvent,
  'forum.suggestion.created': SuggestionCreatedEvent,
  'forum.staff.action': StaffActionEvent,
} satisfies Record<string, z.ZodType>;
