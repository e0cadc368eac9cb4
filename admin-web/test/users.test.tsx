import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { moderatorHandlers, profile, signedInAs } from './fixtures.ts';
import { renderApp } from './render-app.tsx';
import { server } from './server.ts';
import { expectToast } from './toasts.ts';

const PROFILES = [profile({ id: 1, username: 'planner_pat' }), profile({ id: 2, username: 'rota_rob', token_fingerprint: 'ffee0011' })];

async function openUsers() {
  renderApp('/admin?tab=user-profiles');
  return screen.findByRole('row', { name: 'planner_pat' });
}

describe('users tab', () => {
  it('edits one row at a time: the others cannot be edited until Save or Cancel', async () => {
    server.use(signedInAs('Moderator'), ...moderatorHandlers({ profiles: PROFILES }));
    const row = await openUsers();
    const user = userEvent.setup();
    await user.click(within(row).getByRole('button', { name: 'Edit planner_pat' }));
    expect(within(row).getByRole('textbox', { name: 'New username for planner_pat' })).toHaveValue('planner_pat');
    expect(screen.getByRole('button', { name: 'Edit rota_rob' })).toBeDisabled();

    await user.click(within(row).getByRole('button', { name: 'Cancel' }));
    expect(within(row).queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit rota_rob' })).toBeEnabled();
    expect(row).toHaveTextContent('planner_pat');
  });

  it('saves the trimmed name and shows the new list', async () => {
    let body: unknown;
    server.use(
      http.put('/api/admin/user-profiles/1', async ({ request }) => {
        body = await request.json();
        server.use(
          http.get('/api/admin/user-profiles', () =>
            HttpResponse.json([profile({ id: 1, username: 'Pat The Planner' }), PROFILES[1]]),
          ),
        );
        return HttpResponse.json(profile({ id: 1, username: 'Pat The Planner' }));
      }),
      signedInAs('Moderator'),
      ...moderatorHandlers({ profiles: PROFILES }),
    );
    const row = await openUsers();
    const user = userEvent.setup();
    await user.click(within(row).getByRole('button', { name: 'Edit planner_pat' }));
    const input = within(row).getByRole('textbox');
    await user.clear(input);
    await user.type(input, '  Pat The Planner ');
    await user.click(within(row).getByRole('button', { name: 'Save' }));
    await expectToast('Username updated');
    expect(body).toEqual({ username: 'Pat The Planner' });
    expect(await screen.findByRole('row', { name: 'Pat The Planner' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /New username/ })).not.toBeInTheDocument();
  });

  it('refuses an empty or too long name with the spec messages, without calling the server', async () => {
    server.use(signedInAs('Moderator'), ...moderatorHandlers({ profiles: PROFILES }));
    const row = await openUsers();
    const user = userEvent.setup();
    await user.click(within(row).getByRole('button', { name: 'Edit planner_pat' }));
    const input = within(row).getByRole('textbox');
    await user.clear(input);
    await user.keyboard('{Enter}');
    expect(within(row).getByRole('alert')).toHaveTextContent('Username cannot be empty.');
    await user.type(input, 'a'.repeat(51));
    await user.click(within(row).getByRole('button', { name: 'Save' }));
    expect(within(row).getByRole('alert')).toHaveTextContent('Username must be 50 characters or less.');
    await user.type(input, '{Escape}');
    await waitFor(() => expect(within(row).queryByRole('textbox')).not.toBeInTheDocument());
  });

  it('says "Username unavailable" when the name is taken', async () => {
    server.use(
      http.put('/api/admin/user-profiles/1', () => HttpResponse.json({ message: 'Username is already taken' }, { status: 409 })),
      signedInAs('Moderator'),
      ...moderatorHandlers({ profiles: PROFILES }),
    );
    const row = await openUsers();
    const user = userEvent.setup();
    await user.click(within(row).getByRole('button', { name: 'Edit planner_pat' }));
    const input = within(row).getByRole('textbox');
    await user.clear(input);
    await user.type(input, 'rota_rob{Enter}');
    await expectToast('Username unavailable', 'This username is already taken. Please choose a different one.');
    // Still editing, so the name can be changed.
    expect(within(row).getByRole('textbox')).toHaveValue('rota_rob');
  });

  it('says "Update failed" with the server message otherwise', async () => {
    server.use(
      http.put('/api/admin/user-profiles/1', () => HttpResponse.json({ message: 'User profile not found' }, { status: 404 })),
      signedInAs('Moderator'),
      ...moderatorHandlers({ profiles: PROFILES }),
    );
    const row = await openUsers();
    const user = userEvent.setup();
    await user.click(within(row).getByRole('button', { name: 'Edit planner_pat' }));
    await user.type(within(row).getByRole('textbox'), 'x{Enter}');
    await expectToast('Update failed', 'User profile not found');
  });
});
