import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { ensureVisitorToken } from '../src/lib/visitor-token.ts';
import { storage } from '../src/lib/storage.ts';
import { renderApp } from './render-app.tsx';
import { server, TOKEN } from './server.ts';

describe('session', () => {
  it('creates a session when no token is stored, waits 100 ms, then stores token and username', async () => {
    let respondedAt = 0;
    let tokenHeader: string | null = 'unset';
    server.use(
      http.post('/api/session', ({ request }) => {
        tokenHeader = request.headers.get('x-anon-token');
        respondedAt = performance.now();
        return HttpResponse.json({ anon_token: TOKEN, username: 'calm_forecaster_12' });
      }),
    );
    const store = storage.setAnonToken;
    let storedAt = 0;
    vi.spyOn(storage, 'setAnonToken').mockImplementation((token) => {
      storedAt = performance.now();
      store(token);
    });

    await expect(ensureVisitorToken()).resolves.toBe(TOKEN);
    expect(tokenHeader).toBeNull();
    expect(storedAt - respondedAt).toBeGreaterThanOrEqual(95);
    expect(window.localStorage.getItem('anon_token')).toBe(TOKEN);
    expect(window.localStorage.getItem('username')).toBe('calm_forecaster_12');
  });

  it('does not store anything before the 100 ms wait is over', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    server.use(http.post('/api/session', () => HttpResponse.json({ anon_token: TOKEN })));
    const done = ensureVisitorToken();
    await vi.waitUntil(() => vi.getTimerCount() > 0, { interval: 5 });
    expect(window.localStorage.getItem('anon_token')).toBeNull();
    vi.advanceTimersByTime(99);
    expect(window.localStorage.getItem('anon_token')).toBeNull();
    vi.advanceTimersByTime(1);
    await expect(done).resolves.toBe(TOKEN);
    expect(window.localStorage.getItem('anon_token')).toBe(TOKEN);
  });

  it('uses the stored token without creating a session', async () => {
    window.localStorage.setItem('anon_token', TOKEN);
    await expect(ensureVisitorToken()).resolves.toBe(TOKEN);
  });

  it('fails with "Failed to create session token" when the server refuses', async () => {
    server.use(http.post('/api/session', () => HttpResponse.json({ message: 'Too many requests' }, { status: 429 })));
    await expect(ensureVisitorToken()).rejects.toThrow('Failed to create session token');
    expect(window.localStorage.getItem('anon_token')).toBeNull();
  });

  it('on first visit the app creates a session, then sends x-anon-token on every call', async () => {
    const tokens: (string | null)[] = [];
    server.use(
      http.post('/api/session', () => HttpResponse.json({ anon_token: TOKEN })),
      http.get('/api/user-profile/check/:token', ({ request, params }) => {
        tokens.push(request.headers.get('x-anon-token'));
        expect(params.token).toBe(TOKEN);
        return HttpResponse.json({ hasProfile: true });
      }),
      http.get('/api/user-profile/:token', ({ request }) => {
        tokens.push(request.headers.get('x-anon-token'));
        return HttpResponse.json({ username: 'first_timer', created_at: 1 });
      }),
      http.get('/api/stats', ({ request }) => {
        tokens.push(request.headers.get('x-anon-token'));
        return HttpResponse.json({ message: 'Not found' }, { status: 404 });
      }),
    );
    renderApp('/');
    expect(await screen.findByText('first_timer')).toBeInTheDocument();
    await waitFor(() => expect(tokens.length).toBeGreaterThanOrEqual(2));
    expect(window.localStorage.getItem('anon_token')).toBe(TOKEN);
    // The stats call may start before the session exists; every call after it carries the token.
    expect(tokens.filter((t) => t !== null).every((t) => t === TOKEN)).toBe(true);
  });

  it('toasts "Failed to create session token" when the session cannot be created', async () => {
    server.use(http.post('/api/session', () => HttpResponse.json({ message: 'boom' }, { status: 500 })));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp('/');
    expect(await screen.findByText('Failed to create session token')).toBeInTheDocument();
    expect(screen.getByTestId('posting-as')).toHaveTextContent('Anonymous');
  });
});
