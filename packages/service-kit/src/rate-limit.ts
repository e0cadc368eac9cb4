import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { clientAddressKey } from './client-address.ts';
import { HttpError, tooManyRequests } from './errors.ts';
import { LeasedRedisStore } from './rate-limit-leased-store.ts';
import { ExactMemoryStore, MEMORY_KEYS_PER_LIMIT } from './rate-limit-memory-store.ts';
import {
  DEFAULT_RATE_LIMIT_SETTINGS,
  redisCounterPrefix,
  MINUTE,
  mergeLimits,
  resolveLimits,
  type LimitCall,
  type LimitTable,
  type RateLimitSettings,
  type ResolvedLimit,
} from './rate-limit-table.ts';

export const RATE_LIMIT_MESSAGE = 'Too many requests, please try again later.';

/** Limits (and their call) every service has, on top of its own table. */
export const SERVICE_KIT_LIMITS = {
  limits: {
    'not-found-ip': {
      max: 600,
      windowMs: MINUTE,
      key: 'address',
      protects: 'unknown URLs (route probing), per service',
    },
  },
  calls: { 'not-found': { limits: ['not-found-ip'] } },
} as const satisfies Pick<LimitTable<'not-found-ip', 'not-found'>, 'limits' | 'calls'>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Every limit of this service (the kit's and the service's table), as configured at boot. */
    rateLimitTable: Readonly<Record<string, ResolvedLimit>>;
    /** Every call of this service's table (and the kit's `not-found`): what rateLimited attaches. */
    rateLimitCalls: Readonly<Record<string, LimitCall>>;
  }
}

/**
 * @fastify/rate-limit with global: false, so only routes with a limit hook (enforceLimits, or
 * app.rateLimit / app.createRateLimit) are limited. Counters live in Redis when a client is given,
 * so every replica shares them (LeasedRedisStore: large limits take their counts in blocks); otherwise in memory (ExactMemoryStore: parallel requests are counted
 * exactly, up to MEMORY_KEYS_PER_LIMIT counters per limit). If Redis fails, requests are let through
 * rather than refused. Resolves the service's limit table once, here at boot: a bad RATE_LIMIT_*
 * variable throws a ConfigError.
 */
export async function registerRateLimit(
  app: FastifyInstance,
  opts: {
    redis?: Redis | undefined;
    namespace: string;
    /** The service's own limits (defineLimits(<service>, {...})). */
    limits?: LimitTable | undefined;
    settings?: RateLimitSettings | undefined;
  },
): Promise<void> {
  const settings = opts.settings ?? DEFAULT_RATE_LIMIT_SETTINGS;
  const table = mergeLimits(opts.limits?.owner ?? opts.namespace, SERVICE_KIT_LIMITS, opts.limits);
  app.decorate('rateLimitTable', resolveLimits(table, settings));
  app.decorate('rateLimitCalls', table.calls);
  await app.register(rateLimit, {
    global: false,
    store: opts.redis ? LeasedRedisStore.using(opts.redis, `${redisCounterPrefix('wfm-rl:', settings)}${opts.namespace}:`) : ExactMemoryStore,
    skipOnError: true,
    errorResponseBuilder: (_req, ctx) => new HttpError(ctx.statusCode, RATE_LIMIT_MESSAGE),
  });
}

/** The client address a per-address limit counts: IPv4 address, IPv6 /64 (IPv4-mapped as IPv4). */
export const addressOf = (req: FastifyRequest): string => clientAddressKey(req.ip);

/** Counts per client address (as forwarded by trusted proxies); IPv6 per /64. */
export const byIp = (req: FastifyRequest): string => `ip:${addressOf(req)}`;

/** Counts per verified visitor (request.visitor.key), else per client address. */
export const byVisitor = (req: FastifyRequest): string => (req.visitor ? `visitor:${req.visitor.key}` : byIp(req));

/**
 * A call's target for per-target limits: the route's positive integer `:id` param (the params
 * schema refuses the rest), or null (a malformed id skips those limits and is refused later).
 */
export const idParamTarget = (req: FastifyRequest): string | null => {
  const id = (req.params as { id?: unknown } | undefined)?.id;
  return typeof id === 'string' && /^[1-9][0-9]{0,14}$/.test(id) ? id : null;
};

/** Counts per signed-in staff member (request.staff.id), else per client address. */
const byStaff = (req: FastifyRequest): string => (req.staff ? `staff:${req.staff.id}` : byIp(req));

/** The former name of byVisitor. */
export const keyByVisitor = byVisitor;

export interface Limit {
  /** Unique per limit: it namespaces the counters, which all limiters of a service share. */
  name: string;
  max: number;
  windowMs: number;
  /** Who is counted; null skips this limit for the request. */
  key: (req: FastifyRequest) => string | null;
}

/**
 * An onRequest hook enforcing every limit in `limits` before the body is read (each counted
 * separately, e.g. per visitor and per IP, in the order given); the first one exceeded answers 429
 * with Retry-After. A request refused by one limit has already counted towards those before it.
 */
export function rateLimits(app: FastifyInstance, limits: Limit[]) {
  const checks = limits.map((limit) => ({
    limit,
    check: app.createRateLimit({
      max: limit.max,
      timeWindow: limit.windowMs,
      keyGenerator: (req) => `${limit.name}:${limit.key(req)}`,
      // Read by the memory store (RateLimitOptions.cache); the type of createRateLimit omits it.
      ...({ cache: MEMORY_KEYS_PER_LIMIT } as object),
    }),
  }));
  return async (req: FastifyRequest, reply: FastifyReply): Promise<void> => {
    for (const { limit, check } of checks) {
      if (limit.key(req) === null) continue;
      const result = await check(req);
      if (!result.isAllowed && result.isExceeded) {
        reply.header('retry-after', result.ttlInSeconds);
        throw tooManyRequests();
      }
    }
  };
}

export interface EnforceOptions {
  /**
   * The thing the call acts on, for `address-target` limits (e.g. the post id from the params);
   * null (e.g. a malformed id, refused later) skips those limits.
   */
  target?: (req: FastifyRequest) => string | null;
}

/** The counting key of one limit kind. */
function keyFor(limit: ResolvedLimit, opts: EnforceOptions): (req: FastifyRequest) => string | null {
  switch (limit.key) {
    case 'visitor':
      return byVisitor;
    case 'address':
      return byIp;
    case 'staff':
      return byStaff;
    case 'target': {
      const target = opts.target;
      if (!target) throw new Error(`rate limit ${limit.name} counts per target: pass { target }`);
      return (req) => {
        const value = target(req);
        return value === null ? null : `target:${value}`;
      };
    }
    case 'address-target': {
      const target = opts.target;
      if (!target) throw new Error(`rate limit ${limit.name} counts per target: pass { target }`);
      return (req) => {
        const value = target(req);
        return value === null ? null : `${byIp(req)}|${value}`;
      };
    }
  }
}

/**
 * The one way a route attaches rate limits: an onRequest (or preHandler, when the target is read
 * from the body) hook enforcing the limits of one call of the service's table
 * (`defineLimits(owner, limits, calls)`), as configured at boot, in the call's order: the first one
 * exceeded answers 429 `RATE_LIMIT_MESSAGE` with Retry-After. An unknown call throws when the route
 * is registered. `onRequest: rateLimited(app, 'post')`.
 */
export function rateLimited(app: FastifyInstance, call: string) {
  const spec = app.rateLimitCalls[call];
  if (!spec) throw new Error(`rate limit call "${call}" is not in the ${app.config?.name ?? ''} limit table`);
  return enforceLimits(app, spec.limits, spec.target ? { target: spec.target } : {});
}

/**
 * An onRequest hook enforcing the named limits of the service's table (app.rateLimitTable), as
 * configured at boot; see rateLimits for the order of checks. Routes use rateLimited.
 */
export function enforceLimits(app: FastifyInstance, names: readonly string[], opts: EnforceOptions = {}) {
  return rateLimits(
    app,
    names.map((name) => {
      const limit = app.rateLimitTable[name];
      if (!limit) throw new Error(`rate limit "${name}" is not in the ${app.config?.name ?? ''} limit table`);
      return { name, max: limit.max, windowMs: limit.windowMs, key: keyFor(limit, opts) };
    }),
  );
}
