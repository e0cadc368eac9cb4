import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { VALID_SESSION_COOKIE, startFakeServices, startGateway, type FakeServices } from './helpers.ts';

let services: FakeServices;
let gateway: Awaited<ReturnType<typeof startGateway>>;
let app: FastifyInstance;

beforeAll(async () => {
  services = await startFakeServices();
  gateway = await startGateway(services);
  app = gateway.app;
});

afterAll(async () => {
  await gateway?.close();
  await services?.close();
});

const REFUSED = { message: 'Cross-site request refused' };

async function login(headers: Record<string, string>) {
  const before = services.seen.length;
  const res = await app.inject({
    method: 'POST',
    url: '/api/admin/login',
    headers: { host: 'community.example.com', 'content-type': 'application/json', ...headers },
    payload: { username: 'ann', password: 'secret-password' },
  });
  return { res, reachedService: services.seen.length > before };
}

describe('cross-site writes to the staff API', () => {
  it('refuses a login whose Sec-Fetch-Site is another site, even the same site on another origin', async () => {
    for (const site of ['cross-site', 'same-site']) {
      const { res, reachedService } = await login({ 'sec-fetch-site': site });
      expect(res.statusCode, site).toBe(403);
      expect(res.json(), site).toEqual(REFUSED);
      expect(reachedService, site).toBe(false);
    }
  });

  it('lets the staff app itself (same-origin) and typed navigations (none) through', async () => {
    for (const site of ['same-origin', 'none']) {
      const { res, reachedService } = await login({ 'sec-fetch-site': site, origin: 'https://community.example.com' });
      expect(res.statusCode, site).toBe(200);
      expect(reachedService, site).toBe(true);
    }
  });

  it('refuses an Origin whose host is not the request Host, and the opaque origin null', async () => {
    for (const origin of ['https://evil.example.net', 'https://community.example.com.evil.net', 'null', 'not a url']) {
      const { res, reachedService } = await login({ origin });
      expect(res.statusCode, origin).toBe(403);
      expect(res.json(), origin).toEqual(REFUSED);
      expect(reachedService, origin).toBe(false);
    }
  });

  it('compares Origin and Host with default ports dropped', async () => {
    expect((await login({ origin: 'https://community.example.com' })).res.statusCode).toBe(200);
    expect((await login({ origin: 'https://community.example.com', host: 'community.example.com:443' })).res.statusCode).toBe(200);
    expect((await login({ origin: 'http://localhost:8080', host: 'localhost:8080' })).res.statusCode).toBe(200);
    expect((await login({ origin: 'http://localhost:3000', host: 'localhost:8080' })).res.statusCode).toBe(403);
  });

  it('lets clients that send neither header (scripts, curl) through', async () => {
    const { res, reachedService } = await login({});
    expect(res.statusCode).toBe(200);
    expect(reachedService).toBe(true);
  });

  it('refuses cross-site writes to staff routes before asking the admin service about the session', async () => {
    const lookups = services.staffLookups;
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH'] as const) {
      const res = await app.inject({
        method,
        url: '/api/admin/posts/12/delete',
        headers: { cookie: VALID_SESSION_COOKIE, 'sec-fetch-site': 'cross-site', origin: 'https://evil.example.net' },
      });
      expect(res.statusCode, method).toBe(403);
      expect(res.json(), method).toEqual(REFUSED);
    }
    expect(services.staffLookups).toBe(lookups);

    const logout = await app.inject({ method: 'POST', url: '/api/admin/logout', headers: { 'sec-fetch-site': 'cross-site' } });
    expect(logout.statusCode).toBe(403);
  });

  it('leaves reads of the staff API and the public API alone', async () => {
    const read = await app.inject({
      method: 'GET',
      url: '/api/admin/reports',
      headers: { cookie: VALID_SESSION_COOKIE, 'sec-fetch-site': 'cross-site' },
    });
    expect(read.statusCode).toBe(200);
    const session = await app.inject({ method: 'GET', url: '/api/admin/session', headers: { 'sec-fetch-site': 'cross-site' } });
    expect(session.statusCode).toBe(200);
    const publicWrite = await app.inject({
      method: 'POST',
      url: '/api/comments',
      headers: { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example.net' },
      payload: {},
    });
    expect(publicWrite.statusCode).toBe(200);
  });
});
