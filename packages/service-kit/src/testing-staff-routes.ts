import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_ROLES } from '@wfm/contracts/shared';
import { hasRight, type AdminRight } from '@wfm/contracts/admin';
import type { ServiceDefinition } from './app.ts';
import type { ServiceContext } from './context.ts';
import { STAFF_HEADERS, signStaffHeaders } from './staff-signature.ts';
import { buildTestService, type TestService } from './testing.ts';

interface StaffRoute {
  method: string;
  url: string;
  right: AdminRight | undefined;
}

export interface StaffRouteAccessOptions {
  /** Routes that must be among those found (`'GET /api/admin/staff'`), so the enumeration is not vacuous. */
  expected: string[];
  /** /api/admin/* calls that work without a staff session (login, logout, session). */
  public?: string[];
}

/** A concrete url for a route pattern: ids that exist nowhere. */
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, '987654321');

/**
 * The staff-access suite every service with /api/admin/* routes runs: it records every such route
 * the service registers, so a new route cannot skip the check, and proves each one declares its
 * right (staffOnly), answers 401 to missing, plain, foreign-secret, misdirected and tampered staff
 * headers, and 403 to every role without the right.
 */
export function describeStaffRouteAccess<C extends ServiceContext>(def: ServiceDefinition<C>, options: StaffRouteAccessOptions): void {
  const publicCalls = new Set(options.public ?? []);
  const routes: StaffRoute[] = [];
  let t: TestService;

  beforeAll(async () => {
    // An app-wide onRoute hook added before the service's own hooks and routes sees every route it adds.
    t = await buildTestService({
      ...def,
      hooks: async (app, ctx) => {
        app.addHook('onRoute', (route: RouteOptions) => {
          const methods = Array.isArray(route.method) ? route.method : [route.method];
          for (const method of methods) {
            if (method === 'HEAD' || !route.url.startsWith('/api/admin/') || publicCalls.has(route.url)) continue;
            routes.push({ method, url: route.url, right: route.config?.staffRight });
          }
        });
        await def.hooks?.(app, ctx);
      },
    });
  });
  afterAll(async () => t?.close());

  const call = (method: string, url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: method as 'GET', url, headers });

  describe(`every /api/admin/* route of the ${def.name} service`, () => {
    it('is found (the enumeration is not vacuous)', () => {
      expect(routes.map((r) => `${r.method} ${r.url}`)).toEqual(expect.arrayContaining(options.expected));
    });

    it('declares the right it needs (staffOnly(app, right))', () => {
      expect(routes.filter((r) => r.right === undefined).map((r) => `${r.method} ${r.url}`)).toEqual([]);
    });

    it('answers 401 without staff headers and with forged or misdirected ones', async () => {
      for (const route of routes) {
        const url = concrete(route.url);
        const forgeries: Record<string, string>[] = [
          {},
          { [STAFF_HEADERS.id]: '1', [STAFF_HEADERS.username]: 'x', [STAFF_HEADERS.role]: 'Super Admin' },
          signStaffHeaders('not-the-shared-secret-0123456789abcdef', { id: 1, username: 'x', role: 'Super Admin' }, { method: route.method, url }),
          t.staffHeaders({ role: 'Super Admin' }, { method: 'GET', url: '/api/admin/other' }),
          { ...t.staffHeaders({ role: 'Moderator' }, { method: route.method, url }), [STAFF_HEADERS.role]: 'Super Admin' },
        ];
        for (const headers of forgeries) {
          const res = await call(route.method, url, headers);
          expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
          expect(res.json()).toEqual({ message: 'Authentication required' });
        }
      }
    });

    it('answers 403 to every role without the right and lets every role with it read', async () => {
      for (const route of routes) {
        const url = concrete(route.url);
        for (const role of STAFF_ROLES) {
          const allowed = Boolean(route.right && hasRight(role, route.right));
          // Allowed changes would really run (a backup, a restore); reads show the door is open.
          if (allowed && route.method !== 'GET') continue;
          const res = await call(route.method, url, t.staffHeaders({ role }, { method: route.method, url }));
          if (allowed) {
            expect([401, 403], `${role}: ${route.method} ${route.url}`).not.toContain(res.statusCode);
          } else {
            expect(res.statusCode, `${role}: ${route.method} ${route.url}`).toBe(403);
            expect(res.json()).toEqual({ message: 'Insufficient permissions' });
          }
        }
      }
    });
  });
}
