import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { moderatorHandlers, profile, report, signedInAs, suggestion, superAdminHandlers } from './fixtures.ts';
import { renderApp } from './render-app.tsx';
import { server } from './server.ts';

const tabNames = () =>
  within(screen.getByRole('tablist', { name: 'Admin sections' }))
    .getAllByRole('tab')
    .map((tab) => tab.textContent?.replace(/[\d…—]+.*$/, '').trim());

describe('panel tabs', () => {
  it('gives a Super Admin every tab in the spec order, with reports open by default', async () => {
    server.use(signedInAs('Super Admin'), ...superAdminHandlers());
    renderApp('/admin');
    await screen.findByRole('tablist', { name: 'Admin sections' });
    expect(tabNames()).toEqual([
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
    expect(screen.getByRole('tab', { name: /^Reports/, selected: true })).toBeInTheDocument();
  });

  it('hides the AMA, bookings, staff and database tabs from a Moderator, and never asks for their data', async () => {
    // Only the Moderator's lists have answers: a request for staff or backups fails the test.
    server.use(signedInAs('Moderator'), ...moderatorHandlers());
    renderApp('/admin?tab=staff');
    await screen.findByRole('tablist', { name: 'Admin sections' });
    expect(tabNames()).toEqual(['Reports', 'Held', 'Posts', 'Mentors', 'Jobs', 'Polls', 'Tools', 'Users', 'Suspensions']);
    // A tab the role may not open falls back to the default one.
    expect(screen.getByRole('tab', { name: /^Reports/, selected: true })).toBeInTheDocument();
  });

  it('shows each working tab its count; the reports badge counts reports plus suggestions', async () => {
    server.use(
      signedInAs('Moderator'),
      ...moderatorHandlers({
        reports: [report({ id: 1 }), report({ id: 2, ticket_reference: 'HLP-2' })],
        suggestions: [suggestion()],
        profiles: [profile({ id: 1 }), profile({ id: 2, username: 'other' })],
      }),
    );
    renderApp('/admin');
    await waitFor(() => expect(screen.getByRole('tab', { name: /^Reports/ })).toHaveTextContent(/^Reports3$/));
    expect(screen.getByRole('tab', { name: /^Users/ })).toHaveTextContent(/^Users2$/);
    expect(screen.getByRole('tab', { name: /^Posts/ })).toHaveTextContent(/^Posts0$/);
    expect(screen.getByRole('tab', { name: /^Mentors/ })).toHaveTextContent(/^Mentors0$/);
  });

  it('opens a tab on click and keeps it in the address', async () => {
    server.use(signedInAs('Moderator'), ...moderatorHandlers());
    const { router } = renderApp('/admin');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: /^Users/ }));
    expect(await screen.findByRole('heading', { level: 2, name: /Users/ })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=user-profiles');

    await user.click(screen.getByRole('tab', { name: /^Mentors/ }));
    expect(await screen.findByRole('heading', { level: 2, name: /Mentors/ })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=mentors');
  });

  it("explains what the signed-in user's role may do", async () => {
    server.use(signedInAs('Moderator', 'mo'), ...moderatorHandlers());
    renderApp('/admin');
    await userEvent.setup().click(await screen.findByRole('button', { name: /mo Moderator, signed in/ }));
    const rights = await screen.findByRole('list', { name: 'What the Moderator role can do' });
    expect(within(rights).getByText("Edit visitors' usernames")).toBeInTheDocument();
    expect(within(rights).queryByText('Create and restore database backups')).not.toBeInTheDocument();
  });
});
