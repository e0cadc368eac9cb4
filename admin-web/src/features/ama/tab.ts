import { rolesWith } from '@wfm/contracts/admin';
import { useAdminAmaSessions } from '../../lib/admin-ama-sessions.ts';
import type { AdminTab } from '../../lib/admin-tab.ts';
import { useBookingUpdates } from './api/bookings.ts';
import { AmaTab } from './components/ama-tab.tsx';
import { BookingsTab } from './components/bookings-tab.tsx';

/** AMA sessions with their pricing, image and questions (Admin and Super Admin). */
export const amaTab: AdminTab = {
  id: 'ama',
  label: 'AMA',
  roles: rolesWith('ama'),
  component: AmaTab,
  useCount: function useAmaCount() {
    return useAdminAmaSessions().data?.length;
  },
};

/**
 * AMA bookings, payment receipts, the waitlist and the mail outbox (Admin and Super Admin),
 * refreshed live. Its id is the spec's tab name (spec 3, Admin panel), kept in `?tab=`.
 */
export const bookingsTab: AdminTab = {
  id: 'ama-bookings',
  label: 'Bookings',
  roles: rolesWith('bookings'),
  component: BookingsTab,
  useCount: function useBookingsCount() {
    useBookingUpdates();
    return useAdminAmaSessions().data?.reduce((sum, session) => sum + session.booking_count, 0);
  },
};
