import {
  eventSchemas,
  NOTIFICATION_EXCERPT,
  NOTIFICATIONS_LIMIT,
  type NotificationsResponse,
  type NotificationsSeenResponse,
} from '@wfm/contracts/shared';
import { notifyVisitor, type ServiceContext } from '@wfm/service-kit';
import * as repo from './notifications-repository.ts';

/** Comments by others on the visitor's posts, newest first, each marked unread when newer than the last look. */
export async function listNotifications(ctx: ServiceContext, visitorHash: Buffer): Promise<NotificationsResponse> {
  const seenAt = await repo.seenAt(ctx.sql, visitorHash);
  const replies = await repo.listCommentReplies(ctx.sql, visitorHash, NOTIFICATIONS_LIMIT, NOTIFICATION_EXCERPT);
  const since = seenAt ?? 0;
  return {
    items: replies.map((r) => ({
      kind: 'comment' as const,
      id: `comment:${r.commentId}`,
      href: `/post/${r.postId}`,
      title: r.title,
      author_name: r.authorName,
      excerpt: r.excerpt,
      created_at: r.createdAt,
      unread: r.createdAt > since,
    })),
    unread: await repo.countCommentRepliesSince(ctx.sql, visitorHash, since),
    seen_at: seenAt,
  };
}

export async function markSeen(ctx: ServiceContext, visitorHash: Buffer): Promise<NotificationsSeenResponse> {
  return { seen_at: await repo.markSeen(ctx.sql, visitorHash) };
}

/**
 * Live bell: every new comment (forum.comment.created, durable so replicas share the work) pushes
 * `reply_notification` to the post author's sockets through the outbox. The event carries no
 * visitor data; the recipient is looked up here by the comment's id.
 */
export async function subscribeReplyNotifications(ctx: ServiceContext): Promise<() => Promise<void>> {
  return ctx.bus.subscribe(
    'forum.comment.created',
    async (evt) => {
      const parsed = eventSchemas['forum.comment.created'].safeParse(evt.data);
      if (!parsed.success) return;
      const to = await repo.replyRecipient(ctx.sql, parsed.data.id);
      if (!to) return;
      await notifyVisitor(ctx.sql, ctx.schema, to, {
        type: 'reply_notification',
        data: { kind: 'comment', href: `/post/${parsed.data.post_id}` },
      });
    },
    { durable: 'forum-reply-notifications' },
  );
}
