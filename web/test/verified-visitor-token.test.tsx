import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { AUTHOR_NAME_MESSAGES } from '@wfm/contracts/identity';
import { api } from '../src/lib/api-client.ts';
import { createQueryClient } from '../src/lib/query-client.ts';
import { ensureVisitorToken } from '../src/lib/visitor-token.ts';
import { renderApp } from './render-app.tsx';
import { server, TOKEN } from './server.ts';
import { expectToast } from './toasts.ts';

const NEW_TOKEN = 'new_0123456789abcdefghijABCDEFGHIJ-_0123456.newABCDEFGHIJ012345678';
const OLD_FORMAT_TOKEN = 'old_0123456789abcdefghijABCDEFGHIJ-_0123456';

function serveNewSession() {
  const created: number[] = [];
  server.use(
    http.post('/api/session', () => {
      created.push(Date.now());
      return HttpResponse.json({ anon_token: NEW_TOKEN });
    }),
  );
  return created;
}

describe('verified visitor session', () => {
  it('drops a stored token of the old format (and its username) and creates a new session', async () => {
    const created = serveNewSession();
    window.localStorage.setItem('anon_token', OLD_FORMAT_TOKEN);
    window.localStorage.setItem('username', 'old_name');
    await expect(ensureVisitorToken()).resolves.toBe(NEW_TOKEN);
    expect(created).toHaveLength(1);
    expect(window.localStorage.getItem('anon_token')).toBe(NEW_TOKEN);
    expect(window.localStorage.getItem('username')).toBeNull();
  });

  it('keeps a stored token of the current format', async () => {
    const created = serveNewSession();
    window.localStorage.setItem('anon_token', TOKEN);
    await expect(ensureVisitorToken()).resolves.toBe(TOKEN);
    expect(created).toHaveLength(0);
  });

  it('drops the token when a write answers 401, so the next session is a new one', async () => {
    const created = serveNewSession();
    server.use(http.post('/api/posts/1/upvote', () => HttpResponse.json({ message: 'A valid x-anon-token header is required' }, { status: 401 })));
    window.localStorage.setItem('anon_token', TOKEN);
    window.localStorage.setItem('username', 'revoked_user');
    const queryClient = createQueryClient();
    const mutation = queryClient.getMutationCache().build(queryClient, { mutationFn: () => api.post('/api/posts/1/upvote') });
    await expect(mutation.execute(undefined)).rejects.toThrow();
    expect(window.localStorage.getItem('anon_token')).toBeNull();
    expect(window.localStorage.getItem('username')).toBeNull();
    await expect(ensureVisitorToken()).resolves.toBe(NEW_TOKEN);
    expect(created).toHaveLength(1);
  });

  it('shows the refusal message when the author name is not allowed', async () => {
    window.localStorage.setItem('anon_token', TOKEN);
    window.localStorage.setItem('terms_accepted', 'true');
    server.use(http.post('/api/posts', () => HttpResponse.json({ message: AUTHOR_NAME_MESSAGES.taken }, { status: 400 })));
    const user = userEvent.setup();
    renderApp('/new');
    await screen.findByRole('form', { name: 'Create post' }, { timeout: 10_000 });
    await user.type(screen.getByLabelText('Title'), 'A question');
    await user.type(screen.getByLabelText('Content'), 'Body');
    await waitFor(() => expect(screen.getByTestId('form-posting-as')).toHaveTextContent('Posting as returning_user'));
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await expectToast('Failed to create post', AUTHOR_NAME_MESSAGES.taken);
  });
});
