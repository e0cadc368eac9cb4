import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from './render-app.tsx';
import { server, TOKEN } from './server.ts';
import { expectToast, visibleToasts } from './toasts.ts';

const TAKEN = new Set(['taken_name']);

/** A visitor with a token but no profile yet; check-username answers from TAKEN (or fails for server_down). */
function newVisitor() {
  window.localStorage.setItem('anon_token', TOKEN);
  const checked: string[] = [];
  server.use(
    http.get('/api/user-profile/check/:token', () => HttpResponse.json({ hasProfile: false })),
    http.get('/api/user-profile/:token', () => HttpResponse.json({ message: 'Profile not found' }, { status: 404 })),
    http.post('/api/user-profile/check-username', async ({ request }) => {
      const { username } = (await request.json()) as { username: string };
      checked.push(username);
      if (username === 'server_down') return HttpResponse.json({ message: 'boom' }, { status: 500 });
      return HttpResponse.json({ available: !TAKEN.has(username) });
    }),
  );
  return { checked };
}

async function openModal() {
  const dialog = await screen.findByRole('dialog', { name: 'Welcome to the community!' });
  return {
    dialog,
    input: within(dialog).getByLabelText('Username'),
    save: within(dialog).getByRole('button', { name: 'Save' }),
  };
}

describe('welcome modal', () => {
  beforeEach(() => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });

  it('does not open for a visitor who already has a profile', async () => {
    window.localStorage.setItem('anon_token', TOKEN);
    renderApp('/');
    await screen.findByText('returning_user');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens once the profile check says there is no profile, and cannot be dismissed', async () => {
    newVisitor();
    // The modal makes the page behind it inert (pointer-events: none); click it anyway.
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderApp('/');
    const { dialog } = await openModal();
    expect(within(dialog).queryByRole('button', { name: /close/i })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.click(document.body);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('shows each validation message of the spec, in turn', { timeout: 20_000 }, async () => {
    const { checked } = newVisitor();
    const user = userEvent.setup();
    renderApp('/');
    const { dialog, input, save } = await openModal();
    const status = within(dialog).getByRole('status');

    const typeAndExpect = async (value: string, message: string) => {
      await user.clear(input);
      await user.type(input, value);
      await waitFor(() => expect(status).toHaveTextContent(message));
    };

    expect(status).toHaveTextContent('');
    await typeAndExpect('ab', 'Username must be at least 3 characters');
    await typeAndExpect('a'.repeat(21), 'Username must be 20 characters or less');
    await typeAndExpect('bad!name', 'Username can only contain letters, numbers, underscores and hyphens');
    await typeAndExpect('taken_name', 'Username is already taken');
    expect(save).toBeDisabled();
    await typeAndExpect('server_down', 'Error checking username availability');
    expect(save).toBeDisabled();
    await typeAndExpect('good-name_1', '✓ Username is available');
    expect(save).toBeEnabled();

    await user.clear(input);
    await waitFor(() => expect(status).toHaveTextContent(''));
    expect(save).toBeDisabled();
    // Format errors never reach the server.
    expect(checked).toEqual(['taken_name', 'server_down', 'good-name_1']);
  });

  it('lower-cases the input and checks only after typing pauses for 500 ms', async () => {
    const { checked } = newVisitor();
    const user = userEvent.setup();
    renderApp('/');
    const { dialog, input } = await openModal();
    const started = performance.now();
    await user.type(input, 'AliCe');
    expect(input).toHaveValue('alice');
    expect(within(dialog).getByRole('status')).toHaveTextContent('');
    await within(dialog).findByText('✓ Username is available');
    expect(performance.now() - started).toBeGreaterThanOrEqual(500);
    expect(checked).toEqual(['alice']);
  });

  it('saves with Enter, welcomes the visitor, stores the name and closes', async () => {
    newVisitor();
    let saved: { body: unknown; token: string | null } | undefined;
    server.use(
      http.post('/api/user-profile', async ({ request }) => {
        saved = { body: await request.json(), token: request.headers.get('x-anon-token') };
        return HttpResponse.json({ username: 'alice', created_at: 1_700_000_000_000 }, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    renderApp('/');
    const { dialog, input } = await openModal();
    await user.type(input, 'alice');
    await within(dialog).findByText('✓ Username is available');
    await user.keyboard('{Enter}');

    await expectToast('Welcome!', 'Your username has been set successfully.');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(saved).toEqual({ body: { username: 'alice' }, token: TOKEN });
    expect(window.localStorage.getItem('username')).toBe('alice');
    expect(screen.getByTestId('posting-as')).toHaveTextContent('Posting as alice');
  });

  const failures: [string, number, { message: string }, string, string, boolean][] = [
    ['409', 409, { message: 'You already have a username configured' }, 'Username already set', 'You already have a username configured.', false],
    ['400 inappropriate', 400, { message: 'Username contains inappropriate language' }, 'Invalid username', 'Please choose a different username.', true],
    ['400 profanity', 400, { message: 'Blocked by profanity filter' }, 'Invalid username', 'Please choose a different username.', true],
    ['400 other', 400, { message: 'Invalid username' }, 'Invalid input', 'Please check your username and try again.', true],
    ['429', 429, { message: 'Rate limit exceeded' }, 'Too many requests', 'Please wait a moment before trying again.', true],
    ['500', 500, { message: 'Internal Server Error' }, 'Error', 'Failed to save username. Please try again.', true],
  ];

  it.each(failures)('on %s shows the matching toast', async (_label, status, body, title, description, staysOpen) => {
    newVisitor();
    server.use(http.post('/api/user-profile', () => HttpResponse.json(body, { status })));
    const user = userEvent.setup();
    renderApp('/');
    const { dialog, input, save } = await openModal();
    await user.type(input, 'alice');
    await within(dialog).findByText('✓ Username is available');
    await user.click(save);

    await expectToast(title, description);
    if (staysOpen) {
      expect(screen.getByRole('dialog')).toBeInTheDocument();
    } else {
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    }
  });

  it('shows one toast at a time: a second failure replaces the first', async () => {
    newVisitor();
    let calls = 0;
    server.use(
      http.post('/api/user-profile', () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ message: 'Rate limit exceeded' }, { status: 429 })
          : HttpResponse.json({ message: 'Internal Server Error' }, { status: 500 });
      }),
    );
    const user = userEvent.setup();
    renderApp('/');
    const { dialog, input, save } = await openModal();
    await user.type(input, 'alice');
    await within(dialog).findByText('✓ Username is available');
    await user.click(save);
    await expectToast('Too many requests', 'Please wait a moment before trying again.');
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    await expectToast('Error', 'Failed to save username. Please try again.');
    expect(visibleToasts()[0]).not.toHaveTextContent('Too many requests');
  });
});
