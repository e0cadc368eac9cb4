import type { StaffActionLog } from '@wfm/service-kit';
import { insertAuditEntry } from './audit-repository.ts';

/**
 * The admin service's staff-action log (its definition's staffActionLog): it owns the audit log, so
 * recordStaffAction writes its own actions straight into it, in the caller's transaction, instead
 * of through the bus like every other service.
 */
export const auditStaffActionLog: StaffActionLog = (tx, event) => insertAuditEntry(tx, { service: 'admin', ...event });
