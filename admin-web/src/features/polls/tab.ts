import { rolesWith } from '@wfm/contracts/admin';
import type { AdminTab } from '../../lib/admin-tab.ts';
import { useAdminPolls } from './api/get-polls.ts';
import { PollsTab } from './components/polls-tab.tsx';

/** Community polls (Moderator and up); the badge is the server's total. */
export const pollsTab: AdminTab = {
  id: 'polls',
  label: 'Polls',
  roles: rolesWith('polls'),
  component: PollsTab,
  useCount: function usePollsCount() {
    return useAdminPolls().data?.total;
  },
};
