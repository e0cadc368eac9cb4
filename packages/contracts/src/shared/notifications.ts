import { z } from 'zod';

/**
 * "Replies to me" (issue 16): what the bell in the web header counts and /notifications lists.
 * Each service answers for its own content, because each knows the visitor only by its own keyed
 * hash (docs/decisions.md, "Replies to me"): the forum for comments on the visitor's posts
 * (GET /api/notifications), ama-booking for answers to the visitor's AMA questions
 * (GET /api/ama/notifications). The web app merges the two lists.
 */
export const NOTIFICATION_KINDS = ['comment', 'ama_answer'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Items per list, newest first. */
export const NOTIFICATIONS_LIMIT = 50;
/** Characters of a comment or an answer shown in the list. */
export const NOTIFICATION_EXCERPT = 200;

export const ReplyNotification = z.object({
  kind: z.enum(NOTIFICATION_KINDS),
  /** Unique across both lists: `comment:<id>` or `ama-question:<id>`. */
  id: z.string(),
  /** Where the reply is: `/post/<id>` or `/ama/<session id>`. */
  href: z.string(),
  /** The post's title or the AMA session's title. */
  title: z.string(),
  /** Who replied: the comment's author name or the staff member who answered. */
  author_name: z.string(),
  /** The comment or answer, cut to NOTIFICATION_EXCERPT characters. */
  excerpt: z.string(),
  /** When the reply came (ms). */
  created_at: z.number(),
  /** Came after the visitor last looked. */
  unread: z.boolean(),
});
export type ReplyNotification = z.infer<typeof ReplyNotification>;

/** GET .../notifications (x-anon-token): the newest replies and how many are unread. */
export const NotificationsResponse = z.object({
  items: z.array(ReplyNotification),
  unread: z.number().int().min(0),
  /** When the visitor last looked (ms), null before the first time. */
  seen_at: z.number().nullable(),
});
export type NotificationsResponse = z.infer<typeof NotificationsResponse>;

/** POST .../notifications/seen (x-anon-token): everything up to now is read. */
export const NotificationsSeenResponse = z.object({ seen_at: z.number() });
export type NotificationsSeenResponse = z.infer<typeof NotificationsSeenResponse>;

/** The directed realtime message (visitorMessageSchemas.reply_notification): the bell refetches. */
export const ReplyNotificationMessage = z.object({ kind: z.enum(NOTIFICATION_KINDS), href: z.string().max(200) });
