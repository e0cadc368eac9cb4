import type { FastifyInstance } from 'fastify';
import type { StaffIdentity } from '@wfm/service-kit';
import { conflict, notFound, recordStaffAction, writeEvent } from '@wfm/service-kit';
import { POST_MESSAGES, type AdminPostActionResponse } from '@wfm/contracts/forum';
import * as posts from './posts-staff-repository.ts';

/** The app's pool and staff-action log (recordStaffAction). */
type StaffContext = Pick<FastifyInstance, 'sql' | 'staffActionLog'>;

export async function deletePost(app: StaffContext, staff: StaffIdentity, id: number): Promise<AdminPostActionResponse> {
  return app.sql.begin(async (tx) => {
    if (!(await posts.deletePost(tx, id))) throw notFound(POST_MESSAGES.notFound);
    await writeEvent(tx, 'forum.post.deleted', { id, at: Date.now() });
    await recordStaffAction(tx, app, staff, { action: 'post.delete', target: { type: 'post', id } });
    return { success: true, id, status: 'deleted' };
  });
}

/** Only an open post can be resolved (409 otherwise); browsers get the change as post_updated. */
export async function resolvePost(app: StaffContext, staff: StaffIdentity, id: number): Promise<AdminPostActionResponse> {
  return app.sql.begin(async (tx) => {
    const result = await posts.resolvePost(tx, id);
    if (result === null) throw notFound(POST_MESSAGES.notFound);
    if (result === 'not_open') throw conflict(POST_MESSAGES.alreadyResolved);
    await writeEvent(tx, 'forum.post.updated', result);
    await recordStaffAction(tx, app, staff, { action: 'post.resolve', target: { type: 'post', id } });
    return { success: true, id, status: 'resolved' };
  });
}
