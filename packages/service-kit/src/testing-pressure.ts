import type { Challenge } from 'altcha-lib';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceDefinition } from './app.ts';
import type { ServiceContext } from './context.ts';
import type { PressureKind } from './pressure/pressure-budget.ts';
import { PROOF_OF_WORK_CODE, PROOF_OF_WORK_HEADER, PROOF_OF_WORK_MESSAGE, PROOF_OF_WORK_STATUS } from './pressure/pressure-gate.ts';
import { solveProofOfWorkNatively } from './pressure/proof-of-work.ts';
import { MINUTE } from './rate-limit-table.ts';
import { buildTestService, type TestService } from './testing.ts';
import { randomIp } from './testing-visitors.ts';

interface FoundRoute {
  method: string;
  url: string;
  pressure: PressureKind | false | undefined;
}

export interface PressureGateSuiteOptions {
  /** Visitor writes that must be among those found (`'POST /api/posts'`), so the enumeration is not vacuous. */
  expected: string[];
  /** Routes that spend the token budget instead of the write budget (identity's `'POST /api/session'`). */
  tokens?: string[];
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** A concrete url for a route pattern: ids that exist nowhere. */
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, '987654321').replace(/\*$/, 'x');
const name = (route: { method: string; url: string }) => `${route.method} ${route.url}`;

/**
 * The pressure suite every service runs: it records every route the service registers (an onRoute
 * hook added before the service's own), so a new write route cannot be forgotten, and proves on
 * the running app, with budgets of one call, that every visitor write (POST/PUT/PATCH/DELETE under
 * /api/, not /api/admin/*) answers the second call from one address with the 428 asking for a proof
 * of work, while reads, staff calls and internal calls never do.
 */
export function describePressureGate<C extends ServiceContext>(def: ServiceDefinition<C>, options: PressureGateSuiteOptions): void {
  const routes: FoundRoute[] = [];
  const tokens = new Set(options.tokens ?? []);
  let t: TestService;

  beforeAll(async () => {
    t = await buildTestService({
      ...def,
      hooks: async (app, ctx) => {
        app.addHook('onRoute', (route: RouteOptions) => {
          const methods = Array.isArray(route.method) ? route.method : [route.method];
          for (const method of methods) {
            if (method === 'HEAD') continue;
            routes.push({ method, url: route.url, pressure: route.config?.pressure });
          }
        });
        await def.hooks?.(app, ctx);
      },
    }, { pressure: { token: { max: 1, windowMs: 10 * MINUTE }, write: { max: 1, windowMs: 10 * MINUTE } } });
  }, 60_000);
  afterAll(async () => t?.close());

  const isVisitorWrite = (r: FoundRoute) =>
    WRITE_METHODS.has(r.method) && r.url.startsWith('/api/') && !r.url.startsWith('/api/admin/') && r.url !== '/api/admin';
  const call = (method: string, url: string, ip: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: method as 'POST', url, remoteAddress: ip, headers });

  describe(`the pressure gate on the ${def.name} service`, () => {
    it('finds the expected visitor writes (the enumeration is not vacuous)', () => {
      expect(routes.filter(isVisitorWrite).map(name)).toEqual(expect.arrayContaining(options.expected));
    });

    it('gives every visitor write its budget: token where the service says so, else write', () => {
      const wrong = routes
        .filter(isVisitorWrite)
        .filter((r) => r.pressure !== (tokens.has(name(r)) ? 'token' : 'write'))
        .map((r) => `${name(r)}: ${String(r.pressure)}`);
      expect(wrong).toEqual([]);
    });

    it('answers the second visitor write from one address past a budget of one with a 428, the message and a challenge', async () => {
      const missing: string[] = [];
      for (const route of routes.filter(isVisitorWrite)) {
        const ip = randomIp();
        const url = concrete(route.url);
        await call(route.method, url, ip);
        const res = await call(route.method, url, ip);
        if (res.statusCode !== PROOF_OF_WORK_STATUS) {
          missing.push(`${name(route)}: ${res.statusCode}`);
          continue;
        }
        const body = res.json<{ message: string; code: string; challenge: { parameters: { data: { kind: string } } } }>();
        expect(body.message, name(route)).toBe(PROOF_OF_WORK_MESSAGE);
        expect(body.code, name(route)).toBe(PROOF_OF_WORK_CODE);
        expect(body.challenge.parameters.data.kind, name(route)).toBe(tokens.has(name(route)) ? 'token' : 'write');
        expect(res.headers['cache-control'], name(route)).toBe('no-store');
      }
      expect(missing).toEqual([]);
    }, 120_000);

    it('never asks for work on reads, staff calls or internal calls', async () => {
      const asked: string[] = [];
      const others = routes.filter((r) => !isVisitorWrite(r) && r.method !== 'OPTIONS' && !r.url.includes('*'));
      for (const route of others) {
        // The same address three times: a budget of one would be spent on the second. Staff routes
        // without staff headers answer 401; internal calls are the services' own.
        const ip = randomIp();
        for (let i = 0; i < 3; i += 1) {
          const res = await call(route.method, concrete(route.url), ip);
          if (res.statusCode === PROOF_OF_WORK_STATUS) asked.push(name(route));
        }
      }
      expect(others.length).toBeGreaterThan(0);
      // A visitor write the gateway signed for a staff member (a moderator acting on the site).
      for (const route of routes.filter(isVisitorWrite)) {
        const ip = randomIp();
        const url = concrete(route.url);
        for (let i = 0; i < 3; i += 1) {
          const res = await call(route.method, url, ip, t.staffHeaders({ role: 'Super Admin' }, { method: route.method, url }));
          if (res.statusCode === PROOF_OF_WORK_STATUS) asked.push(`staff ${name(route)}`);
        }
      }
      expect(asked).toEqual([]);
    }, 120_000);
  });
}

/**
 * A call as the web app makes it (fetchWithProofOfWork): on a 428 asking for a proof of work it
 * solves the challenge (natively, as a script would) and repeats the call once with the answer.
 */
export async function injectAnsweringProofOfWork(app: FastifyInstance, options: InjectOptions): Promise<LightMyRequestResponse> {
  const first = await app.inject(options);
  if (first.statusCode !== PROOF_OF_WORK_STATUS) return first;
  const body = first.json<{ code?: string; challenge?: Challenge }>();
  if (body.code !== PROOF_OF_WORK_CODE || !body.challenge) return first;
  const answer = await solveProofOfWorkNatively(body.challenge);
  return app.inject({ ...options, headers: { ...options.headers, [PROOF_OF_WORK_HEADER]: answer } });
}

/**
 * The app as a browser running the web app sees it: every `app.inject({...})` answers a 428 asking
 * for a proof of work by itself (injectAnsweringProofOfWork), so a suite's helpers drive it unchanged.
 */
export function answeringProofOfWork(app: FastifyInstance): FastifyInstance {
  return new Proxy(app, {
    get(target, property, receiver) {
      if (property === 'inject') return (options: InjectOptions) => injectAnsweringProofOfWork(target, options);
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
}
