import { STAFF_ROLES, type StaffRole } from '@wfm/contracts/shared';
import { ROLE_RIGHTS } from '@wfm/contracts/admin';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADMIN_TAB_REGISTRY } from '../src/app/panel/admin-tabs.ts';
import { tabsFor } from '../src/lib/admin-tab.ts';
import { moderatorHandlers, signedInAs } from './fixtures.ts';
import { renderApp } from './render-app.tsx';
import { server } from './server.ts';

/** What each tab needs, from the spec and ROLE_RIGHTS (the Bookings tab needs the bookings right). */
const RIGHT_OF_TAB: Record<string, string> = {
  reports: 'reports',
  // Writes held for review (duplicate content, issue 25): the moderation queue's right.
  held: 'reports',
  posts: 'posts',
  mentors: 'mentors',
  ama: 'ama',
  'ama-bookings': 'bookings',
  jobs: 'jobs',
  polls: 'polls',
  tools: 'tools',
  staff: 'staff',
  'user-profiles': 'user-profiles',
  suspensions: 'suspensions',
  database: 'database',
  // The audit log, authors' edits and deletions included (issue 26): after the spec's tabs.
  audit: 'audit',
};

describe('admin tab registry', () => {
  it('holds the spec tabs once each, in the spec order, with their labels', () => {
    expect(ADMIN_TAB_REGISTRY.map((tab) => tab.id)).toEqual(Object.keys(RIGHT_OF_TAB));
    expect(new Set(ADMIN_TAB_REGISTRY.map((tab) => tab.id)).size).toBe(ADMIN_TAB_REGISTRY.length);
    expect(ADMIN_TAB_REGISTRY.map((tab) => tab.label)).toEqual([
      'Reports',
      'Held',
      'Posts',
      'Mentors',
      'AMA',
      'Bookings',
      'Jobs',
      'Polls',
      'Tools',
      'Staff',
      'Users',
      'Suspensions',
      'Database',
      'Audit',
    ]);
  });

  it.each(STAFF_ROLES)('gives %s exactly the tabs whose right ROLE_RIGHTS grants it', (role: StaffRole) => {
    const expected = ADMIN_TAB_REGISTRY.filter((tab) =>
      (ROLE_RIGHTS[role] as readonly string[]).includes(RIGHT_OF_TAB[tab.id]!),
    ).map((tab) => tab.id);
    expect(tabsFor(ADMIN_TAB_REGISTRY, role).map((tab) => tab.id)).toEqual(expected);
  });

  it('shows a Moderator only the tabs the role allows, from the registry', async () => {
    server.use(signedInAs('Moderator'), ...moderatorHandlers());
    renderApp('/admin');
    const tabs = within(await screen.findByRole('tablist', { name: 'Admin sections' })).getAllByRole('tab');
    const allowed = tabsFor(ADMIN_TAB_REGISTRY, 'Moderator');
    expect(allowed.map((tab) => tab.id)).toEqual(['reports', 'held', 'posts', 'mentors', 'jobs', 'polls', 'tools', 'user-profiles', 'suspensions']);
    expect(tabs.map((tab) => tab.textContent?.replace(/[\d…—]+.*$/, '').trim())).toEqual(allowed.map((tab) => tab.label));
    for (const hidden of ['AMA', 'Bookings', 'Staff', 'Database']) {
      expect(screen.queryByRole('tab', { name: new RegExp(`^${hidden}`) })).not.toBeInTheDocument();
    }
  });
});
