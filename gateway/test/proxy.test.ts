import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { verifyStaffHeaders } from '@wfm/service-kit';
import { PROXY_ROUTES } from '../src/routes.ts';
import {
  STAFF,
  STAFF_SECRET,
  VALID_SESSION_COOKIE,
  startFakeServices,
  startGateway,
  type FakeServices,
  type SeenRequest,
} from './helpers.ts';

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

const lastSeen = (): SeenRequest => services.seen.at(-1)!;
const seenWithId = (id: string) => services.seen.filter((s) => s.headers['x-request-id'] === id);

describe('proxying by prefix', () => {
  it('sends every route-table prefix to its service with the path and query unchanged', async () => {
    for (const route of PROXY_ROUTES) {
      const url = `${route.prefix}/42/detail?sort=latest&q=a%20b&tag=x&tag=y`;
      const res = await app.inject({
        method: 'GET',
        url,
        headers: route.access === 'staff' ? { cookie: VALID_SESSION_COOKIE } : {},
      });
      expect(res.statusCode, url).toBe(200);
      expect(res.json(), url).toMatchObject({ service: route.service, method: 'GET', url });
    }
  });

  it('proxies the prefix itself and request bodies', async () => {
    const body = JSON.stringify({ post_id: 1, body: 'Hello', author_name: 'ann' });
    const res = await app.inject({
      method: 'POST',
      url: '/api/comments',
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ service: 'forum', method: 'POST', url: '/api/comments' });
    expect(lastSeen().bodyBytes).toBe(Buffer.byteLength(body));
  });

  it('answers a JSON 404 for /api paths no service owns, even to browsers', async () => {
    for (const url of ['/api/nothing-here', '/api', '/api/postsX', '/api/admin']) {
      const res = await app.inject({ method: 'GET', url, headers: { accept: 'text/html,*/*' } });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ message: 'Not Found' });
    }
    const post = await app.inject({ method: 'POST', url: '/api/unknown', payload: { a: 1 } });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toEqual({ message: 'Not Found' });
  });

  it('proxies only reads of uploaded files', async () => {
    const read = await app.inject({ method: 'GET', url: '/uploads/a.png' });
    expect(read.json()).toMatchObject({ service: 'forum', url: '/uploads/a.png' });
    const write = await app.inject({ method: 'PUT', url: '/uploads/a.png', payload: 'x' });
    expect(write.statusCode).toBe(404);
    expect(write.json()).toEqual({ message: 'Not Found' });
  });

  it('never proxies /internal paths', async () => {
    const before = services.staffLookups;
    for (const url of ['/internal/staff-session', '/internal']) {
      const res = await app.inject({ method: 'GET', url, headers: { cookie: VALID_SESSION_COOKIE } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Not Found' });
    }
    expect(services.staffLookups).toBe(before);
  });
});

describe('headers sent to services', () => {
  it('strips client-sent x-staff-* and x-internal-* headers', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/jobs/mine',
      headers: {
        'x-staff-id': '1',
        'x-staff-username': 'root',
        'x-staff-role': 'Super Admin',
        'x-staff-ts': String(Date.now()),
        'x-staff-signature': 'forged',
        'x-internal-caller': 'forum',
        'x-anon-token': 'kept',
      },
    });
    expect(res.statusCode).toBe(200);
    const forwarded = Object.keys(lastSeen().headers);
    expect(forwarded.filter((h) => h.startsWith('x-staff-') || h.startsWith('x-internal-'))).toEqual([]);
    expect(lastSeen().headers['x-anon-token']).toBe('kept');
  });

  it('never passes on a client-sent trace context (the gateway starts traces; tracing is off here)', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/jobs/mine',
      headers: { 'x-request-id': 'trace-probe', traceparent: `00-${'ab'.repeat(16)}-${'cd'.repeat(8)}-01`, tracestate: 'vendor=1' },
    });
    expect(res.statusCode).toBe(200);
    const [seen] = seenWithId('trace-probe');
    expect(seen!.headers.traceparent).toBeUndefined();
    expect(seen!.headers.tracestate).toBeUndefined();
  });

  it('forwards the request id (given or generated) and the client address', async () => {
    const given = await app.inject({ method: 'GET', url: '/api/jobs/mine', headers: { 'x-request-id': 'req-abc.123' } });
    expect(given.headers['x-request-id']).toBe('req-abc.123');
    expect(seenWithId('req-abc.123')).toHaveLength(1);
    expect(seenWithId('req-abc.123')[0]!.headers['x-forwarded-for']).toBe('127.0.0.1');

    const generated = await app.inject({ method: 'GET', url: '/api/jobs/mine', headers: { 'x-request-id': 'bad id with spaces' } });
    const id = generated.headers['x-request-id'] as string;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(seenWithId(id)).toHaveLength(1);
  });

  it('replaces a client-sent x-forwarded-for with the address it sees when it trusts no proxy', async () => {
    const spoofed = await app.inject({
      method: 'GET',
      url: '/api/jobs/mine',
      headers: { 'x-request-id': 'req-spoof.1', 'x-forwarded-for': '203.0.113.50', forwarded: 'for=203.0.113.51' },
    });
    expect(spoofed.statusCode).toBe(200);
    const seen = seenWithId('req-spoof.1')[0]!.headers;
    // One address, the gateway's own view: a service trusting the gateway counts 127.0.0.1, not the spoof.
    expect(seen['x-forwarded-for']).toBe('127.0.0.1');
    expect(seen.forwarded).toBeUndefined();
  });

  it('forwards the client address a trusted proxy in front of it names', async () => {
    const behindProxy = await startGateway(services, { trustProxy: '127.0.0.1' });
    try {
      await behindProxy.app.inject({
        method: 'GET',
        url: '/api/jobs/mine',
        headers: { 'x-request-id': 'req-proxied.1', 'x-forwarded-for': '198.51.100.20, 203.0.113.60' },
      });
      // Only the hop the trusted proxy added counts; whatever the client put before it is dropped.
      expect(seenWithId('req-proxied.1')[0]!.headers['x-forwarded-for']).toBe('203.0.113.60');
    } finally {
      await behindProxy.close();
    }
  });
});

describe('staff routes', () => {
  it('answers 401 without a staff session and never reaches the service', async () => {
    const count = services.seen.length;
    for (const headers of [{}, { cookie: 'wfm_staff=expired' }]) {
      const res = await app.inject({ method: 'GET', url: '/api/admin/reports', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Authentication required' });
    }
    expect(services.seen.length).toBe(count);
  });

  it('forwards the staff identity in headers the service can verify, replacing forged ones', async () => {
    const url = '/api/admin/posts/12?reason=spam';
    const res = await app.inject({
      method: 'DELETE',
      url,
      headers: { cookie: VALID_SESSION_COOKIE, 'x-staff-role': 'Super Admin', 'x-staff-id': '1' },
    });
    expect(res.statusCode).toBe(200);
    const seen = lastSeen();
    expect(seen).toMatchObject({ service: 'forum', method: 'DELETE', url });
    expect(verifyStaffHeaders(STAFF_SECRET, seen.headers, { method: 'DELETE', url })).toEqual(STAFF);
    // Signed for this request only.
    expect(verifyStaffHeaders(STAFF_SECRET, seen.headers, { method: 'GET', url })).toBeNull();
  });

  it('lets login, logout and the session probe through without a session', async () => {
    for (const url of ['/api/admin/login', '/api/admin/logout', '/api/admin/session']) {
      const res = await app.inject({ method: 'POST', url, payload: {} });
      expect(res.statusCode, url).toBe(200);
      expect(res.json()).toMatchObject({ service: 'admin', url });
      expect(lastSeen().headers['x-staff-signature']).toBeUndefined();
    }
  });
});

describe('upstream failures', () => {
  it('answers 503 JSON when the owning service is down, 503 for staff routes when admin is down', async () => {
    const down = await startFakeServices();
    const urls = { ...down.urls };
    await down.close();
    const isolated = await startGateway(services, { serviceUrls: { ...services.urls, jobs: urls.jobs, admin: urls.admin } });
    try {
      const res = await isolated.app.inject({ method: 'GET', url: '/api/jobs' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ message: expect.any(String) });

      const staff = await isolated.app.inject({ method: 'GET', url: '/api/admin/reports', headers: { cookie: VALID_SESSION_COOKIE } });
      expect(staff.statusCode).toBe(503);
      expect(staff.json()).toEqual({ message: expect.any(String) });
    } finally {
      await isolated.close();
    }
  });
});

describe('body limits', () => {
  it('rejects a JSON body over 1 MB with 413 before proxying', async () => {
    const count = services.seen.length;
    const res = await app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ body: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: expect.stringContaining('too large') });
    expect(services.seen.length).toBe(count);
  });

  it('lets multipart uploads past 1 MB through on upload routes only', async () => {
    const payload = Buffer.alloc(3 * 1024 * 1024, 1);
    const headers = { 'content-type': 'multipart/form-data; boundary=x' };
    const upload = await app.inject({ method: 'POST', url: '/api/upload', headers, payload });
    expect(upload.statusCode).toBe(200);
    expect(lastSeen().bodyBytes).toBe(payload.length);

    const elsewhere = await app.inject({ method: 'POST', url: '/api/posts', headers, payload });
    expect(elsewhere.statusCode).toBe(413);
  });

  it('refuses bodies without a declared length (411)', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const status = await new Promise<{ statusCode: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        { host: '127.0.0.1', port, method: 'POST', path: '/api/posts', headers: { 'content-type': 'application/json' } },
        (res) => {
          let body = '';
          res.on('data', (chunk) => (body += chunk));
          res.on('end', () => resolve({ statusCode: res.statusCode!, body }));
        },
      );
      req.on('error', reject);
      req.write('{"a":');
      req.end('1}');
    });
    expect(status.statusCode).toBe(411);
    expect(JSON.parse(status.body)).toEqual({ message: expect.any(String) });
  });
});
