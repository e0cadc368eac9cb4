import { rolesWith } from '@wfm/contracts/admin';
import { upcomingTab } from '../../components/upcoming-tab.tsx';

/** AMA sessions with their pricing: not launched yet. */
export const amaTab = upcomingTab({ id: 'ama', label: 'AMA', roles: rolesWith('ama'), what: 'AMA sessions and their pricing' });
