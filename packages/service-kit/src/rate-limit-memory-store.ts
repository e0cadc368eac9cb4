import { createRequire } from 'node:module';
import type { FastifyRateLimitStore } from '@fastify/rate-limit';

type Result = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Result) => void;
interface LibraryLocalStore {
  incr(key: string, cb: Callback, timeWindow: number, max: number): void;
  read(key: string, cb: Callback, timeWindow: number, max?: number): void;
}
type LocalStoreCtor = new (continueExceeding: boolean, exponentialBackoff: boolean, cache?: number) => LibraryLocalStore;

// The library's own in-memory store (counters in an LRU map), which the package does not export by name.
const LocalStore = createRequire(import.meta.url)('@fastify/rate-limit/store/LocalStore.js') as LocalStoreCtor;

/** Counters one in-memory limit keeps; beyond, the least recently used are forgotten. */
export const MEMORY_KEYS_PER_LIMIT = 50_000;

interface StoreOptions {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  cache?: number;
}

/**
 * @fastify/rate-limit's in-memory store, counting parallel requests exactly.
 *
 * The library's LocalStore answers each increment with its live counter object, and the plugin reads
 * the count only after an await: by then every request of a parallel burst has incremented the same
 * object, so all of them see the burst's total. 300 requests arriving together against a limit of
 * 299 were all refused, not just the last one. This store hands each request a snapshot of the
 * count at its own increment, so exactly `max` requests of a burst pass (as with the Redis store,
 * whose INCR answers a number).
 */
export class ExactMemoryStore implements FastifyRateLimitStore {
  private readonly inner: LibraryLocalStore;

  constructor(options: StoreOptions = {}) {
    this.inner = new LocalStore(
      options.continueExceeding ?? false,
      options.exponentialBackoff ?? false,
      options.cache ?? MEMORY_KEYS_PER_LIMIT,
    );
  }

  incr(key: string, cb: Callback, timeWindow: number, max: number): void {
    this.inner.incr(key, (err, res) => cb(err, res && { current: res.current, ttl: res.ttl }), timeWindow, max);
  }

  read(key: string, cb: Callback, timeWindow: number, max?: number): void {
    this.inner.read(key, (err, res) => cb(err, res && { current: res.current, ttl: res.ttl }), timeWindow, max);
  }

  child(routeOptions: object): FastifyRateLimitStore {
    return new ExactMemoryStore(routeOptions as StoreOptions);
  }
}
