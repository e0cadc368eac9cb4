import { z } from 'zod';
import { Comment } from './comments.ts';
import { CommentCursor } from './fields.ts';
import { PostSummary } from './posts.ts';

/**
 * GET /api/posts/{id}: the post with the first page of its comments, oldest first
 * (`comment_count` is the total); `comments_next_cursor` fetches the next page when there is one.
 */
export const PostDetail = PostSummary.extend({
  comments: z.array(Comment),
  // Absent in answers from before paging: the comments given are then all of them.
  comments_next_cursor: CommentCursor.nullable().default(null),
  /** The accepted answer itself (wherever it is in the pages), pinned under the question; null without one. */
  accepted_answer: Comment.nullable().default(null),
  /**
   * Deleted by its author while comments hang under it (issue 26): the page stays as a placeholder,
   * with title, body, tags, author_name empty, no tool links or attachments, and the comments below.
   */
  deleted: z.boolean().default(false),
});
export type PostDetail = z.infer<typeof PostDetail>;
