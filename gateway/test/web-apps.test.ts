import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { startFakeServices, startGateway, writeBuiltApp, type FakeServices } from './helpers.ts';

const HTML = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

const WEB_ROUTES = ['/', '/new', '/post/:id', '/tools', '/templates', '/polls', '/polls/:id', '/calculators', '/simulator', '/help', '/ama', '/ama/:id', '/jobs', '/notifications', '/recovery-phrase'];

let services: FakeServices;
let gateway: Awaited<ReturnType<typeof startGateway>>;
let app: FastifyInstance;
let webDist: string;
let adminDist: string;

beforeAll(async () => {
  services = await startFakeServices();
  webDist = await writeBuiltApp('web');
  // What the web build writes (web/vite.config.ts, routeManifest): its routes and what an id looks like.
  await writeFile(path.join(webDist, 'routes.json'), JSON.stringify({ routes: WEB_ROUTES, id: '^[1-9]\\d{0,14}$' }));
  adminDist = await writeBuiltApp('admin');
  gateway = await startGateway(services, { webDist, adminDist });
  app = gateway.app;
});

afterAll(async () => {
  await gateway?.close();
  await services?.close();
  await Promise.all([webDist, adminDist].map((dir) => dir && rm(dir, { recursive: true, force: true })));
});

describe('single-page apps', () => {
  it('answers client routes of the web app with its index.html, never cached without revalidation', async () => {
    for (const url of ['/', '/post/5', '/ama/3?ref=x', '/polls/']) {
      const res = await app.inject({ method: 'GET', url, headers: HTML });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.body, url).toContain('web shell');
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('answers 404 and noindex, with the shell that draws the not-found page, for paths the app has no page for', async () => {
    for (const url of ['/no-such-page', '/ama~', '/tools.tar.gz', '/polls/abc', '/polls/007', '/post/abc', '/ama/0', '/ama/1/2', '/jobs/x']) {
      const res = await app.inject({ method: 'GET', url, headers: HTML });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['x-robots-tag'], url).toBe('noindex');
      expect(res.body, url).toContain('web shell');
    }
    // The router's own leniency: case and a trailing slash do not make a path unknown.
    for (const url of ['/templates', '/Templates/', '/calculators?tab=erlang', '/help/', '/recovery-phrase']) {
      const res = await app.inject({ method: 'GET', url, headers: HTML });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['x-robots-tag'], url).toBeUndefined();
    }
    // The admin app's build names no routes: its shell decides.
    expect((await app.inject({ method: 'GET', url: '/admin/no-such-tab', headers: HTML })).statusCode).toBe(200);
  });

  it('serves the app root even to clients that do not ask for HTML', async () => {
    for (const [url, shell] of [['/', 'web shell'], ['/admin/', 'admin shell']] as const) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain(shell);
    }
  });

  it('answers /admin and its client routes with the admin app', async () => {
    for (const url of ['/admin', '/admin/', '/admin/staff', '/admin/login']) {
      const res = await app.inject({ method: 'GET', url, headers: HTML });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('admin shell');
    }
  });

  it('serves hashed assets as immutable and other files with a short cache', async () => {
    const web = await app.inject({ method: 'GET', url: '/assets/web-Bx1a2b3c.js' });
    expect(web.statusCode).toBe(200);
    expect(web.body).toContain('console.log("web")');
    expect(web.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const admin = await app.inject({ method: 'GET', url: '/admin/assets/admin-Bx1a2b3c.js' });
    expect(admin.statusCode).toBe(200);
    expect(admin.body).toContain('console.log("admin")');
    expect(admin.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const icon = await app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('answers JSON 404s, not the app, for missing files, API paths and non-HTML requests', async () => {
    const missingAsset = await app.inject({ method: 'GET', url: '/assets/nope-123.js', headers: { accept: '*/*' } });
    expect(missingAsset.statusCode).toBe(404);
    expect(missingAsset.json()).toEqual({ message: 'Not Found' });

    for (const url of ['/api/unknown', '/ws/extra', '/internal/staff-session']) {
      const res = await app.inject({ method: 'GET', url, headers: HTML });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ message: 'Not Found' });
    }

    const post = await app.inject({ method: 'POST', url: '/post/5', headers: HTML });
    expect(post.statusCode).toBe(404);
  });

  it('still proxies /uploads to the forum service', async () => {
    const res = await app.inject({ method: 'GET', url: '/uploads/abc.png', headers: HTML });
    expect(res.json()).toMatchObject({ service: 'forum', url: '/uploads/abc.png' });
  });

  it('answers a helpful 503 page while an app is not built', async () => {
    const missing = path.join(tmpdir(), 'gateway-never-built');
    const unbuilt = await startGateway(services, { webDist: missing });
    try {
      const web = await unbuilt.app.inject({ method: 'GET', url: '/post/5', headers: HTML });
      expect(web.statusCode).toBe(503);
      expect(web.headers['content-type']).toMatch(/^text\/plain/);
      expect(web.body).toContain('npm run build');

      const admin = await unbuilt.app.inject({ method: 'GET', url: '/admin/staff', headers: HTML });
      expect(admin.statusCode).toBe(503);
      expect(admin.body).toContain('admin-web');
    } finally {
      await unbuilt.close();
    }
  });
});

describe('security headers', () => {
  const expectedCsp = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "connect-src 'self' ws://gateway.test:8080 wss://gateway.test:8080",
    "font-src 'self' data:",
    "object-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ];

  it('sends a strict Content-Security-Policy on pages and API answers', async () => {
    for (const url of ['/post/5', '/api/posts']) {
      const res = await app.inject({ method: 'GET', url, headers: { ...HTML, host: 'gateway.test:8080' } });
      const csp = String(res.headers['content-security-policy']);
      expect(csp.split(';').map((d) => d.trim())).toEqual(expectedCsp);
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('leaves a suspicious Host header out of the policy', async () => {
    const res = await app.inject({ method: 'GET', url: '/post/5', headers: { ...HTML, host: 'evil.test;script-src *' } });
    expect(String(res.headers['content-security-policy'])).toMatch(/connect-src 'self'\s*;/);
  });
});
