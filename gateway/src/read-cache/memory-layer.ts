import type { CacheGroup } from './cacheable-reads.ts';

/** A cached answer: the service's exact bytes and content type, and the ETag computed from them. */
export interface CachedAnswer {
  body: Buffer;
  /**
   * The same bytes gzip-compressed, made the first time a client that accepts gzip asks for a
   * compressible answer (ReadCache.compress); none for small bodies.
   */
  gzip: Buffer | undefined;
  contentType: string;
  etag: string;
  /** Epoch ms after which the entry is no longer served. */
  expiresAt: number;
}

/** Below this, compressing saves less than it costs the client. */
export const COMPRESS_MIN_BYTES = 1024;

/** Whether clients that accept gzip get this answer compressed (its gzip may not be made yet). */
export const isCompressible = (answer: CachedAnswer) => answer.body.length >= COMPRESS_MIN_BYTES;

/** Each encoding of an answer is its own representation, so it has its own strong ETag. */
export const gzipEtag = (etag: string) => `${etag.slice(0, -1)}-gzip"`;

interface Entry extends CachedAnswer {
  group: CacheGroup;
  /** Where the shared layer would keep this answer, until a hit hands it over (see lookup). */
  unpublished: string | undefined;
}

/** An entry found in memory: fresh, or expired less than the stale window ago. */
export interface MemoryHit {
  answer: CachedAnswer;
  stale: boolean;
  /** Set on the first hit of an entry stored with a shared-layer slot: the hit publishes it there. */
  unpublished?: string;
}

/** How often storing an entry first drops the entries whose stale window has ended. */
export const SWEEP_INTERVAL_MS = 5_000;

/**
 * The in-process layer: entries by key, the keys of each group for invalidation, and a byte
 * budget (the oldest entries go first when it is exceeded). An entry past its expiry is kept for
 * `staleMs` more, so it can be served while it is being refreshed; invalidation drops it at once.
 * Entries past their stale window are swept every SWEEP_INTERVAL_MS: most distinct searches are
 * asked once, and without the sweep they stayed until the budget pushed them out, so every
 * replica's heap grew to the whole budget and the collector walked it all.
 */
export class MemoryLayer {
  private readonly entries = new Map<string, Entry>();
  private readonly groups = new Map<CacheGroup, Set<string>>();
  private bytes = 0;
  private nextSweepAt = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly staleMs = 0,
  ) {}

  /** The fresh entry for `key`, if any (it leaves a pending publication to lookup). */
  get(key: string, now: number): CachedAnswer | undefined {
    const entry = this.servable(key, now);
    return entry && entry.expiresAt > now ? entry : undefined;
  }

  /**
   * The entry for `key` when it is fresh or within the stale window. The first hit of an entry
   * stored with a shared-layer slot carries the slot (`unpublished`), once: the caller publishes it.
   */
  lookup(key: string, now: number): MemoryHit | undefined {
    const entry = this.servable(key, now);
    if (entry === undefined) return undefined;
    const hit: MemoryHit = { answer: entry, stale: entry.expiresAt <= now };
    if (entry.unpublished !== undefined) {
      hit.unpublished = entry.unpublished;
      entry.unpublished = undefined;
    }
    return hit;
  }

  /** The entry for `key` unless its stale window has ended (then it is dropped). */
  private servable(key: string, now: number): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined || entry.expiresAt + this.staleMs > now) return entry;
    this.delete(key);
    return undefined;
  }

  /** Bytes the entries hold (roughly: entrySize). */
  get size(): number {
    return this.bytes;
  }

  /** Stores an answer; `unpublished`: the shared-layer slot its first hit publishes it to. */
  set(key: string, group: CacheGroup, answer: CachedAnswer, now = Date.now(), unpublished?: string): void {
    if (now >= this.nextSweepAt) {
      this.sweep(now);
      this.nextSweepAt = now + SWEEP_INTERVAL_MS;
    }
    this.delete(key);
    const size = entrySize(key, answer);
    if (size > this.maxBytes) return;
    this.entries.set(key, { ...answer, group, unpublished });
    let keys = this.groups.get(group);
    if (!keys) this.groups.set(group, (keys = new Set()));
    keys.add(key);
    this.bytes += size;
    this.evictOverBudget();
  }

  /** Drops every entry whose stale window has ended. */
  private sweep(now: number): void {
    for (const [key, entry] of this.entries) {
      if (entry.expiresAt + this.staleMs <= now) this.delete(key);
    }
  }

  private evictOverBudget(): void {
    for (const oldest of this.entries.keys()) {
      if (this.bytes <= this.maxBytes) break;
      this.delete(oldest);
    }
  }

  /**
   * Records the gzip made for an answer after it was stored: on the answer, and on the entry that
   * holds the same bytes (its gzip bytes count against the budget from now on).
   */
  attachGzip(key: string, answer: CachedAnswer, gzip: Buffer): void {
    const entry = this.entries.get(key);
    const uncounted = entry !== undefined && entry.body === answer.body && entry.gzip === undefined;
    answer.gzip = gzip;
    if (!uncounted) return;
    entry.gzip = gzip;
    this.bytes += gzip.length;
    this.evictOverBudget();
  }

  invalidate(group: CacheGroup): void {
    const keys = this.groups.get(group);
    if (!keys) return;
    for (const key of keys) this.delete(key);
  }

  clear(): void {
    this.entries.clear();
    this.groups.clear();
    this.bytes = 0;
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entrySize(key, entry);
    const keys = this.groups.get(entry.group);
    keys?.delete(key);
    if (keys?.size === 0) this.groups.delete(entry.group);
  }
}

/** Roughly what an entry holds in memory. */
function entrySize(key: string, answer: CachedAnswer): number {
  return answer.body.length + (answer.gzip?.length ?? 0) + key.length * 2 + answer.contentType.length * 2 + answer.etag.length * 2 + 64;
}
