import { rolesWith } from '@wfm/contracts/admin';
import type { AdminTab } from '../../lib/admin-tab.ts';
import { useHeld } from './api/get-held.ts';
import { HeldTab } from './components/held-tab.tsx';

/** Writes the duplicate-content check held (posts, comments, polls, tools, templates); the badge is what waits. */
export const heldTab: AdminTab = {
  id: 'held',
  label: 'Held',
  // The moderation queue: who handles reports reviews held writes.
  roles: rolesWith('reports'),
  component: HeldTab,
  useCount: function useHeldCount() {
    return useHeld().total;
  },
};
