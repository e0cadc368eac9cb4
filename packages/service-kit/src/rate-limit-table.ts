import type { FastifyRequest } from 'fastify';
import { SERVICES } from '@wfm/contracts/shared';
import { ConfigError } from './errors.ts';

/**
 * Rate-limit tables: every limit of a process (a service or the gateway) is one row of one table,
 * next to its code, so docs/operations.md lists them (scripts/test/rate-limits-doc.test.ts holds
 * its table equal to the code's) and operators can tune them.
 *
 * The one way to declare and attach limits: a service declares its table and its calls (which
 * limits each kind of call checks, in order) with `defineLimits('<service>', limits, calls)`, sets
 * it as `limits` in its definition, and a route attaches a call's limits with
 * `onRequest: rateLimited(app, '<call>')` (rate-limit.ts). The gateway declares its table the same
 * way and applies it to every proxied call itself.
 *
 * Environment (read once at boot by loadRateLimitSettings, never per request):
 * - `RATE_LIMIT_SCALE` (a number > 0, default 1) multiplies every limit of every table;
 * - `RATE_LIMIT_NAMESPACE` (1-64 letters, digits or _ . : -) keeps the counters of deployments (or
 *   test and bench runs) that share one Redis apart, as CACHE_NAMESPACE does for the read cache;
 * - `RATE_LIMIT_<OWNER>_<NAME>` (a positive integer) sets one limit exactly, e.g.
 *   `RATE_LIMIT_FORUM_UPVOTE_IP_POST=50` for the forum's `upvote-ip-post`; it is not scaled.
 * A set variable that is not a positive number, or that names no known process or limit, stops
 * the process with a ConfigError naming it.
 */

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const TEN_MINUTES = 10 * MINUTE;

/**
 * Who a limit counts:
 * - `visitor`: the verified visitor (`request.visitor.key`); a request without one is counted
 *   under its client address;
 * - `address`: the client address (IPv4 address, IPv6 /64 network);
 * - `address-target`: the client address and the thing the call acts on (e.g. the post upvoted);
 * - `target`: the thing the call acts on alone, from any address (e.g. identity's recovery phrase
 *   prefix: guesses at one visitor's phrase spread over many addresses still count together);
 * - `staff`: the signed-in staff member (`request.staff.id`); a request without one is counted
 *   under its client address (staff calls: backups and restores).
 */
export type LimitKeyKind = 'visitor' | 'address' | 'address-target' | 'target' | 'staff';

export interface LimitSpec {
  /** Calls allowed per window, before RATE_LIMIT_SCALE. */
  max: number;
  windowMs: number;
  key: LimitKeyKind;
  /** What the limit protects, in a few words (listed in docs/operations.md). */
  protects: string;
}

/**
 * One kind of call (e.g. `post`): the limits it checks, in order, and for `address-target` and
 * `target` limits the thing the call acts on (e.g. the post id from the params; null, e.g. a
 * malformed id refused later, skips those limits).
 */
export interface LimitCall<N extends string = string> {
  limits: readonly N[];
  target?: ((req: FastifyRequest) => string | null) | undefined;
}

export interface LimitTable<N extends string = string, C extends string = string> {
  /** The process the limits belong to: a service name or `gateway`. */
  owner: string;
  limits: Readonly<Record<N, LimitSpec>>;
  /** The kinds of call routes attach with rateLimited(app, '<call>'). */
  calls: Readonly<Record<C, LimitCall<N>>>;
}

export interface ResolvedLimit extends LimitSpec {
  owner: string;
  name: string;
  /** The variable that sets this limit (`RATE_LIMIT_<OWNER>_<NAME>`). */
  envName: string;
  /** The table's default, before RATE_LIMIT_SCALE. */
  defaultMax: number;
  /** Where `max` came from. */
  source: 'default' | 'scale' | 'env';
}

export interface RateLimitSettings {
  /** RATE_LIMIT_SCALE. */
  scale: number;
  /** RATE_LIMIT_NAMESPACE: the deployment's part of the Redis counter keys (none by default). */
  namespace?: string | undefined;
  /** Limits set one by one: variable name -> value. */
  overrides: ReadonlyMap<string, number>;
}

export const DEFAULT_RATE_LIMIT_SETTINGS: RateLimitSettings = Object.freeze({ scale: 1, overrides: new Map() });

export const RATE_LIMIT_SCALE_VARIABLE = 'RATE_LIMIT_SCALE';
export const RATE_LIMIT_NAMESPACE_VARIABLE = 'RATE_LIMIT_NAMESPACE';
const NAMESPACE = /^[A-Za-z0-9_.:-]{1,64}$/;
const PREFIX = 'RATE_LIMIT_';
/** Older names still honoured: the gateway's per-IP limit was RATE_LIMIT_PER_MINUTE. */
const ALIASES: Readonly<Record<string, string>> = { RATE_LIMIT_PER_MINUTE: 'RATE_LIMIT_GATEWAY_API_IP' };
const LIMIT_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const DECIMAL = /^(?:\d+(?:\.\d*)?|\.\d+)$/;
const INTEGER = /^\d+$/;

const envPart = (text: string) => text.replaceAll('-', '_').toUpperCase();

/** The variable that sets one limit: `limitEnvName('forum', 'upvote-ip-post')` -> `RATE_LIMIT_FORUM_UPVOTE_IP_POST`. */
export const limitEnvName = (owner: string, name: string): string => `${PREFIX}${envPart(owner)}_${envPart(name)}`;

/** Every process that may own limits: the services of @wfm/contracts and the gateway. */
export const LIMIT_OWNERS: readonly string[] = [...SERVICES.map((s) => s.name), 'gateway'];

const TARGETED: ReadonlySet<LimitKeyKind> = new Set(['address-target', 'target']);

/**
 * A table of limits for one process and the calls that check them: names are kebab-case and unique
 * within the table; a call names limits of the table, and has a target when one of them counts
 * per target. With calls, every limit belongs to at least one (a limit no call checks guards
 * nothing). A call is a list of limit names, or `{ limits, target }`.
 */
export function defineLimits<const N extends string, const C extends string = never>(
  owner: string,
  limits: Record<N, LimitSpec>,
  calls?: Record<C, readonly NoInfer<N>[] | LimitCall<NoInfer<N>>>,
): LimitTable<N, C> {
  if (!LIMIT_OWNERS.includes(owner)) throw new Error(`rate limits: unknown owner "${owner}"`);
  for (const [name, spec] of Object.entries<LimitSpec>(limits)) {
    if (!LIMIT_NAME.test(name)) throw new Error(`rate limits: "${name}" is not a kebab-case name`);
    if (!Number.isSafeInteger(spec.max) || spec.max < 1) throw new Error(`rate limits: ${name}.max must be a positive integer`);
    if (!Number.isSafeInteger(spec.windowMs) || spec.windowMs < 1) throw new Error(`rate limits: ${name}.windowMs must be positive`);
  }
  const resolvedCalls = {} as Record<C, LimitCall<N>>;
  for (const [call, given] of Object.entries<readonly N[] | LimitCall<N>>(calls ?? ({} as Record<C, readonly N[]>))) {
    const spec: LimitCall<N> = Array.isArray(given) ? { limits: given } : (given as LimitCall<N>);
    if (!LIMIT_NAME.test(call)) throw new Error(`rate limits: call "${call}" is not a kebab-case name`);
    if (spec.limits.length === 0) throw new Error(`rate limits: call "${call}" checks no limit`);
    for (const name of spec.limits) {
      const limit = (limits as Record<string, LimitSpec | undefined>)[name];
      if (!limit) throw new Error(`rate limits: call "${call}" names "${name}", which is not in the ${owner} table`);
      if (TARGETED.has(limit.key) && !spec.target) throw new Error(`rate limits: call "${call}" checks ${name}, which counts per target: give { target }`);
    }
    resolvedCalls[call as C] = Object.freeze({ limits: [...spec.limits], target: spec.target });
  }
  if (calls) {
    const checked = new Set(Object.values<LimitCall<N>>(resolvedCalls).flatMap((c) => c.limits));
    const unchecked = Object.keys(limits).filter((name) => !checked.has(name as N));
    if (unchecked.length > 0) throw new Error(`rate limits: no ${owner} call checks ${unchecked.join(', ')}`);
  }
  return { owner, limits: Object.freeze({ ...limits }), calls: Object.freeze(resolvedCalls) };
}

/** Tables as one (e.g. the kit's limits every service has, and the service's own). */
export function mergeLimits(owner: string, ...tables: Array<Pick<LimitTable, 'limits' | 'calls'> | undefined>): LimitTable {
  const limits: Record<string, LimitSpec> = {};
  const calls: Record<string, LimitCall> = {};
  for (const table of tables) {
    for (const [name, spec] of Object.entries(table?.limits ?? {})) {
      if (name in limits) throw new Error(`rate limits: ${owner} defines "${name}" twice`);
      limits[name] = spec;
    }
    for (const [call, spec] of Object.entries(table?.calls ?? {})) {
      if (call in calls) throw new Error(`rate limits: ${owner} defines call "${call}" twice`);
      calls[call] = spec;
    }
  }
  // Each table's calls were checked against it by its own defineLimits.
  return { ...defineLimits(owner, limits), calls: Object.freeze(calls) };
}

type EnvSource = Record<string, string | undefined>;

/**
 * RATE_LIMIT_SCALE and every RATE_LIMIT_<OWNER>_<NAME> of the environment, checked once at boot.
 * Throws a ConfigError naming each variable that is not a positive number or names no process.
 * Whether a name is one of its owner's limits is checked when the owner resolves its table.
 */
export function loadRateLimitSettings(source: EnvSource = process.env): RateLimitSettings {
  const problems = new Map<string, string>();
  const overrides = new Map<string, number>();
  let scale = 1;
  let namespace: string | undefined;
  const ownerParts = LIMIT_OWNERS.map((owner) => `${PREFIX}${envPart(owner)}_`);

  for (const [name, raw] of Object.entries(source)) {
    if (!name.startsWith(PREFIX) || raw === undefined || raw === '') continue;
    const value = raw.trim();
    if (name === RATE_LIMIT_SCALE_VARIABLE) {
      const n = Number(value);
      if (!DECIMAL.test(value) || !Number.isFinite(n) || n <= 0) {
        problems.set(name, `${name} must be a number greater than 0 (got "${raw}")`);
      } else scale = n;
      continue;
    }
    if (name === RATE_LIMIT_NAMESPACE_VARIABLE) {
      if (NAMESPACE.test(value)) namespace = value;
      else problems.set(name, `${name} must be 1-64 letters, digits, or _ . : - (got "${raw}")`);
      continue;
    }
    const target = ALIASES[name] ?? name;
    if (!ownerParts.some((part) => target.startsWith(part) && target.length > part.length)) {
      problems.set(
        name,
        `${name} names no known limit (expected RATE_LIMIT_<${LIMIT_OWNERS.map(envPart).join('|')}>_<LIMIT>, see docs/operations.md)`,
      );
      continue;
    }
    const n = Number(value);
    if (!INTEGER.test(value) || !Number.isSafeInteger(n) || n < 1) {
      problems.set(name, `${name} must be a positive whole number (got "${raw}")`);
      continue;
    }
    // The current name wins over an alias when both are set.
    if (target !== name && source[target] !== undefined && source[target] !== '') continue;
    overrides.set(target, n);
  }
  if (problems.size > 0) {
    throw new ConfigError(`Invalid environment: ${[...problems.values()].join('; ')}`, [...problems.keys()]);
  }
  return { scale, overrides, ...(namespace ? { namespace } : {}) };
}

/**
 * The Redis key prefix of one process's rate-limit counters: `base` plus the deployment's
 * RATE_LIMIT_NAMESPACE, so deployments sharing a Redis never count each other's requests.
 */
export const redisCounterPrefix = (base: string, settings: RateLimitSettings | undefined): string =>
  settings?.namespace ? `${base}${settings.namespace}:` : base;

/** The scaled default: at least 1. */
export const scaledMax = (max: number, scale: number): number => Math.max(1, Math.round(max * scale));

/**
 * The effective limits of one table under `settings`. Throws a ConfigError for a variable under
 * the owner's prefix that names none of its limits (a typo must not be ignored).
 */
export function resolveLimits<N extends string>(
  table: LimitTable<N>,
  settings: RateLimitSettings = DEFAULT_RATE_LIMIT_SETTINGS,
): Record<N, ResolvedLimit> {
  const resolved = {} as Record<N, ResolvedLimit>;
  const known = new Set<string>();
  for (const [name, spec] of Object.entries<LimitSpec>(table.limits)) {
    const envName = limitEnvName(table.owner, name);
    known.add(envName);
    const set = settings.overrides.get(envName);
    const max = set ?? scaledMax(spec.max, settings.scale);
    const source = set !== undefined ? 'env' : settings.scale === 1 ? 'default' : 'scale';
    resolved[name as N] = { ...spec, owner: table.owner, name, envName, defaultMax: spec.max, max, source };
  }
  const ownerPrefix = `${PREFIX}${envPart(table.owner)}_`;
  const problems = [...settings.overrides.keys()].filter((name) => name.startsWith(ownerPrefix) && !known.has(name));
  if (problems.length > 0) {
    throw new ConfigError(
      `Invalid environment: ${problems.map((name) => `${name} is not a ${table.owner} limit (its limits: ${[...known].join(', ')})`).join('; ')}`,
      problems,
    );
  }
  return resolved;
}

const WINDOW_NAMES: Array<[number, string]> = [
  [HOUR, 'hour'],
  [MINUTE, 'minute'],
  [1000, 'second'],
];

/** `10 minutes`, `hour`, `minute`. */
export function describeWindow(windowMs: number): string {
  for (const [unit, name] of WINDOW_NAMES) {
    if (windowMs % unit === 0) {
      const n = windowMs / unit;
      return n === 1 ? name : `${n} ${name}s`;
    }
  }
  return `${windowMs} ms`;
}

const KEY_NAMES: Record<LimitKeyKind, string> = {
  visitor: 'visitor (else address)',
  address: 'address',
  'address-target': 'address + target',
  target: 'target (any address)',
  staff: 'staff member (else address)',
};

/** The table as Markdown rows for docs/operations.md: limit, default, key, window, variable, protects. */
export function describeLimits(table: LimitTable): string[] {
  return Object.entries<LimitSpec>(table.limits).map(
    ([name, spec]) =>
      `| ${table.owner} | \`${name}\` | ${spec.max.toLocaleString('en-US')} | ${KEY_NAMES[spec.key]} | ${describeWindow(spec.windowMs)} | \`${limitEnvName(table.owner, name)}\` | ${spec.protects} |`,
  );
}
