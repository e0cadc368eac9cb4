import { rolesWith } from '@wfm/contracts/admin';
import type { AdminTab } from '../../lib/admin-tab.ts';
import { useAdminTools } from './api/get-tools.ts';
import { ToolsTab } from './components/tools-tab.tsx';

/** Tool submissions (Moderator and up); the badge is the server's total. */
export const toolsTab: AdminTab = {
  id: 'tools',
  label: 'Tools',
  roles: rolesWith('tools'),
  component: ToolsTab,
  useCount: function useToolsCount() {
    return useAdminTools().data?.total;
  },
};
