import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler, RouteOptions } from 'fastify';
import type { Redis } from 'ioredis';
import type { RateLimitSettings } from '../rate-limit-table.ts';
import { visitorSecretKey } from '../visitor.ts';
import { loadPressureBudgets, PressureBudget, type PressureBudgets, type PressureKind } from './pressure-budget.ts';
import { PROOF_OF_WORK_HEADER, PressureGate } from './pressure-gate.ts';
import { ProofOfWork } from './proof-of-work.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The pressure budget a route spends (set by the kit's onRoute hook, see pressureKindOf):
     * 'write' for every visitor write under /api, 'token' where a route says so (identity's
     * POST /api/session), false where a route opts out. The route-table tests read it here.
     */
    pressure?: PressureKind | false;
  }
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Staff calls (/api/admin/*, signed by the gateway) have their own login and limits. */
const isStaffUrl = (url: string) => url === '/api/admin' || url.startsWith('/api/admin/');

/**
 * The budget a route spends, or undefined: the route's own `config.pressure` when it sets one,
 * else 'write' for a visitor write (POST/PUT/PATCH/DELETE under /api/, not /api/admin/*). Internal
 * calls (/internal/*, /healthz, /metrics: the gateway never routes them) spend none.
 */
export function pressureKindOf(route: Pick<RouteOptions, 'method' | 'url' | 'config'>): PressureKind | undefined {
  const own = (route.config as { pressure?: PressureKind | false } | undefined)?.pressure;
  if (own === false) return undefined;
  if (own) return own;
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  if (!methods.some((method) => WRITE_METHODS.has(method))) return undefined;
  if (!route.url.startsWith('/api/') || isStaffUrl(route.url)) return undefined;
  return 'write';
}

export interface PressureGateOptions {
  budgets: PressureBudgets;
  /** VISITOR_TOKEN_SECRET: the challenge secret is derived from it (every replica has it). */
  visitorSecret: string;
  redis?: Redis | undefined;
  settings?: RateLimitSettings | undefined;
}

/** The app's gate: budgets in Redis (else memory), challenges signed with a key derived from VISITOR_TOKEN_SECRET. */
export function createPressureGate(options: PressureGateOptions): PressureGate {
  const secret = visitorSecretKey(options.visitorSecret, 'proof-of-work').toString('hex');
  return new PressureGate(
    new PressureBudget(options.budgets, options.redis, options.settings),
    new ProofOfWork({ secret, redis: options.redis, settings: options.settings }),
  );
}

/** The default budgets of an app built without any: the decision's defaults under `settings`. */
export const defaultPressureBudgets = (settings?: RateLimitSettings): PressureBudgets =>
  loadPressureBudgets({}, settings);

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Puts the gate in front of every route that spends a budget, once for the whole app: an onRoute
 * hook (added before the service's hooks and routes, so it sees all of them) records the kind in
 * the route's config and runs the gate first among the route's onRequest hooks, before its rate
 * limits (a 428 does not use up a rate-limit slot, so the repeated call costs the visitor nothing
 * there) and before the body is read. Calls the gateway signed for a staff member pass untouched.
 * Without a gate (`gate` undefined: switched off) the kind is still recorded.
 */
export function registerPressureGate(app: FastifyInstance, gate: PressureGate | undefined): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const kind = pressureKindOf(route);
    if (!kind) return;
    route.config = { ...route.config, pressure: kind } as RouteOptions['config'];
    if (!gate) return;
    const guard: onRequestAsyncHookHandler = async (request: FastifyRequest, reply: FastifyReply) => {
      if (request.staff) return;
      if (kind === 'write' && SAFE_METHODS.has(request.method)) return;
      const header = request.headers[PROOF_OF_WORK_HEADER];
      const required = await gate.check(kind, request.ip, Array.isArray(header) ? header[0] : header);
      if (!required) return;
      if (required.refused) request.log.info({ refused: required.refused, kind }, 'proof of work refused');
      // The 428 answer is about this one call: no cache may keep or share it.
      return reply.code(required.status).header('cache-control', 'no-store').send(required.body);
    };
    const own = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
    route.onRequest = [guard, ...own] as RouteOptions['onRequest'];
  });
}
