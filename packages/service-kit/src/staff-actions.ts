import { eventSchemas, type EventSubject, type StaffActionEvent } from '@wfm/contracts/shared';
import type { Db } from './db.ts';
import { writeEvent } from './outbox.ts';
import type { StaffIdentity } from './staff-signature.ts';

/** What a staff member did, to what: `{ action: 'post.delete', target: { type: 'post', id } }`. */
export interface StaffAction {
  action: string;
  target: { type: string; id: string | number };
}

/**
 * Where a service's staff actions go, in the caller's transaction. Default (outboxStaffActionLog):
 * `<schema>.staff.action` through the outbox, which the admin service stores in its audit log. The
 * admin service, owner of the audit log, writes its own actions there directly (its definition's
 * `staffActionLog`).
 */
export type StaffActionLog = (tx: Db, event: StaffActionEvent) => Promise<void>;

/** The `<schema>.staff.action` event through the outbox; the subject must be in the contracts' event map. */
export function outboxStaffActionLog(schema: string): StaffActionLog {
  const subject = `${schema}.staff.action`;
  return async (tx, event) => {
    // Checked on use: a service without staff actions needs no such event.
    if (!(subject in eventSchemas)) throw new Error(`"${subject}" is not an event of the contracts`);
    await writeEvent(tx, subject as EventSubject, event);
  };
}

/** The service's staff-action log: `app.staffActionLog` (decorated by the kit from the service definition). */
export interface StaffActionSource {
  staffActionLog: StaffActionLog;
}

/**
 * Records one staff action in the caller's transaction (`tx`), so it is kept exactly when the
 * change it describes commits:
 *
 *   await sql.begin(async (tx) => {
 *     await posts.deletePost(tx, id);
 *     await recordStaffAction(tx, app, request.staff!, { action: 'post.delete', target: { type: 'post', id } });
 *   });
 */
export async function recordStaffAction(
  tx: Db,
  app: StaffActionSource,
  staff: StaffIdentity,
  { action, target }: StaffAction,
): Promise<void> {
  await app.staffActionLog(tx, {
    staff_id: staff.id,
    staff_username: staff.username,
    role: staff.role,
    action,
    target_type: target.type,
    target_id: String(target.id),
    at: Date.now(),
  });
}

/** The audit log's name for authors: no staff id, no name (the visitor stays anonymous to the log). */
const AUTHOR_ACTOR = { staff_id: 0, staff_username: 'author', role: 'author' } as const;

/**
 * Records an author's edit or deletion of what they wrote in the audit log, beside staff actions
 * (actor 'author', docs/decisions.md), in the caller's transaction.
 */
export async function recordAuthorAction(tx: Db, app: StaffActionSource, { action, target }: StaffAction): Promise<void> {
  await app.staffActionLog(tx, { ...AUTHOR_ACTOR, action, target_type: target.type, target_id: String(target.id), at: Date.now() });
}
