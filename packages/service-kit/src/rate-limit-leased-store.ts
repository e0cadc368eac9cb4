import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { MEMORY_KEYS_PER_LIMIT } from './rate-limit-memory-store.ts';

type Result = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Result) => void;

/**
 * The share of a limit one replica takes from Redis at a time. Limits below 1 / LEASE_SHARE (100
 * calls per window) take one count per call, exactly as @fastify/rate-limit's Redis store does.
 */
export const LEASE_SHARE = 0.01;

/** How many counts one Redis call takes for a limit of `max`. */
export const leaseSize = (max: number): number => Math.max(1, Math.floor(max * LEASE_SHARE));

/** Adds `size` to the key's counter, starting its window when the key is new; answers the new count and the window's time left. */
const LEASE_SCRIPT = `
local current = redis.call('INCRBY', KEYS[1], ARGV[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  ttl = tonumber(ARGV[2])
end
return {current, ttl}`;

const READ_SCRIPT = `
local current = redis.call('GET', KEYS[1])
if not current then return {0, 0} end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then ttl = 0 end
return {tonumber(current), ttl}`;

interface LeaseCommands {
  wfmRateLimitLease(key: string, size: number, windowMs: number, cb: (error: Error | null, result?: [number, number]) => void): void;
  wfmRateLimitRead(key: string, cb: (error: Error | null, result?: [number, number]) => void): void;
}

/** Counts of one key this replica has taken from Redis and not yet handed out. */
interface Lease {
  next: number;
  last: number;
  expiresAt: number;
}

/**
 * A Redis rate-limit store that takes counts in blocks. Every replica shares one counter per key in
 * Redis, as with @fastify/rate-limit's Redis store, but a replica adds leaseSize(max) to it at a time
 * and hands those numbers out to its own requests from memory: one Redis round trip per hundred
 * calls of a busy address instead of one per call (the gateway's /api limit cost 12 % of its CPU on
 * every uncached read).
 *
 * Within one replica the count stays exact: its requests take consecutive numbers, so a parallel
 * burst lets exactly `max` through. Across replicas a replica's unused counts still count for the
 * others, so an address may be refused up to (replicas - 1) x leaseSize(max) calls early, 1 % of the
 * limit per replica: these limits are safety nets sized far above what one address's people do.
 * Small limits (below 100 per window) take one count per call and are exact across replicas.
 */
export class LeasedRedisStore implements FastifyRateLimitStore {
  private readonly leases = new Map<string, Lease>();
  /** Calls waiting for a key's lease, in arrival order; present while a lease call is in flight. */
  private readonly waiting = new Map<string, Callback[]>();

  /** The store class for @fastify/rate-limit's `store` option, counting in `redis` under `prefix`. */
  static using(redis: Redis, prefix: string): new () => LeasedRedisStore {
    return class extends LeasedRedisStore {
      constructor() {
        super(redis, prefix);
      }
    };
  }

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {
    if (!('wfmRateLimitLease' in redis)) {
      redis.defineCommand('wfmRateLimitLease', { numberOfKeys: 1, lua: LEASE_SCRIPT });
      redis.defineCommand('wfmRateLimitRead', { numberOfKeys: 1, lua: READ_SCRIPT });
    }
  }

  private get commands(): LeaseCommands {
    return this.redis as unknown as LeaseCommands;
  }

  incr(key: string, cb: Callback, timeWindow: number, max: number): void {
    const size = leaseSize(max);
    if (size === 1) {
      this.take(key, 1, timeWindow, (error, lease) => (error ? cb(error) : cb(null, { current: lease!.last, ttl: lease!.expiresAt - Date.now() })));
      return;
    }
    const now = Date.now();
    const lease = this.leases.get(key);
    if (lease && lease.expiresAt > now && lease.next <= lease.last) {
      cb(null, { current: lease.next++, ttl: lease.expiresAt - now });
      return;
    }
    const queue = this.waiting.get(key);
    if (queue) {
      queue.push(cb);
      return;
    }
    this.waiting.set(key, [cb]);
    this.lease(key, size, timeWindow);
  }

  /** Takes a block for the key's waiting calls (at least `size`, more when more are waiting) and serves them in order. */
  private lease(key: string, size: number, timeWindow: number): void {
    const waitingNow = this.waiting.get(key)?.length ?? 0;
    this.take(key, Math.max(size, waitingNow), timeWindow, (error, lease) => {
      const queue = this.waiting.get(key) ?? [];
      this.waiting.delete(key);
      if (error) {
        for (const cb of queue) cb(error);
        return;
      }
      this.remember(key, lease!);
      const now = Date.now();
      while (queue.length > 0 && lease!.next <= lease!.last) queue.shift()!(null, { current: lease!.next++, ttl: lease!.expiresAt - now });
      if (queue.length > 0) {
        this.waiting.set(key, queue);
        this.lease(key, size, timeWindow);
      }
    });
  }

  private take(key: string, size: number, timeWindow: number, done: (error: Error | null, lease?: Lease) => void): void {
    this.commands.wfmRateLimitLease(this.prefix + key, size, timeWindow, (error, result) => {
      if (error || !result) return done(error ?? new Error('rate-limit lease answered nothing'));
      const [current, ttl] = result;
      done(null, { next: current - size + 1, last: current, expiresAt: Date.now() + ttl });
    });
  }

  /** Keeps the lease, forgetting the longest-held one beyond MEMORY_KEYS_PER_LIMIT keys. */
  private remember(key: string, lease: Lease): void {
    this.leases.delete(key);
    this.leases.set(key, lease);
    if (this.leases.size > MEMORY_KEYS_PER_LIMIT) this.leases.delete(this.leases.keys().next().value!);
  }

  /** The shared count (what every replica has taken), without counting a call. */
  read(key: string, cb: Callback): void {
    this.commands.wfmRateLimitRead(this.prefix + key, (error, result) =>
      error || !result ? cb(error ?? new Error('rate-limit read answered nothing')) : cb(null, { current: result[0], ttl: result[1] }),
    );
  }

  /**
   * A route's own limiter counts apart from the others, as @fastify/rate-limit's Redis store does.
   * The plugin passes the merged limit options with the route in `routeInfo` (its type says otherwise).
   */
  child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
    const route = (routeOptions as unknown as { routeInfo?: { method?: string; url?: string } }).routeInfo ?? {};
    return new LeasedRedisStore(this.redis, `${this.prefix}${route.method}${route.url}-`);
  }
}
