import { rolesWith } from '@wfm/contracts/admin';
import type { AdminTab } from '../../lib/admin-tab.ts';
import { useStaff } from './api/get-staff.ts';
import { StaffTab } from './components/staff-tab.tsx';

/** Staff accounts (Super Admin). */
export const staffTab: AdminTab = {
  id: 'staff',
  label: 'Staff',
  roles: rolesWith('staff'),
  component: StaffTab,
  useCount: function useStaffCount() {
    return useStaff().data?.length;
  },
};
