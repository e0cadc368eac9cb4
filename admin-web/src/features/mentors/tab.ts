import { rolesWith } from '@wfm/contracts/admin';
import { upcomingTab } from '../../components/upcoming-tab.tsx';

/** Mentor applications: not launched yet. */
export const mentorsTab = upcomingTab({ id: 'mentors', label: 'Mentors', roles: rolesWith('mentors'), what: 'Mentor applications' });
