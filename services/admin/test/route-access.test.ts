import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyPluginAsync, RouteOptions } from 'fastify';
import { STAFF_ROLES, hasRight, type AdminRight } from '@wfm/contracts';
import { STAFF_HEADERS, signStaffHeaders } from '@wfm/service-kit';
import { buildTestService, type TestService } from '@wfm/service-kit/testing';
import { createAdminService } from '../src/app.ts';

/** Admin calls that work without a staff session: they create, end and report it. */
const SESSION_CALLS = new Set(['/api/admin/login', '/api/admin/logout', '/api/admin/session']);

interface StaffRoute {
  method: string;
  url: string;
  right: AdminRight | undefined;
}

const routes: StaffRoute[] = [];
let t: TestService;

beforeAll(async () => {
  const service = createAdminService({ env: {} });
  const inner = service.routes;
  // Every route the service registers, with the right it declares.
  const recorded: FastifyPluginAsync = async (app) => {
    app.addHook('onRoute', (route: RouteOptions) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        if (method === 'HEAD' || !route.url.startsWith('/api/admin/') || SESSION_CALLS.has(route.url)) continue;
        routes.push({ method, url: route.url, right: route.config?.staffRight });
      }
    });
    await app.register(inner);
  };
  t = await buildTestService({ ...service, routes: recorded });
});
afterAll(async () => t?.close());

/** A concrete url for a route pattern: ids that exist nowhere. */
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, '987654321');

const call = (method: string, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: method as 'GET', url, headers });

describe('every /api/admin/* route of the admin service', () => {
  it('is found (the enumeration is not vacuous)', () => {
    const found = routes.map((r) => `${r.method} ${r.url}`);
    expect(found).toEqual(
      expect.arrayContaining([
        'GET /api/admin/staff',
        'POST /api/admin/staff',
        'PUT /api/admin/staff/:id',
        'DELETE /api/admin/staff/:id',
        'GET /api/admin/audit',
      ]),
    );
  });

  it('declares the right it needs (staffOnly(app, right))', () => {
    const undeclared = routes.filter((r) => r.right === undefined).map((r) => `${r.method} ${r.url}`);
    expect(undeclared).toEqual([]);
  });

  it('answers 401 without staff headers and with forged or misdirected ones', async () => {
    for (const route of routes) {
      const url = concrete(route.url);
      const genuine = signStaffHeaders('not-the-shared-secret-0123456789abcdef', { id: 1, username: 'x', role: 'Super Admin' }, { method: route.method, url });
      const forgeries: Record<string, string>[] = [
        {},
        // Plain identity headers, as a client could send them.
        { [STAFF_HEADERS.id]: '1', [STAFF_HEADERS.username]: 'x', [STAFF_HEADERS.role]: 'Super Admin' },
        // Signed with another secret.
        genuine,
        // Signed correctly, but for another request.
        t.staffHeaders({ role: 'Super Admin' }, { method: 'GET', url: '/api/admin/other' }),
        // A correct signature with the role changed afterwards.
        { ...t.staffHeaders({ role: 'Moderator' }, { method: route.method, url }), [STAFF_HEADERS.role]: 'Super Admin' },
      ];
      for (const headers of forgeries) {
        const res = await call(route.method, url, headers);
        expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
        expect(res.json()).toEqual({ message: 'Authentication required' });
      }
    }
  });

  it('answers 403 to every role without the right', async () => {
    for (const route of routes) {
      const url = concrete(route.url);
      for (const role of STAFF_ROLES.filter((r) => route.right && !hasRight(r, route.right))) {
        const res = await call(route.method, url, t.staffHeaders({ role }, { method: route.method, url }));
        expect(res.statusCode, `${role}: ${route.method} ${route.url}`).toBe(403);
        expect(res.json()).toEqual({ message: 'Insufficient permissions' });
      }
    }
  });
});
