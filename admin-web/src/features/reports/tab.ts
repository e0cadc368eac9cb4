import { rolesWith } from '@wfm/contracts/admin';
import type { AdminTab } from '../../lib/admin-tab.ts';
import { useReportsCount } from './api/reports-count.ts';
import { ReportsTab } from './components/reports-tab.tsx';

/** Reports and help requests, then feature suggestions; the badge counts both. */
export const reportsTab: AdminTab = {
  id: 'reports',
  label: 'Reports',
  roles: rolesWith('reports'),
  component: ReportsTab,
  useCount: useReportsCount,
};
