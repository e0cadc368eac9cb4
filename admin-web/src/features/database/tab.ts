import { rolesWith } from '@wfm/contracts/admin';
import type { AdminTab } from '../../lib/admin-tab.ts';
import { useBackupStats } from './api/get-backup-stats.ts';
import { DatabaseTab } from './components/database-tab.tsx';

/** Backups (Super Admin); the badge is the backup count. */
export const databaseTab: AdminTab = {
  id: 'database',
  label: 'Database',
  roles: rolesWith('database'),
  component: DatabaseTab,
  useCount: function useBackupCount() {
    return useBackupStats().data?.count;
  },
};
