import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, delay } from 'msw';
import { describe, expect, it } from 'vitest';
import { moderatorHandlers, signedInAs } from './fixtures.ts';
import { renderApp } from './render-app.tsx';
import { server } from './server.ts';
import { expectToast } from './toasts.ts';

async function fillAndSubmit(username: string, password: string) {
  const user = userEvent.setup();
  if (username) await user.type(await screen.findByLabelText('Username'), username);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  return user;
}

describe('admin login', () => {
  it('shows the form with a show/hide password toggle and the footer text', async () => {
    renderApp('/admin/login');
    const password = await screen.findByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    expect(screen.getByText('Secure admin access only')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('asks for both fields before calling the server', async () => {
    renderApp('/admin/login');
    await fillAndSubmit('alex', '');
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter both username and password');
    await fillAndSubmit('', '');
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter both username and password');
  });

  it('shows the server message in an alert and an "Authentication failed" toast', async () => {
    server.use(
      http.post('/api/admin/login', () => HttpResponse.json({ message: 'Invalid credentials' }, { status: 401 })),
    );
    renderApp('/admin/login');
    await fillAndSubmit('alex', 'wrong-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid credentials');
    await expectToast('Authentication failed', 'Invalid credentials');
  });

  it('says "Invalid credentials" for a 401 without a message', async () => {
    server.use(http.post('/api/admin/login', () => new HttpResponse(null, { status: 401 })));
    renderApp('/admin/login');
    await fillAndSubmit('alex', 'whatever-1');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid credentials');
    await expectToast('Authentication failed', 'Invalid credentials');
  });

  it('says "Login failed" for a 5xx: its generic text is no message of its own', async () => {
    server.use(
      http.post('/api/admin/login', () => HttpResponse.json({ message: 'Internal Server Error' }, { status: 500 })),
    );
    renderApp('/admin/login');
    await fillAndSubmit('alex', 'whatever-1');
    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed');
    await expectToast('Authentication failed', 'Login failed');
  });

  it('says "Login failed" when the network fails', async () => {
    server.use(http.post('/api/admin/login', () => HttpResponse.error()));
    renderApp('/admin/login');
    await fillAndSubmit('alex', 'whatever-1');
    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed');
    await expectToast('Authentication failed', 'Login failed');
  });

  it('reads "Authenticating..." while busy, then welcomes the user and opens the panel', async () => {
    let body: unknown;
    server.use(
      http.post('/api/admin/login', async ({ request }) => {
        body = await request.json();
        await delay(50);
        return HttpResponse.json({ username: 'alex', role: 'Moderator' });
      }),
      signedInAs('Moderator'),
      ...moderatorHandlers(),
    );
    const { router } = renderApp('/admin/login');
    await fillAndSubmit('  alex ', 'correct-horse');
    expect(await screen.findByRole('button', { name: 'Authenticating...' })).toBeDisabled();
    await expectToast('Login successful', 'Welcome to the admin panel, alex.');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    expect(body).toEqual({ username: 'alex', password: 'correct-horse' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Panel' })).toBeInTheDocument();
  });
});
