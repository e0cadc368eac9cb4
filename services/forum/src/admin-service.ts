import type { StaffIdentity, Sql } from '@wfm/service-kit';
import { conflict, notFound, writeEvent } from '@wfm/service-kit';
import { POST_MESSAGES, type AdminPostActionResponse } from '@wfm/contracts';
import * as posts from './post-repository.ts';

const staffAction = (staff: StaffIdentity, action: string, postId: number) => ({
  staff_id: staff.id,
  staff_username: staff.username,
  role: staff.role,
  action,
  target_type: 'post',
  target_id: String(postId),
  at: Date.now(),
});

export async function deletePost(sql: Sql, staff: StaffIdentity, id: number): Promise<AdminPostActionResponse> {
  return sql.begin(async (tx) => {
    if (!(await posts.deletePost(tx, id))) throw notFound(POST_MESSAGES.notFound);
    await writeEvent(tx, 'forum.post.deleted', { id, at: Date.now() });
    await writeEvent(tx, 'forum.staff.action', staffAction(staff, 'post.delete', id));
    return { success: true, id, status: 'deleted' };
  });
}

/** Only an open post can be resolved (409 otherwise); browsers get the change as post_updated. */
export async function resolvePost(sql: Sql, staff: StaffIdentity, id: number): Promise<AdminPostActionResponse> {
  return sql.begin(async (tx) => {
    const result = await posts.resolvePost(tx, id);
    if (result === null) throw notFound(POST_MESSAGES.notFound);
    if (result === 'not_open') throw conflict(POST_MESSAGES.alreadyResolved);
    await writeEvent(tx, 'forum.post.updated', result);
    await writeEvent(tx, 'forum.staff.action', staffAction(staff, 'post.resolve', id));
    return { success: true, id, status: 'resolved' };
  });
}
