import type { StaffRole } from '@wfm/contracts/shared';
import type { ComponentType } from 'react';

/** Who is signed in: what every tab component and count hook receives. */
export interface SignedInStaff {
  username: string;
  role: StaffRole;
}

/** A tab whose part of the platform has not launched: its badge shows "—". */
export const NOT_AVAILABLE = 'not-available';

/** A tab's badge: a number, `undefined` while it loads (shown "…"), or NOT_AVAILABLE. */
export type TabCount = number | undefined | typeof NOT_AVAILABLE;

export interface AdminTabProps {
  staff: SignedInStaff;
}

/**
 * One tab of the admin panel. Each feature folder exports one of these and
 * src/app/panel/admin-tabs.ts lists them in the spec's order; the panel renders nothing else.
 */
export interface AdminTab {
  /** Kept in `?tab=`; unique in the registry. */
  id: string;
  /** The tab's name in the tab bar. */
  label: string;
  /** The roles that see the tab — take them from ROLE_RIGHTS with `rolesWith(right)`; the server refuses the rest anyway. */
  roles: readonly StaffRole[];
  /** The open tab. */
  component: ComponentType<AdminTabProps>;
  /**
   * The badge. A hook: it runs only for tabs the signed-in role sees (so a role never asks for
   * data it may not read), in its own component, and should reuse the tab's cached queries.
   */
  useCount: (staff: SignedInStaff) => TabCount;
}

/** The registry entries `role` sees, in registry order. */
export function tabsFor(registry: readonly AdminTab[], role: StaffRole): AdminTab[] {
  return registry.filter((tab) => tab.roles.includes(role));
}
