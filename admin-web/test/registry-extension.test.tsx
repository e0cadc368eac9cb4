import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { moderatorHandlers, signedInAs } from './fixtures.ts';
import { renderApp } from './render-app.tsx';
import { server } from './server.ts';

// "Adding a tab is one folder plus one line": the registry file gets two more entries, nothing else changes.
vi.mock('../src/app/panel/admin-tabs.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../src/app/panel/admin-tabs.ts')>();
  const { fakeTab, superAdminOnlyFakeTab, upcomingFakeTab } = await import('./fake-tab.tsx');
  return { ADMIN_TAB_REGISTRY: [...actual.ADMIN_TAB_REGISTRY, upcomingFakeTab, fakeTab, superAdminOnlyFakeTab] };
});

describe('a tab added to the registry', () => {
  it('appears in the tab bar with its badge and opens its component; one for other roles stays hidden', async () => {
    // No handler for /api/admin/fake-secrets: if the hidden tab's count ran, the test would fail.
    server.use(
      signedInAs('Moderator', 'mo'),
      ...moderatorHandlers(),
      http.get('/api/admin/fake-widgets', () => HttpResponse.json({ count: 42 })),
    );
    const { router } = renderApp('/admin');
    const tabList = await screen.findByRole('tablist', { name: 'Admin sections' });
    const widgets = within(tabList).getByRole('tab', { name: /^Widgets/ });
    await waitFor(() => expect(widgets).toHaveTextContent(/^Widgets42$/));
    expect(within(tabList).getAllByRole('tab').at(-1)).toBe(widgets);
    expect(within(tabList).queryByRole('tab', { name: /^Secrets/ })).not.toBeInTheDocument();

    await userEvent.setup().click(widgets);
    expect(await screen.findByRole('heading', { name: 'Widgets for mo' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=fake-widgets');
  });

  it('shows an unlaunched tab honestly: a "not available yet" badge and state instead of an empty list', async () => {
    server.use(signedInAs('Moderator', 'mo'), ...moderatorHandlers(), http.get('/api/admin/fake-widgets', () => HttpResponse.json({ count: 1 })));
    renderApp('/admin');
    const tabList = await screen.findByRole('tablist', { name: 'Admin sections' });
    const webinars = within(tabList).getByRole('tab', { name: /^Webinars/ });
    expect(webinars).toHaveTextContent('(not available yet)');
    await userEvent.setup().click(webinars);
    expect(await screen.findByRole('heading', { name: 'Webinars: not available yet' })).toBeInTheDocument();
  });
});
