import type { Db, StaffIdentity } from '@wfm/service-kit';
import { insertAuditEntry } from './audit-repository.ts';

/** Records one of the admin service's own staff actions, inside the caller's transaction. */
export async function recordAction(
  db: Db,
  staff: StaffIdentity,
  action: string,
  target: { type: string; id: string | number },
): Promise<void> {
  await insertAuditEntry(db, {
    service: 'admin',
    staff_id: staff.id,
    staff_username: staff.username,
    role: staff.role,
    action,
    target_type: target.type,
    target_id: String(target.id),
    at: Date.now(),
  });
}
