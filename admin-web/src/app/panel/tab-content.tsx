import type { AdminTabId, StaffRole } from '@wfm/contracts';
import type { ReactNode } from 'react';
import { UpcomingTab } from '../../components/upcoming-tab.tsx';
import { DatabaseTab } from '../../features/database/components/database-tab.tsx';
import { PostsTab } from '../../features/posts/components/posts-tab.tsx';
import { ReportsTab } from '../../features/reports/components/reports-tab.tsx';
import { StaffTab } from '../../features/staff/components/staff-tab.tsx';
import { UsersTab } from '../../features/users/components/users-tab.tsx';

interface Staff {
  username: string;
  role: StaffRole;
}

/** What each tab shows. Tabs whose part of the platform has not launched say so. */
const TAB_CONTENT: Record<AdminTabId, { live: boolean; render: (staff: Staff) => ReactNode }> = {
  reports: { live: true, render: ({ role }) => <ReportsTab role={role} /> },
  posts: { live: true, render: () => <PostsTab /> },
  mentors: { live: false, render: () => <UpcomingTab title="Mentors" what="Mentor applications" /> },
  ama: { live: false, render: () => <UpcomingTab title="AMA" what="AMA sessions and their pricing" /> },
  'ama-bookings': { live: false, render: () => <UpcomingTab title="Bookings" what="AMA bookings and payment receipts" /> },
  jobs: { live: false, render: () => <UpcomingTab title="Jobs" what="Job postings" /> },
  polls: { live: false, render: () => <UpcomingTab title="Polls" what="Polls" /> },
  tools: { live: false, render: () => <UpcomingTab title="Tools" what="Tool submissions" /> },
  staff: { live: true, render: ({ username }) => <StaffTab currentUsername={username} /> },
  'user-profiles': { live: true, render: () => <UsersTab /> },
  database: { live: true, render: () => <DatabaseTab /> },
};

export function isLiveTab(tab: AdminTabId): boolean {
  return TAB_CONTENT[tab].live;
}

export function TabContent({ tab, staff }: { tab: AdminTabId; staff: Staff }) {
  return TAB_CONTENT[tab].render(staff);
}
