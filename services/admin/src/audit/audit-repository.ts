import type { StaffActionEvent } from '@wfm/contracts/shared';
import type { AuditEntry } from '@wfm/contracts/admin';
import type { Db } from '@wfm/service-kit';

/** A staff action as recorded: the event payload plus the service that reported it. */
export interface AuditRecord extends StaffActionEvent {
  service: string;
}

/** Records an action once: a redelivered event finds its row already there. */
export async function insertAuditEntry(db: Db, record: AuditRecord): Promise<void> {
  await db`
    INSERT INTO audit_log (service, staff_id, staff_username, role, action, target_type, target_id, at)
    VALUES (${record.service}, ${record.staff_id}, ${record.staff_username}, ${record.role}, ${record.action},
            ${record.target_type}, ${record.target_id}, to_timestamp(${record.at} / 1000.0))
    ON CONFLICT (service, staff_id, action, target_type, target_id, at) DO NOTHING`;
}

/** Newest recorded first, `limit` entries with ids below `before`. */
export async function listAuditEntries(db: Db, limit: number, before?: number): Promise<AuditEntry[]> {
  const rows = await db<(Omit<AuditEntry, 'at'> & { at: Date })[]>`
    SELECT id, service, staff_id, staff_username, role, action, target_type, target_id, at
    FROM audit_log
    ${before === undefined ? db`` : db`WHERE id < ${before}`}
    ORDER BY id DESC
    LIMIT ${limit}`;
  return rows.map((row) => ({ ...row, at: row.at.getTime() }));
}
