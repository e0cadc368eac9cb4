import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { api, ApiError } from '../src/lib/api-client.ts';
import { server, TOKEN } from './server.ts';

describe('api client', () => {
  it('sends x-anon-token, JSON and credentials when a token is stored', async () => {
    window.localStorage.setItem('anon_token', TOKEN);
    let seen: Request | undefined;
    let body: unknown;
    server.use(
      http.post('/api/echo', async ({ request }) => {
        seen = request;
        body = await request.json();
        return HttpResponse.json({ ok: true });
      }),
    );
    await expect(api.post('/api/echo', { a: 1 })).resolves.toEqual({ ok: true });
    expect(seen?.headers.get('x-anon-token')).toBe(TOKEN);
    expect(seen?.headers.get('content-type')).toBe('application/json');
    expect(seen?.credentials).toBe('include');
    expect(body).toEqual({ a: 1 });
  });

  it('sends no x-anon-token without a stored token', async () => {
    let header: string | null = 'unset';
    server.use(
      http.get('/api/echo', ({ request }) => {
        header = request.headers.get('x-anon-token');
        return HttpResponse.json({});
      }),
    );
    await api.get('/api/echo');
    expect(header).toBeNull();
  });

  it('throws "status: body" on a failed response', async () => {
    server.use(http.get('/api/echo', () => HttpResponse.json({ message: 'Nope' }, { status: 403 })));
    const error = await api.get('/api/echo').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('403: {"message":"Nope"}');
    expect((error as ApiError).status).toBe(403);
    expect((error as ApiError).serverMessage).toBe('Nope');
  });

  it('uses the status text when the failed response has no body', async () => {
    server.use(http.get('/api/echo', () => new HttpResponse(null, { status: 502, statusText: 'Bad Gateway' })));
    await expect(api.get('/api/echo')).rejects.toThrow('502: Bad Gateway');
  });
});
