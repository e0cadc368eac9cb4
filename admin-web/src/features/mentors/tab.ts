import { rolesWith } from '@wfm/contracts/admin';
import type { AdminTab } from '../../lib/admin-tab.ts';
import { useMentorChanges } from './api/mentor-changes.ts';
import { useStaffMentors } from './api/get-mentors.ts';
import { MentorsTab } from './components/mentors-tab.tsx';

/** Every mentor application; the badge counts them all and refreshes when one arrives or changes. */
export const mentorsTab: AdminTab = {
  id: 'mentors',
  label: 'Mentors',
  roles: rolesWith('mentors'),
  component: MentorsTab,
  useCount: function useMentorsCount() {
    useMentorChanges();
    return useStaffMentors().data?.length;
  },
};
