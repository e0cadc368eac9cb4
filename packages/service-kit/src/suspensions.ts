import { createHmac, randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import ipaddr from 'ipaddr.js';
import type { ServiceContext } from './context.ts';
import type { Db } from './db.ts';
import { recordStaffAction, type StaffAction } from './staff-actions.ts';
import type { StaffIdentity } from './staff-signature.ts';
import { clientAddressKey } from './client-address.ts';
import { SUSPENSION_MESSAGES } from '@wfm/contracts/identity';
import { forbidden, notFound } from './errors.ts';
import { verifyVisitorToken } from './visitor.ts';
import type { StandingsSource } from './suspensions-source.ts';

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
 * Kept for good in identity's PostgreSQL (suspensions-source.ts: identity's tables, or identity
 * over HTTP). Each replica holds the decisions in force in memory (a few hundred rows) and checks a
 * write against that copy. It reloads the copy when the change marker in the shared Redis differs
 * from the one it loaded with (every decision writes a new marker, so a decision reaches every
 * replica on its next write), when the marker is gone (Redis flushed, down, or no REDIS_URL: then
 * every STANDING_REFRESH_MS), and at least every STANDING_TRUST_MS. A replica that cannot reload
 * keeps enforcing the copy it has; one that never loaded (started while identity was down) lets
 * writes through with a warning (fail open, docs/decisions.md).
 */

/** Redis key base of the change marker; RATE_LIMIT_NAMESPACE (if set) is inserted after it, as for the rate limits. */
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

/**
 * Without Redis the change marker is kept per process, shared by every service app of the process
 * (`npm start` runs all six in one), one per key base (namespace).
 */
const processMarkers = new Map<string, string>();

/** How long a replica without a change marker (Redis flushed, down, absent) trusts its copy. */
export const STANDING_REFRESH_MS = 5_000;
/** How long a replica trusts its copy even when the marker did not change (a marker write that failed). */
export const STANDING_TRUST_MS = 60_000;

export interface Standings {
  suspend(s: Suspension, staff: StaffIdentity): Promise<void>;
  lift(service: string, visitor: string, staff: StaffIdentity): Promise<boolean>;
  /** The suspensions in force, as identity's PostgreSQL has them now. */
  suspensions(): Promise<Suspension[]>;
  block(b: AddressBlock, staff: StaffIdentity): Promise<void>;
  unblock(address: string, staff: StaffIdentity): Promise<boolean>;
  /** The address blocks in force, as identity's PostgreSQL has them now. */
  blocks(): Promise<AddressBlock[]>;
  /** The suspension that covers `token` now, if any (null also when no copy could be loaded). */
  suspensionOf(token: unknown): Promise<Suspension | null>;
  /** The block that covers `ip` now, if any (null also when no copy could be loaded). */
  blockOf(ip: string): Promise<AddressBlock | null>;
  /** Throws the 403 a write from this token/address gets, or returns. */
  checkWrite(token: unknown, ip: string): Promise<void>;
}

interface Copy {
  marker: string | null;
  loadedAt: number;
  /** Dropped by this replica's own decision: reload on the next check (kept while a reload fails). */
  stale: boolean;
  suspensions: Map<string, Suspension>;
  services: string[];
  blocks: Map<string, AddressBlock>;
}

export function createStandings(opts: {
  source: StandingsSource;
  redis: Redis | undefined;
  secret: string;
  now: () => number;
  /** RATE_LIMIT_NAMESPACE: separates test runs (and deployments) sharing one Redis. */
  namespace?: string | undefined;
  /** Called when Redis or identity fails during a write check (the check then uses what it has). */
  onStoreError?: (err: unknown) => void;
  /** Called when a write goes ahead unchecked: no copy of the decisions was ever loaded (fail open). */
  onUnchecked?: (err: unknown) => void;
}): Standings {
  const { now, secret, source, redis } = opts;
  const base = opts.namespace ? `${STANDINGS_REDIS_BASE}${opts.namespace}:` : STANDINGS_REDIS_BASE;
  const markerKey = `${base}marker`;
  const readMarker = async (): Promise<string | null> => (redis ? redis.get(markerKey) : (processMarkers.get(base) ?? null));
  const writeMarker = async () => {
    const marker = randomUUID();
    if (redis) await redis.set(markerKey, marker);
    else processMarkers.set(base, marker);
  };
  const serviceKeys = new Map<string, Buffer>();
  const serviceKey = (service: string) => {
    let key = serviceKeys.get(service);
    if (!key) {
      key = createHmac('sha256', secret).update(`visitor-hash:${service}`).digest();
      serviceKeys.set(service, key);
    }
    return key;
  };
  const sKey = (service: string, visitor: string) => `${service}:${visitor}`;
  // A decision also carries its end, so an expired one never counts (the service clock decides).
  const stillOn = (until: number | null) => until === null || until > now();

  let copy: Copy | undefined;
  let loading: Promise<Copy | undefined> | undefined;
  let retryAt = 0;
  let lastError: unknown;

  const reload = async (marker: string | null): Promise<Copy | undefined> => {
    try {
      const { suspensions, blocks } = await source.load(now());
      copy = {
        marker,
        loadedAt: now(),
        stale: false,
        suspensions: new Map(suspensions.map((s) => [sKey(s.service, s.visitor), s])),
        services: [...new Set(suspensions.map((s) => s.service))],
        blocks: new Map(blocks.map((b) => [b.address, b])),
      };
    } catch (err) {
      // Identity away: keep enforcing what this replica knew; try again after STANDING_REFRESH_MS.
      lastError = err;
      retryAt = now() + STANDING_REFRESH_MS;
      opts.onStoreError?.(err);
    }
    return copy;
  };

  /** This replica's copy of the decisions in force, reloaded when it may be out of date. */
  const current = async (): Promise<Copy | undefined> => {
    let marker: string | null = null;
    try {
      marker = await readMarker();
    } catch (err) {
      opts.onStoreError?.(err);
    }
    const t = now();
    if (copy && !copy.stale && copy.loadedAt + STANDING_TRUST_MS > t) {
      if (marker !== null ? marker === copy.marker : copy.loadedAt + STANDING_REFRESH_MS > t) return copy;
    }
    if (t < retryAt) return copy;
    loading ??= reload(marker).finally(() => {
      loading = undefined;
    });
    return loading;
  };

  const decided = async () => {
    if (copy) copy.stale = true;
    retryAt = 0;
    // The decision is kept; a marker that fails to change only delays other replicas (STANDING_TRUST_MS).
    await writeMarker().catch((err: unknown) => opts.onStoreError?.(err));
  };

  const suspensionIn = (c: Copy, token: unknown): Suspension | null => {
    const id = verifyVisitorToken(secret, token);
    if (id === null) return null;
    for (const name of c.services) {
      const s = c.suspensions.get(sKey(name, createHmac('sha256', serviceKey(name)).update(id).digest('base64url')));
      if (s && stillOn(s.until)) return s;
    }
    return null;
  };
  const blockIn = (c: Copy, ip: string): AddressBlock | null => {
    const b = c.blocks.get(clientAddressKey(ip));
    return b && stillOn(b.until) ? b : null;
  };

  return {
    async suspend(s, staff) {
      await source.suspend(s, staff);
      await decided();
    },
    async lift(service, visitor, staff) {
      const lifted = await source.lift(service, visitor, staff);
      await decided();
      return lifted;
    },
    suspensions: async () => (await source.load(now())).suspensions,
    async block(b, staff) {
      await source.block(b, staff);
      await decided();
    },
    async unblock(address, staff) {
      const lifted = await source.unblock(address, staff);
      await decided();
      return lifted;
    },
    blocks: async () => (await source.load(now())).blocks,
    async suspensionOf(token) {
      const c = await current();
      return c ? suspensionIn(c, token) : null;
    },
    async blockOf(ip) {
      const c = await current();
      return c ? blockIn(c, ip) : null;
    },
    async checkWrite(token, ip) {
      const c = await current();
      if (!c) {
        // Neither Redis nor identity gave this replica the decisions since it started: moderation
        // must not stop every write of the site; the rate limits and the pressure gate still hold a flood.
        opts.onUnchecked?.(lastError);
        return;
      }
      const suspension = suspensionIn(c, token);
      if (suspension) throw forbidden(suspensionMessage(suspension));
      const block = blockIn(c, ip);
      if (block) throw forbidden(addressBlockMessage(block));
    },
  };
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
  await ctx.standings.suspend(suspension, staff);
  return suspension;
}

/**
 * "Suspend the author of this content" for any service: `authorHash` is the service's keyed hash of
 * the author's token as it stored it with the content (null: unknown, or written without a token:
 * 404 `SUSPENSION_MESSAGES.authorNotFound`). Audited as `visitor.suspend` on the content.
 */
export async function suspendAuthor(
  ctx: StaffDeps & Pick<ServiceContext, 'name'>,
  staff: StaffIdentity,
  target: StaffAction['target'],
  authorHash: Buffer | null,
  body: { duration_ms: number | null; reason: string },
): Promise<Suspension> {
  if (!authorHash) throw notFound(SUSPENSION_MESSAGES.authorNotFound);
  return suspendVisitor(ctx, staff, {
    service: ctx.name,
    visitor: authorHash.toString('base64url'),
    durationMs: body.duration_ms,
    reason: body.reason,
    target,
  });
}

/** Lifts a suspension (audited `visitor.unsuspend`); false when there was none. */
export async function liftSuspension(ctx: StaffDeps, staff: StaffIdentity, ref: { service: string; visitor: string }): Promise<boolean> {
  return ctx.sql.begin(async (tx) => {
    const lifted = await ctx.standings.lift(ref.service, ref.visitor, staff);
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
    await ctx.standings.block(block, staff);
  });
  return block;
}

/** Lifts an address block (audited `address.unblock`); false when there was none. */
export async function unblockAddress(ctx: StaffDeps, staff: StaffIdentity, address: string): Promise<boolean> {
  return ctx.sql.begin(async (tx) => {
    const lifted = await ctx.standings.unblock(address, staff);
    if (lifted) await recordStaffAction(tx, ctx, staff, { action: 'address.unblock', target: { type: 'address', id: address } });
    return lifted;
  });
}
