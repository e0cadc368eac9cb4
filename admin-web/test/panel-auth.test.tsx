import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, delay } from 'msw';
import { describe, expect, it } from 'vitest';
import { moderatorHandlers, signedInAs, signedOut } from './fixtures.ts';
import { renderApp } from './render-app.tsx';
import { server } from './server.ts';
import { expectToast } from './toasts.ts';

describe('staff login', () => {
  it('shows "Checking authentication..." and then sends a signed-out visitor to /admin/login', async () => {
    server.use(
      http.get('/api/admin/session', async () => {
        await delay(30);
        return HttpResponse.json({ authenticated: false, username: null, role: null });
      }),
    );
    const { router } = renderApp('/admin');
    expect(await screen.findByText('Checking authentication...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/login');
  });

  it('goes to login when the staff login check fails', async () => {
    server.use(http.get('/api/admin/session', () => HttpResponse.json({ message: 'boom' }, { status: 502 })));
    const { router } = renderApp('/admin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/login'));
  });

  it('goes to login when a list answers 401 (the staff login ended)', async () => {
    server.use(
      http.get('/api/admin/reports', () => HttpResponse.json({ message: 'Authentication required' }, { status: 401 })),
      signedInAs('Moderator'),
      ...moderatorHandlers(),
    );
    const { router } = renderApp('/admin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/login'));
  });

  it('logs out and returns to the login page', async () => {
    let loggedOut = false;
    server.use(
      signedInAs('Moderator'),
      ...moderatorHandlers(),
      http.post('/api/admin/logout', () => {
        loggedOut = true;
        return HttpResponse.json({ success: true });
      }),
    );
    const { router } = renderApp('/admin');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/login'));
    expect(loggedOut).toBe(true);
  });

  it('stays in the panel with a "Logout failed" toast when logout fails', async () => {
    server.use(
      signedInAs('Moderator'),
      ...moderatorHandlers(),
      http.post('/api/admin/logout', () => HttpResponse.json({ message: 'Service unavailable' }, { status: 503 })),
    );
    const { router } = renderApp('/admin');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Logout' }));
    await expectToast('Logout failed', 'Service unavailable');
    expect(router.state.location.pathname).toBe('/admin');
  });

  it('unknown admin paths get a not-found page linking to login', async () => {
    server.use(signedOut());
    renderApp('/admin/nope');
    expect(await screen.findByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to admin login' })).toHaveAttribute('href', '/admin/login');
  });
});
