import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from './render-app.tsx';
import { server, TOKEN } from './server.ts';
import { expectToast } from './toasts.ts';

const NEW_TOKEN = 'tok_new3456789abcdefghijABCDEFGHIJ-_0123456.tagABCDEFGHIJ012345678';

function returningVisitor() {
  window.localStorage.setItem('anon_token', TOKEN);
  window.localStorage.setItem('username', 'returning_user');
  server.use(
    http.get('/api/user-profile/recovery-phrase', () => HttpResponse.json({ has_phrase: false, created_at: null })),
    // The new session has no username yet.
    http.get('/api/user-profile/check/:token', ({ params }) => HttpResponse.json({ hasProfile: params.token === TOKEN })),
    http.get('/api/user-profile/:token', ({ params }) =>
      HttpResponse.json(
        params.token === TOKEN ? { username: 'returning_user', created_at: 1_700_000_000_000 } : { username: null, created_at: null },
      ),
    ),
  );
}

async function openForgetDialog() {
  const user = userEvent.setup();
  renderApp('/');
  await user.click(await screen.findByRole('button', { name: 'Username and device' }));
  expect(screen.getByRole('link', { name: 'Recovery phrase' })).toHaveAttribute('href', '/recovery-phrase');
  await user.click(screen.getByRole('button', { name: 'Forget this device' }));
  const dialog = await screen.findByRole('dialog', { name: 'Forget this device?' });
  return { user, dialog };
}

describe('Forget this device', () => {
  it('warns, then revokes the token, clears storage and starts a new anonymous session', async () => {
    returningVisitor();
    let revokedWith: string | null = null;
    server.use(
      http.delete('/api/session', ({ request }) => {
        revokedWith = request.headers.get('x-anon-token');
        return HttpResponse.json({ revoked: true });
      }),
      http.post('/api/session', () => HttpResponse.json({ anon_token: NEW_TOKEN })),
    );
    const { user, dialog } = await openForgetDialog();
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Your username returning_user can only come back with your recovery phrase',
    );
    expect(await within(dialog).findByRole('button', { name: 'Show my recovery phrase' })).toBeEnabled();
    await user.click(within(dialog).getByRole('button', { name: 'Forget this device' }));
    await expectToast('Device forgotten', 'This browser now has a new anonymous session.');
    expect(revokedWith).toBe(TOKEN);
    await waitFor(() => expect(window.localStorage.getItem('anon_token')).toBe(NEW_TOKEN));
    expect(window.localStorage.getItem('username')).toBeNull();
    // A first visitor again: the welcome modal asks for a username.
    expect(await screen.findByRole('dialog', { name: 'Welcome to the community!' })).toBeInTheDocument();
  });

  it('clears nothing when the server cannot be reached, and says so', async () => {
    returningVisitor();
    server.use(http.delete('/api/session', () => HttpResponse.error()));
    const { user, dialog } = await openForgetDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Forget this device' }));
    await expectToast('Could not forget this device', 'Please try again.');
    expect(window.localStorage.getItem('anon_token')).toBe(TOKEN);
    expect(window.localStorage.getItem('username')).toBe('returning_user');
    expect(screen.getByRole('dialog', { name: 'Forget this device?' })).toBeInTheDocument();
  });

  it('treats a 401 (the server no longer knows the token) as done', async () => {
    returningVisitor();
    server.use(
      http.delete('/api/session', () => HttpResponse.json({ message: 'A valid x-anon-token header is required' }, { status: 401 })),
      http.post('/api/session', () => HttpResponse.json({ anon_token: NEW_TOKEN })),
    );
    const { user, dialog } = await openForgetDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Forget this device' }));
    await expectToast('Device forgotten');
    await waitFor(() => expect(window.localStorage.getItem('anon_token')).toBe(NEW_TOKEN));
  });
});
