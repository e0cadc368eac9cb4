import type { Db, ServiceContext, StaffIdentity } from '@wfm/service-kit';
import { conflict, notFound, recordStaffAction, writeEvent } from '@wfm/service-kit';
import { POST_MESSAGES, type AdminPostActionResponse } from '@wfm/contracts/forum';
import * as posts from './posts-staff-repository.ts';

/** Deletes the post in `tx` with its event (feed, search, caches and open pages follow); false when gone. */
export async function deletePostIn(tx: Db, ctx: ServiceContext, id: number): Promise<boolean> {
  if (!(await posts.deletePost(tx, id))) return false;
  await writeEvent(tx, 'forum.post.deleted', { id, at: ctx.now() });
  return true;
}

export async function deletePost(ctx: ServiceContext, staff: StaffIdentity, id: number): Promise<AdminPostActionResponse> {
  return ctx.sql.begin(async (tx) => {
    if (!(await deletePostIn(tx, ctx, id))) throw notFound(POST_MESSAGES.notFound);
    await recordStaffAction(tx, ctx, staff, { action: 'post.delete', target: { type: 'post', id } });
    return { success: true, id, status: 'deleted' };
  });
}

/** Only an open post can be resolved (409 otherwise); browsers get the change as post_updated. */
export async function resolvePost(ctx: ServiceContext, staff: StaffIdentity, id: number): Promise<AdminPostActionResponse> {
  return ctx.sql.begin(async (tx) => {
    const result = await posts.resolvePost(tx, id);
    if (result === null) throw notFound(POST_MESSAGES.notFound);
    if (result === 'not_open') throw conflict(POST_MESSAGES.alreadyResolved);
    await writeEvent(tx, 'forum.post.updated', result);
    await recordStaffAction(tx, ctx, staff, { action: 'post.resolve', target: { type: 'post', id } });
    return { success: true, id, status: 'resolved' };
  });
}
