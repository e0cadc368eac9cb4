import { rolesWith } from '@wfm/contracts/admin';
import { useAdminAmaSessions } from '../../lib/admin-ama-sessions.ts';
import type { AdminTab } from '../../lib/admin-tab.ts';
import { useBookingUpdates } from './api/bookings.ts';
import { BookingsTab } from './components/bookings-tab.tsx';

/** AMA bookings, payment receipts, the waitlist and the mail outbox (Admin and Super Admin), refreshed live. */
export const amaBookingsTab: AdminTab = {
  id: 'ama-bookings',
  label: 'Bookings',
  roles: rolesWith('bookings'),
  component: BookingsTab,
  useCount: function useBookingsCount() {
    useBookingUpdates();
    return useAdminAmaSessions().data?.reduce((sum, session) => sum + session.booking_count, 0);
  },
};
