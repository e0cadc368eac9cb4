import { rolesWith } from '@wfm/contracts/admin';
import { upcomingTab } from '../../components/upcoming-tab.tsx';

/** AMA bookings and payment receipts: not launched yet. */
export const amaBookingsTab = upcomingTab({
  id: 'ama-bookings',
  label: 'Bookings',
  roles: rolesWith('bookings'),
  what: 'AMA bookings and payment receipts',
});
