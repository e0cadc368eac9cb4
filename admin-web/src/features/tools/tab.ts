import { rolesWith } from '@wfm/contracts/admin';
import { upcomingTab } from '../../components/upcoming-tab.tsx';

/** Tool submissions: not launched yet. */
export const toolsTab = upcomingTab({ id: 'tools', label: 'Tools', roles: rolesWith('tools'), what: 'Tool submissions' });
