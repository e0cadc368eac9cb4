import { rolesWith } from '@wfm/contracts/admin';
import { upcomingTab } from '../../components/upcoming-tab.tsx';

/** Job postings: not launched yet. */
export const jobsTab = upcomingTab({ id: 'jobs', label: 'Jobs', roles: rolesWith('jobs'), what: 'Job postings' });
