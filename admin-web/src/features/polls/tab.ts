import { rolesWith } from '@wfm/contracts/admin';
import { upcomingTab } from '../../components/upcoming-tab.tsx';

/** Polls: not launched yet. */
export const pollsTab = upcomingTab({ id: 'polls', label: 'Polls', roles: rolesWith('polls'), what: 'Polls' });
