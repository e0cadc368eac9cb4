import { z } from 'zod';
import type { EventSubject } from './events.ts';

/** Bus subjects pushed to browsers over /ws, and the message type each becomes. */
export const realtimeMap: Partial<Record<EventSubject, string>> = {
  'identity.profile.created': 'member_joined',
  // forum: data is the post summary / {id, at} / the comment / {post_id, upvotes}
  'forum.post.created': 'new_post',
  'forum.post.updated': 'post_updated',
  'forum.post.deleted': 'post_updated',
  'forum.comment.created': 'new_comment',
  'forum.post.upvoted': 'upvote',
};

export const RealtimeMessage = z.object({ type: z.string(), data: z.unknown() });
export type RealtimeMessage = z.infer<typeof RealtimeMessage>;
