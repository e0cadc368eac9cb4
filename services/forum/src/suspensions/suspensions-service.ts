import { SUSPENSION_MESSAGES, type SuspendAuthorBody } from '@wfm/contracts/identity';
import { notFound, suspendVisitor, type ServiceContext, type StaffIdentity } from '@wfm/service-kit';
import { authorHashOf } from './suspensions-repository.ts';

/** Suspends the author of a post or comment, named by the forum's keyed hash of their token. */
export async function suspendAuthorOf(ctx: ServiceContext, staff: StaffIdentity, type: 'post' | 'comment', id: number, body: SuspendAuthorBody) {
  const hash = await authorHashOf(ctx.sql, type, id);
  if (!hash) throw notFound(SUSPENSION_MESSAGES.authorNotFound);
  return suspendVisitor(ctx, staff, {
    service: ctx.name,
    visitor: hash.toString('base64url'),
    durationMs: body.duration_ms,
    reason: body.reason,
    target: { type, id },
  });
}
