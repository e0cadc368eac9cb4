import { z } from 'zod';
import { emptyAsUndefined } from '../shared/common.ts';
import { HeldFields } from '../shared/held.ts';
import { CommentCursor, trimmed } from './fields.ts';
import { POST_MESSAGES } from './posts.ts';

export const COMMENT_LIMITS = { body: 5000, authorName: 40 } as const;

export const COMMENT_MESSAGES = {
  bodyRequired: 'Comment cannot be empty',
  bodyTooLong: 'Comment must be 5,000 characters or less',
  authorRequired: 'Author name is required',
  authorTooLong: 'Author name must be 40 characters or less',
} as const;

export const Comment = z.object({
  id: z.number().int(),
  post_id: z.number().int(),
  body: z.string(),
  author_name: z.string(),
  created_at: z.number(),
  /** When its author last edited it (issue 26), ms; null when never edited. */
  edited_at: z.number().int().nullable().default(null),
  /** Deleted by its author (issue 26): a placeholder in its thread, `body` and `author_name` empty. */
  deleted: z.boolean().default(false),
});
export type Comment = z.infer<typeof Comment>;

/** Comments per page: a post's detail carries the first page, GET /api/posts/{id}/comments the next. */
export const COMMENT_PAGE = { default: 100, max: 100 } as const;

/** GET /api/posts/{id}/comments?after=&limit=: the comments after the cursor, oldest first. */
export const ListCommentsQuery = z.object({
  after: z.preprocess(emptyAsUndefined, CommentCursor.optional()),
  limit: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1).max(COMMENT_PAGE.max).default(COMMENT_PAGE.default),
  ),
});
export type ListCommentsQuery = z.input<typeof ListCommentsQuery>;

export const CommentPage = z.object({ comments: z.array(Comment), next_cursor: CommentCursor.nullable() });
export type CommentPage = z.infer<typeof CommentPage>;

/** POST /api/comments; answers 201 with the Comment. With isAnonymous it is stored as ANONYMOUS. */
/** The 201 answer of POST /api/comments: the comment, plus `held`/`message` when it was held for review. */
export const CreateCommentResponse = Comment.extend(HeldFields);
export type CreateCommentResponse = z.infer<typeof CreateCommentResponse>;

export const CreateCommentBody = z.object({
  post_id: z.coerce.number(POST_MESSAGES.invalidId).int(POST_MESSAGES.invalidId).positive(POST_MESSAGES.invalidId),
  body: trimmed(1, COMMENT_LIMITS.body, COMMENT_MESSAGES.bodyRequired, COMMENT_MESSAGES.bodyTooLong),
  author_name: trimmed(1, COMMENT_LIMITS.authorName, COMMENT_MESSAGES.authorRequired, COMMENT_MESSAGES.authorTooLong),
  isAnonymous: z.boolean().optional().default(false),
});
export type CreateCommentBody = z.input<typeof CreateCommentBody>;

/** PATCH /api/comments/{id}: the author replaces the body (validated as on creation). */
export const EditCommentBody = CreateCommentBody.pick({ body: true });
export type EditCommentBody = z.input<typeof EditCommentBody>;

/** `/api/comments/{id}`: a positive integer. */
export const CommentIdParams = z.object({
  id: z
    .string()
    .regex(/^[1-9][0-9]{0,14}$/, 'Invalid comment ID')
    .transform(Number),
});
