import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { renderApp, setWideScreen } from './render-app.tsx';
import { server, TOKEN } from './server.ts';

const notFound = () => HttpResponse.json({ message: 'Profile not found' }, { status: 404 });

describe('Posting as', () => {
  it('shows Loading... while the profile is on its way, then the username', async () => {
    window.localStorage.setItem('anon_token', TOKEN);
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get('/api/user-profile/:token', async () => {
        await answered;
        return HttpResponse.json({ username: 'slow_profile', created_at: 1 });
      }),
    );
    renderApp('/');
    const postingAs = screen.getByTestId('posting-as');
    expect(postingAs).toHaveTextContent('Posting as Loading...');
    answer();
    expect(await screen.findByText('slow_profile')).toBeInTheDocument();
    expect(postingAs).toHaveTextContent('Posting as slow_profile');
    expect(window.localStorage.getItem('username')).toBe('slow_profile');
  });

  it('falls back to Anonymous without a profile or stored username', async () => {
    window.localStorage.setItem('anon_token', TOKEN);
    server.use(http.get('/api/user-profile/:token', notFound));
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderApp('/');
    expect(await screen.findByText('Anonymous')).toBeInTheDocument();
    expect(screen.getByTestId('posting-as')).toHaveTextContent('Posting as Anonymous');
  });

  it('uses the stored username when the profile lookup fails, and says so on the console', async () => {
    window.localStorage.setItem('anon_token', TOKEN);
    window.localStorage.setItem('username', 'stored_name');
    server.use(http.get('/api/user-profile/:token', notFound));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderApp('/');
    expect(await screen.findByText('stored_name')).toBeInTheDocument();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('permanent display name'));
  });

  it('cuts the name to 6 characters plus an ellipsis on small screens', async () => {
    setWideScreen(false);
    window.localStorage.setItem('anon_token', TOKEN);
    renderApp('/');
    expect(await screen.findByText('return…')).toBeInTheDocument();
    expect(screen.getByTestId('posting-as')).toHaveAttribute('title', 'Posting as returning_user');
  });

  it('shows the whole name on wider screens', async () => {
    setWideScreen(true);
    window.localStorage.setItem('anon_token', TOKEN);
    renderApp('/');
    expect(await screen.findByText('returning_user')).toBeInTheDocument();
  });

  it('keeps names of 6 characters or fewer whole on small screens', async () => {
    setWideScreen(false);
    window.localStorage.setItem('anon_token', TOKEN);
    server.use(http.get('/api/user-profile/:token', () => HttpResponse.json({ username: 'bob_42', created_at: 1 })));
    renderApp('/');
    expect(await screen.findByText('bob_42')).toBeInTheDocument();
  });

  it('shortens Anonymous on small screens too', async () => {
    setWideScreen(false);
    window.localStorage.setItem('anon_token', TOKEN);
    server.use(http.get('/api/user-profile/:token', notFound));
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderApp('/');
    expect(await screen.findByText('Anonym…')).toBeInTheDocument();
  });
});
