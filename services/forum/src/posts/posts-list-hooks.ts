import type { onSendHookHandler } from 'fastify';
import type { Redis } from 'ioredis';
import type { ServiceContext } from '@wfm/service-kit';
import { changesFeedLists, redisListRevision, type ListRevision } from './posts-list-revision.ts';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * onSend: a write that was not refused moves the list revision on before its answer leaves, so the
 * writer's next read (from any replica) meets a list read after the write. A bump Redis refuses is
 * logged; lists then stay at most LIST_MAX_AGE_MS behind.
 */
export function bumpAfterWrites(revision: ListRevision): onSendHookHandler {
  return async (request, reply, payload) => {
    if (READS.has(request.method) || (reply.statusCode >= 400 && reply.statusCode < 500)) return payload;
    await revision.bump().catch((err: unknown) => request.log.warn({ err }, 'feed lists: the list revision could not be moved on'));
    return payload;
  };
}

/**
 * The outbox relay's beforePublish: events about posts and comments move the list revision on before
 * they are published. A failed bump does not hold the events back (realtime matters more during a
 * Redis outage, when lists are read from PostgreSQL anyway).
 */
export async function bumpBeforeEvents(subjects: readonly string[], deps: { redis: Redis | undefined }): Promise<void> {
  if (!deps.redis || !subjects.some(changesFeedLists)) return;
  await redisListRevision(deps.redis)
    .bump()
    .catch(() => undefined);
}

/**
 * A restored database changes every list without a forum write: one replica (durable subscription)
 * moves the revision on when the admin service says so.
 */
export async function subscribeRestores(ctx: Pick<ServiceContext, 'redis' | 'bus'>): Promise<() => Promise<void>> {
  const redis = ctx.redis;
  if (!redis) return async () => {};
  return ctx.bus.subscribe(
    'admin.database.restored',
    async () => {
      await redisListRevision(redis).bump();
    },
    { durable: 'forum-list-revision' },
  );
}
