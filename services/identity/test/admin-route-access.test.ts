import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyPluginAsync, RouteOptions } from 'fastify';
import { STAFF_ROLES, hasRight, type AdminRight } from '@wfm/contracts';
import { STAFF_HEADERS } from '@wfm/service-kit';
import { buildTestService, type TestService } from '@wfm/service-kit/testing';
import { service } from '../src/app.ts';

interface StaffRoute {
  method: string;
  url: string;
  right: AdminRight | undefined;
}

const routes: StaffRoute[] = [];
let t: TestService;

beforeAll(async () => {
  // Every /api/admin/* route the service registers, with the right it declares.
  const recorded: FastifyPluginAsync = async (app) => {
    app.addHook('onRoute', (route: RouteOptions) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        if (method === 'HEAD' || !route.url.startsWith('/api/admin/')) continue;
        routes.push({ method, url: route.url, right: route.config?.staffRight });
      }
    });
    await app.register(service.routes);
  };
  t = await buildTestService({ ...service, routes: recorded });
});
afterAll(async () => t?.close());

const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, '987654321');
const call = (method: string, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: method as 'GET', url, headers });

describe('every /api/admin/* route of the identity service', () => {
  it('is found and declares its right', () => {
    expect(routes.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining(['GET /api/admin/user-profiles', 'PUT /api/admin/user-profiles/:id']),
    );
    expect(routes.filter((r) => r.right === undefined)).toEqual([]);
  });

  it('answers 401 without staff headers or with forged ones', async () => {
    for (const route of routes) {
      const url = concrete(route.url);
      for (const headers of [
        {},
        { [STAFF_HEADERS.id]: '1', [STAFF_HEADERS.username]: 'x', [STAFF_HEADERS.role]: 'Super Admin' },
        { ...t.staffHeaders({ role: 'Moderator' }, { method: route.method, url }), [STAFF_HEADERS.role]: 'Super Admin' },
        t.staffHeaders({ role: 'Super Admin' }, { method: route.method, url: `${url}?other` }),
      ]) {
        const res = await call(route.method, url, headers);
        expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      }
    }
  });

  it('answers 403 to every role without the right, and lets every role with it through', async () => {
    for (const route of routes) {
      const url = concrete(route.url);
      for (const role of STAFF_ROLES) {
        const res = await call(route.method, url, t.staffHeaders({ role }, { method: route.method, url }));
        if (route.right && hasRight(role, route.right)) expect([401, 403], `${role}: ${route.method} ${route.url}`).not.toContain(res.statusCode);
        else expect(res.statusCode, `${role}: ${route.method} ${route.url}`).toBe(403);
      }
    }
  });
});
