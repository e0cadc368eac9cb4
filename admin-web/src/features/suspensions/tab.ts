import { rolesWith } from '@wfm/contracts/admin';
import type { AdminTab } from '../../lib/admin-tab.ts';
import { useSuspensions } from './api/suspensions.ts';
import { SuspensionsTab } from './components/suspensions-tab.tsx';

/** Suspended visitors and blocked addresses, with Lift / Unblock (issue 26 item 5). */
export const suspensionsTab: AdminTab = {
  id: 'suspensions',
  label: 'Suspensions',
  roles: rolesWith('suspensions'),
  component: SuspensionsTab,
  useCount: function useSuspensionsCount() {
    const data = useSuspensions().data;
    return data && data.suspensions.length + data.blocks.length;
  },
};
