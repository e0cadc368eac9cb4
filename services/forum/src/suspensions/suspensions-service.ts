import { SUSPENSION_MESSAGES, type SuspensionView } from '@wfm/contracts/identity';
import { notFound, suspendVisitorIn, recordStaffAction, type Db, type ServiceContext, type StaffIdentity } from '@wfm/service-kit';
import { authorHashOf } from './suspensions-repository.ts';
import { hideAllOf, type ContentRef } from '../hidden/hidden-service.ts';

export interface AuthorSuspension {
  reason: string;
  /** From now, ms; null for good. */
  durationMs: number | null;
  /** Also hide every post and comment of the author in the forum (reason 'suspension'). */
  hideContent: boolean;
}

/**
 * Suspends the author of a post or comment in `tx`, named by the forum's keyed hash of their
 * token, and with hideContent hides all they wrote here (audited `visitor.hide-content`). Lifting
 * the suspension (identity's registry) shows nothing again by itself: staff unhide what they choose
 * (docs/decisions.md). Answers the suspension and what got hidden.
 */
export async function suspendAuthorIn(
  tx: Db,
  ctx: ServiceContext,
  staff: StaffIdentity,
  target: ContentRef,
  input: AuthorSuspension,
): Promise<{ suspension: SuspensionView; hidden: { posts: number[]; comments: number[] } }> {
  const hash = await authorHashOf(tx, target.kind, target.id);
  if (!hash) throw notFound(SUSPENSION_MESSAGES.authorNotFound);
  let hidden = { posts: [] as number[], comments: [] as number[] };
  if (input.hideContent) {
    hidden = await hideAllOf(tx, ctx, hash, staff);
    await recordStaffAction(tx, ctx, staff, { action: 'visitor.hide-content', target: { type: target.kind, id: target.id } });
  }
  // The store is written last: a failure there rolls the hiding and the audit back with it.
  const suspension = await suspendVisitorIn(tx, ctx, staff, {
    service: ctx.name,
    visitor: hash.toString('base64url'),
    durationMs: input.durationMs,
    reason: input.reason,
    target: { type: target.kind, id: target.id },
  });
  return { suspension, hidden };
}

/** "Suspend the author of this post / comment" (the staff routes): one transaction. */
export async function suspendAuthorOf(ctx: ServiceContext, staff: StaffIdentity, target: ContentRef, input: AuthorSuspension): Promise<SuspensionView> {
  return ctx.sql.begin(async (tx) => (await suspendAuthorIn(tx, ctx, staff, target, input)).suspension);
}
