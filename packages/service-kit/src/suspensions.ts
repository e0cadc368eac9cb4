import { createHmac } from 'node:crypto';
import type { Redis } from 'ioredis';
import ipaddr from 'ipaddr.js';
import type { ServiceContext } from './context.ts';
import type { Db } from './db.ts';
import { recordStaffAction, type StaffAction } from './staff-actions.ts';
import type { StaffIdentity } from './staff-signature.ts';
import { clientAddressKey } from './client-address.ts';
import { forbidden } from './errors.ts';
import { verifyVisitorToken } from './visitor.ts';

/**
 * Suspensions and address blocks: staff decisions that refuse WRITES (reads stay) in every service.
 *
 * - A suspension names a visitor as the service holding their content knows them: (service, the
 *   keyed per-service hash of request.visitor.hash). Staff see content, not tokens; the service
 *   that holds a post knows its author's hash there and nothing else. Every service's kit holds the
 *   shared VISITOR_TOKEN_SECRET, so it can compute a token's hash as any other service sees it and
 *   match the suspension without any service storing a cross-service key.
 * - An address block names an IPv4 address or IPv6 /64 (clientAddressKey) for a time: it refuses
 *   writes from there whatever token is sent (floods that rotate tokens).
 *
 * Both live in the Redis every service shares (REDIS_URL), under one prefix, each key expiring with
 * its decision (a suspension "for good" has no expiry); a service without Redis (tests, one-process
 * development) keeps them in memory, shared by the service apps of that process. Every check reads Redis at most every STANDING_REFRESH_MS per
 * replica for the list of services with suspensions, then one MGET per write.
 */

/** Redis key base; RATE_LIMIT_NAMESPACE (if set) is inserted after it, as for the rate limits. */
export const STANDINGS_REDIS_BASE = 'wfm-standing:';

export interface Suspension {
  service: string;
  /** The visitor's per-service hash (base64url, 43 characters). */
  visitor: string;
  /** Epoch ms the suspension ends, or null for good. */
  until: number | null;
  reason: string;
  staff: string;
  at: number;
}

export interface AddressBlock {
  /** IPv4 address or IPv6 /64 (clientAddressKey form). */
  address: string;
  until: number;
  reason: string;
  staff: string;
  at: number;
}

/** The message a suspended visitor gets on every write. */
export function suspensionMessage(s: Pick<Suspension, 'until' | 'reason'>): string {
  return s.until === null
    ? `Your account is suspended: ${s.reason}`
    : `Your account is suspended until ${new Date(s.until).toISOString()}: ${s.reason}`;
}

export function addressBlockMessage(b: Pick<AddressBlock, 'until'>): string {
  return `Writes from your network are blocked until ${new Date(b.until).toISOString()}.`;
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
export const isWriteMethod = (method: string) => WRITE_METHODS.has(method);

/** The store both kinds of decision are kept in: Redis when the service has one, else memory. */
export interface StandingStore {
  get(keys: string[]): Promise<(string | null)[]>;
  set(key: string, value: string, ttlMs: number | null): Promise<void>;
  del(key: string): Promise<boolean>;
  list(prefix: string): Promise<string[]>;
  services(): Promise<string[]>;
  addService(service: string): Promise<void>;
}

interface MemoryData {
  data: Map<string, { value: string; expires: number | null }>;
  services: Set<string>;
}
/**
 * Without Redis the decisions are kept per process, shared by every service app of the process
 * (`npm start` runs all six in one), one set per key base (namespace).
 */
const memoryData = new Map<string, MemoryData>();

function memoryStore(base: string, now: () => number): StandingStore {
  let shared = memoryData.get(base);
  if (!shared) {
    shared = { data: new Map(), services: new Set() };
    memoryData.set(base, shared);
  }
  const { data, services } = shared;
  const live = (key: string) => {
    const e = data.get(key);
    if (!e) return null;
    if (e.expires !== null && e.expires <= now()) return null;
    return e.value;
  };
  return {
    get: async (keys) => keys.map(live),
    set: async (key, value, ttlMs) => void data.set(key, { value, expires: ttlMs === null ? null : now() + ttlMs }),
    del: async (key) => live(key) !== null && data.delete(key),
    list: async (prefix) => [...data.keys()].filter((k) => k.startsWith(prefix)).map(live).filter((v): v is string => v !== null),
    services: async () => [...services],
    addService: async (s) => void services.add(s),
  };
}

function redisStore(redis: Redis, servicesKey: string): StandingStore {
  return {
    get: async (keys) => (keys.length ? redis.mget(...keys) : []),
    set: async (key, value, ttlMs) => {
      if (ttlMs === null) await redis.set(key, value);
      else await redis.set(key, value, 'PX', Math.max(1, Math.ceil(ttlMs)));
    },
    del: async (key) => (await redis.del(key)) > 0,
    list: async (prefix) => {
      const keys: string[] = [];
      let cursor = '0';
      do {
        const [next, found] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
        cursor = next;
        keys.push(...found);
      } while (cursor !== '0');
      const values = keys.length ? await redis.mget(...keys) : [];
      return values.filter((v): v is string => v !== null);
    },
    services: async () => redis.smembers(servicesKey),
    addService: async (s) => void (await redis.sadd(servicesKey, s)),
  };
}

/** How long a replica trusts its list of services that have suspensions (a new service's first suspension). */
export const STANDING_REFRESH_MS = 5_000;

export interface Standings {
  suspend(s: Suspension): Promise<void>;
  lift(service: string, visitor: string): Promise<boolean>;
  suspensions(): Promise<Suspension[]>;
  block(b: AddressBlock): Promise<void>;
  unblock(address: string): Promise<boolean>;
  blocks(): Promise<AddressBlock[]>;
  /** The suspension that covers `token` now, if any. */
  suspensionOf(token: unknown): Promise<Suspension | null>;
  /** The block that covers `ip` now, if any. */
  blockOf(ip: string): Promise<AddressBlock | null>;
  /** Throws the 403 a write from this token/address gets, or returns. */
  checkWrite(token: unknown, ip: string): Promise<void>;
}

export function createStandings(opts: {
  redis: Redis | undefined;
  secret: string;
  now: () => number;
  /** RATE_LIMIT_NAMESPACE: separates test runs (and deployments) sharing one Redis. */
  namespace?: string | undefined;
  /** Called when Redis fails during a write check; the write then goes ahead (fail open). */
  onStoreError?: (err: unknown) => void;
}): Standings {
  const { now, secret } = opts;
  const base = opts.namespace ? `${STANDINGS_REDIS_BASE}${opts.namespace}:` : STANDINGS_REDIS_BASE;
  const SUSPENSION_PREFIX = `${base}suspension:`;
  const ADDRESS_BLOCK_PREFIX = `${base}address-block:`;
  const sKey = (service: string, visitor: string) => `${SUSPENSION_PREFIX}${service}:${visitor}`;
  const bKey = (address: string) => `${ADDRESS_BLOCK_PREFIX}${address}`;
  const store = opts.redis ? redisStore(opts.redis, `${base}suspended-services`) : memoryStore(base, now);
  const serviceKeys = new Map<string, Buffer>();
  const serviceKey = (service: string) => {
    let key = serviceKeys.get(service);
    if (!key) {
      key = createHmac('sha256', secret).update(`visitor-hash:${service}`).digest();
      serviceKeys.set(service, key);
    }
    return key;
  };
  let known: { services: string[]; until: number } | undefined;
  const services = async () => {
    if (known && known.until > now()) return known.services;
    known = { services: await store.services(), until: now() + STANDING_REFRESH_MS };
    return known.services;
  };
  // A stored decision also carries its end, so an expired one never counts (memory or a Redis TTL late).
  const stillOn = (until: number | null) => until === null || until > now();

  const standings: Standings = {
    async suspend(s) {
      await store.addService(s.service);
      known = undefined;
      await store.set(sKey(s.service, s.visitor), JSON.stringify(s), s.until === null ? null : s.until - now());
    },
    lift: (service, visitor) => store.del(sKey(service, visitor)),
    async suspensions() {
      return (await store.list(SUSPENSION_PREFIX)).map((v) => JSON.parse(v) as Suspension).filter((s) => stillOn(s.until));
    },
    async block(b) {
      await store.set(bKey(b.address), JSON.stringify(b), b.until - now());
    },
    unblock: (address) => store.del(bKey(address)),
    async blocks() {
      return (await store.list(ADDRESS_BLOCK_PREFIX)).map((v) => JSON.parse(v) as AddressBlock).filter((b) => stillOn(b.until));
    },
    async suspensionOf(token) {
      const id = verifyVisitorToken(secret, token);
      if (id === null) return null;
      const names = await services();
      if (names.length === 0) return null;
      const keys = names.map((name) => sKey(name, createHmac('sha256', serviceKey(name)).update(id).digest('base64url')));
      for (const value of await store.get(keys)) {
        if (value === null) continue;
        const s = JSON.parse(value) as Suspension;
        if (stillOn(s.until)) return s;
      }
      return null;
    },
    async blockOf(ip) {
      const [value] = await store.get([bKey(clientAddressKey(ip))]);
      if (!value) return null;
      const b = JSON.parse(value) as AddressBlock;
      return stillOn(b.until) ? b : null;
    },
    async checkWrite(token, ip) {
      let block: AddressBlock | null;
      let suspension: Suspension | null;
      try {
        [block, suspension] = await Promise.all([standings.blockOf(ip), standings.suspensionOf(token)]);
      } catch (err) {
        // Redis away: moderation must not stop every write of the site; the rate limits and the
        // pressure gate still hold a flood.
        opts.onStoreError?.(err);
        return;
      }
      if (suspension) throw forbidden(suspensionMessage(suspension));
      if (block) throw forbidden(addressBlockMessage(block));
    },
  };
  return standings;
}

/** What the staff functions need: the service's pool, its audit log, its standings and clock. */
type StaffDeps = Pick<ServiceContext, 'sql' | 'staffActionLog' | 'standings' | 'now'>;

/**
 * Suspends a visitor (as `service` knows them) for `durationMs` (null: for good), audited as
 * `visitor.suspend` in the same transaction: a store failure rolls the audit back, so no decision
 * exists that the log does not show.
 */
export async function suspendVisitor(
  ctx: StaffDeps,
  staff: StaffIdentity,
  input: { service: string; visitor: string; durationMs: number | null; reason: string; target: StaffAction['target'] },
): Promise<Suspension> {
  return ctx.sql.begin((tx) => suspendVisitorIn(tx, ctx, staff, input));
}

/**
 * suspendVisitor in the caller's transaction, for a step that does more in it (a report decision
 * that also hides the author's content): the store is written last, and a failure there rolls the
 * whole step back.
 */
export async function suspendVisitorIn(
  tx: Db,
  ctx: Omit<StaffDeps, 'sql'>,
  staff: StaffIdentity,
  input: { service: string; visitor: string; durationMs: number | null; reason: string; target: StaffAction['target'] },
): Promise<Suspension> {
  const at = ctx.now();
  const suspension: Suspension = {
    service: input.service,
    visitor: input.visitor,
    until: input.durationMs === null ? null : at + input.durationMs,
    reason: input.reason,
    staff: staff.username,
    at,
  };
  await recordStaffAction(tx, ctx, staff, { action: 'visitor.suspend', target: input.target });
  await ctx.standings.suspend(suspension);
  return suspension;
}

/** Lifts a suspension (audited `visitor.unsuspend`); false when there was none. */
export async function liftSuspension(ctx: StaffDeps, staff: StaffIdentity, ref: { service: string; visitor: string }): Promise<boolean> {
  return ctx.sql.begin(async (tx) => {
    const lifted = await ctx.standings.lift(ref.service, ref.visitor);
    if (lifted) await recordStaffAction(tx, ctx, staff, { action: 'visitor.unsuspend', target: { type: 'visitor', id: `${ref.service}:${ref.visitor}` } });
    return lifted;
  });
}

/** The block key of what staff typed (IPv4, or any IPv6 address of the /64), or null when it is no address. */
export function addressBlockKey(input: string): string | null {
  const trimmed = input.trim().replace(/\/64$/, '');
  if (!ipaddr.isValid(trimmed)) return null;
  return clientAddressKey(trimmed);
}

/** Blocks writes from an address (IPv4 or /64) for `durationMs`, audited `address.block`. */
export async function blockAddress(
  ctx: StaffDeps,
  staff: StaffIdentity,
  input: { address: string; durationMs: number; reason: string },
): Promise<AddressBlock> {
  const at = ctx.now();
  const block: AddressBlock = { address: input.address, until: at + input.durationMs, reason: input.reason, staff: staff.username, at };
  await ctx.sql.begin(async (tx) => {
    await recordStaffAction(tx, ctx, staff, { action: 'address.block', target: { type: 'address', id: input.address } });
    await ctx.standings.block(block);
  });
  return block;
}

/** Lifts an address block (audited `address.unblock`); false when there was none. */
export async function unblockAddress(ctx: StaffDeps, staff: StaffIdentity, address: string): Promise<boolean> {
  return ctx.sql.begin(async (tx) => {
    const lifted = await ctx.standings.unblock(address);
    if (lifted) await recordStaffAction(tx, ctx, staff, { action: 'address.unblock', target: { type: 'address', id: address } });
    return lifted;
  });
}
