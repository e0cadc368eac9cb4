import { rolesWith } from '@wfm/contracts/admin';
import type { AdminTab } from '../../lib/admin-tab.ts';
import { useAudit } from './api/get-audit.ts';
import { AuditTab } from './components/audit-tab.tsx';

/** The audit log (the `audit` right: Super Admin), authors' edits and deletions included (issue 26). */
export const auditTab: AdminTab = {
  id: 'audit',
  label: 'Audit',
  roles: rolesWith('audit'),
  component: AuditTab,
  useCount: function useAuditCount() {
    return useAudit().data?.entries.length;
  },
};
