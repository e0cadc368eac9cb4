import {
  eventSchemas,
  NOTIFICATION_EXCERPT,
  NOTIFICATIONS_LIMIT,
  type NotificationsResponse,
  type NotificationsSeenResponse,
} from '@wfm/contracts/shared';
import { notifyVisitor } from '@wfm/service-kit';
import type { AmaContext } from '../context.ts';
import * as repo from './notifications-repository.ts';

/** Answers to the visitor's AMA questions, newest first, each unread when newer than the last look. */
export async function listNotifications(ctx: AmaContext, visitorHash: Buffer): Promise<NotificationsResponse> {
  const seenAt = await repo.seenAt(ctx.sql, visitorHash);
  const since = seenAt ?? 0;
  const answers = await repo.listAnswers(ctx.sql, visitorHash, NOTIFICATIONS_LIMIT, NOTIFICATION_EXCERPT);
  return {
    items: answers.map((a) => ({
      kind: 'ama_answer' as const,
      id: `ama-question:${a.questionId}`,
      href: `/ama/${a.sessionId}`,
      title: a.title,
      author_name: a.answeredBy,
      excerpt: a.excerpt,
      created_at: a.answeredAt,
      unread: a.answeredAt > since,
    })),
    unread: await repo.countAnswersSince(ctx.sql, visitorHash, since),
    seen_at: seenAt,
  };
}

export async function markSeen(ctx: AmaContext, visitorHash: Buffer): Promise<NotificationsSeenResponse> {
  return { seen_at: await repo.markSeen(ctx.sql, visitorHash, ctx.now()) };
}

/**
 * Live bell: each answer (ama.question.answered, durable so replicas share the work) pushes
 * `reply_notification` to the asker's sockets through the outbox. The event carries no visitor data;
 * the asker is looked up by the question's id.
 */
export async function subscribeAnswerNotifications(ctx: AmaContext): Promise<() => Promise<void>> {
  return ctx.bus.subscribe(
    'ama.question.answered',
    async (evt) => {
      const parsed = eventSchemas['ama.question.answered'].safeParse(evt.data);
      if (!parsed.success) return;
      const recipient = await repo.answerRecipient(ctx.sql, parsed.data.id);
      if (!recipient) return;
      await notifyVisitor(ctx.sql, ctx.schema, recipient.to, {
        type: 'reply_notification',
        data: { kind: 'ama_answer', href: `/ama/${recipient.sessionId}` },
      });
    },
    { durable: 'ama-answer-notifications' },
  );
}
