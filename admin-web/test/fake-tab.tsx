import { upcomingTab } from '../src/components/upcoming-tab.tsx';
import { useQuery } from '@tanstack/react-query';
import { api } from '../src/lib/api-client.ts';
import type { AdminTab } from '../src/lib/admin-tab.ts';
import { queryKeys } from '../src/lib/query-keys.ts';

/** A tab that is in no feature folder: what a new service's tab looks like to the panel. */
export const fakeTab: AdminTab = {
  id: 'fake-widgets',
  label: 'Widgets',
  roles: ['Moderator', 'Admin', 'Super Admin'],
  component: ({ staff }) => (
    <section aria-label="Widgets">
      <h2>Widgets for {staff.username}</h2>
    </section>
  ),
  useCount: function useWidgetCount() {
    return useQuery({
      queryKey: [...queryKeys.all, 'fake-widgets'],
      queryFn: async () => (await api.get('/api/admin/fake-widgets')) as { count: number },
    }).data?.count;
  },
};

/** A second fake tab only a Super Admin may see: a Moderator must neither see it nor run its count. */
export const superAdminOnlyFakeTab: AdminTab = {
  id: 'fake-secrets',
  label: 'Secrets',
  roles: ['Super Admin'],
  component: () => <h2>Secrets</h2>,
  useCount: function useSecretCount() {
    return useQuery({
      queryKey: [...queryKeys.all, 'fake-secrets'],
      queryFn: async () => (await api.get('/api/admin/fake-secrets')) as { count: number },
    }).data?.count;
  },
};

/**
 * A tab whose service has not launched (every spec tab is live now, so the mechanism is proven on
 * this one): the honest "not available yet" state and a "—" badge, never an empty list.
 */
export const upcomingFakeTab: AdminTab = upcomingTab({
  id: 'fake-webinars',
  label: 'Webinars',
  roles: ['Moderator', 'Admin', 'Super Admin'],
  what: 'Webinars',
});
