import { rolesWith } from '@wfm/contracts/admin';
import type { AdminTab } from '../../lib/admin-tab.ts';
import { useUserProfiles } from './api/get-user-profiles.ts';
import { UsersTab } from './components/users-tab.tsx';

/** Visitors with a username (spec id user-profiles, labelled Users). */
export const usersTab: AdminTab = {
  id: 'user-profiles',
  label: 'Users',
  roles: rolesWith('user-profiles'),
  component: UsersTab,
  useCount: function useUsersCount() {
    return useUserProfiles().data?.length;
  },
};
