import { rolesWith } from '@wfm/contracts/admin';
import { useAdminAmaSessions } from '../../lib/admin-ama-sessions.ts';
import type { AdminTab } from '../../lib/admin-tab.ts';
import { AmaTab } from './components/ama-tab.tsx';

/** AMA sessions with their pricing, image and questions (Admin and Super Admin). */
export const amaTab: AdminTab = {
  id: 'ama',
  label: 'AMA',
  roles: rolesWith('ama'),
  component: AmaTab,
  useCount: function useAmaCount() {
    return useAdminAmaSessions().data?.length;
  },
};
