import { promisify } from 'node:util';
import { crc32, gzip as gzipCallback, gzipSync } from 'node:zlib';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { CacheableRead, CacheGroup } from './cacheable-reads.ts';
import { MemoryLayer, isCompressible, type CachedAnswer, type MemoryHit } from './memory-layer.ts';
import { RedisLayer, type Slot } from './redis-layer.ts';
import { ReplicaRoster, ROSTER_HEARTBEAT_MS } from './replica-roster.ts';

/** What the service answered to a cacheable read. */
export interface UpstreamAnswer {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** The answer to a read: from a cache layer, or the service's own (cached when it could be). */
export type ReadAnswer =
  | { source: 'memory' | 'redis' | 'service'; cached: CachedAnswer }
  | { source: 'service'; uncached: UpstreamAnswer };

export interface ReadCacheOptions {
  /** How long an entry is served when no event invalidates it first (unless its route sets its own). */
  ttlMs: number;
  /**
   * How long after its TTL an entry may still be served while one request refreshes it in the
   * background (default: the TTL). Events drop entries at once, stale or not.
   */
  staleMs?: number;
  /** Memory budget of this replica's layer. */
  maxBytes: number;
  /** The shared layer; unset: memory only. */
  redis?: Redis;
  /** Prefix of this deployment's keys in a Redis that several deployments share. */
  namespace?: string;
  /** How often this replica renews its place in the roster of replicas (default ROSTER_HEARTBEAT_MS). */
  replicaHeartbeatMs?: number;
  log: FastifyBaseLogger;
}

/** Groups waiting for the next shared-layer invalidation, and the promise of that invalidation. */
interface SharedInvalidation {
  groups: Set<CacheGroup> | 'all';
  done: Promise<void>;
}

interface Fill {
  group: CacheGroup;
  /** Set when the fill's group was invalidated while it ran: its answer is returned, not stored. */
  voided: boolean;
}

/** Only complete JSON (or gateway-rendered HTML and feeds) answers that the service did not mark private are shared between visitors. */
function isShareable(answer: UpstreamAnswer): boolean {
  if (answer.statusCode !== 200 || answer.headers['set-cookie'] !== undefined) return false;
  const contentType = answer.headers['content-type'];
  // JSON reads, and the gateway's own server-rendered pages, sitemap and RSS feed (html-pages.ts).
  if (typeof contentType !== 'string' || !/^(application\/json|text\/html|application\/xml|application\/rss\+xml)/i.test(contentType)) return false;
  const cacheControl = String(answer.headers['cache-control'] ?? '').toLowerCase();
  return !/\b(private|no-store)\b/.test(cacheControl);
}

const gzip = promisify(gzipCallback);
/**
 * Answers up to this size are compressed on the event loop, as nginx does: through the thread pool a
 * 50 KB feed page cost 830 µs of CPU against 570 µs inline (the stream, the hand-over and back), and
 * 40 % of the soak's requests made one. The largest inline (a 110 KB home page) holds the loop for
 * about 1.5 ms; larger answers still go to the thread pool.
 */
export const INLINE_GZIP_MAX_BYTES = 128 * 1024;
const REDIS_INVALIDATION_TIMEOUT_MS = 250;

/**
 * The strong ETag of a body: its length and CRC-32, in base 36. A SHA-1 over a 40 KB page cost
 * 60 µs, a fifth of the gateway's CPU on a miss; CRC-32 costs a fifth of that. The ETag only has to
 * tell versions of one URL apart: two versions of the same length share a CRC once in 2^32
 * changes, and then a browser keeps the older one until the next change (docs/decisions.md).
 */
export const etagOf = (body: Buffer) => `"${body.length.toString(36)}-${crc32(body).toString(36)}"`;

/**
 * The gateway's read cache: memory in front of Redis (when given) in front of the service.
 * Concurrent misses for one key share one service call (single flight); invalidation drops the
 * group's entries everywhere and voids fills that were running, so nothing fetched before an event
 * is stored after it.
 */
export class ReadCache {
  private readonly memory: MemoryLayer;
  private readonly shared: RedisLayer | undefined;
  private readonly roster: ReplicaRoster | undefined;
  private readonly fills = new Map<string, { fill: Fill; answer: Promise<ReadAnswer> }>();
  /** Compressions running, one per answer, shared by the requests that wait for it. */
  private readonly compressions = new WeakMap<CachedAnswer, Promise<Buffer>>();
  private nextShared: SharedInvalidation | undefined;

  constructor(private readonly opts: ReadCacheOptions) {
    this.memory = new MemoryLayer(opts.maxBytes, opts.staleMs ?? opts.ttlMs);
    if (opts.redis) {
      this.shared = new RedisLayer(opts.redis, opts.namespace);
      const heartbeatMs = opts.replicaHeartbeatMs ?? ROSTER_HEARTBEAT_MS;
      this.roster = new ReplicaRoster(opts.redis, this.shared.rosterKey, { heartbeatMs, log: opts.log });
    }
  }

  /**
   * Joins the roster of this deployment's replicas (with Redis). Until then, and while the roster
   * knows nothing, misses look in the shared layer; once it says this replica is alone, they skip it.
   */
  joinReplicas(): void {
    this.roster?.start();
  }

  /** Leaves the roster (the gateway is closing). */
  async leaveReplicas(): Promise<void> {
    await this.roster?.stop();
  }

  /** The replicas the roster last counted, this one included (undefined: not known). */
  get replicas(): number | undefined {
    return this.roster?.replicas;
  }

  /**
   * The in-memory answer for `key`, fresh or stale, synchronously (the hot path). The first hit of
   * an answer this replica fetched publishes it to the shared layer, in the background.
   */
  peek(key: string): MemoryHit | undefined {
    const now = Date.now();
    const hit = this.memory.lookup(key, now);
    if (hit?.unpublished !== undefined) this.publish(hit.unpublished, hit.answer, now);
    return hit;
  }

  private publish(slot: Slot, answer: CachedAnswer, now: number): void {
    if (!this.shared?.ready) return;
    this.shared.set(slot, answer, now).catch((err: unknown) => {
      this.opts.log.warn({ err }, 'read cache: Redis store failed');
    });
  }

  /**
   * Refreshes a stale entry in the background (one fill per key, as for misses), so the requests
   * that keep arriving meanwhile are answered from memory instead of all waiting for the service.
   */
  refresh(read: CacheableRead, fetchFromService: () => Promise<UpstreamAnswer>): void {
    this.load(read, fetchFromService).catch((err: unknown) => {
      this.opts.log.warn({ err, key: read.key }, 'read cache: refreshing a stale entry failed; it is served until its stale window ends');
    });
  }

  /**
   * Answers a read that missed memory: joins a running fill, takes what a fill stored since the
   * caller looked (a miss waits in the rate limit between its peek and this call, and the fill it
   * would have joined may end meanwhile), or starts a fill.
   */
  load(read: CacheableRead, fetchFromService: () => Promise<UpstreamAnswer>): Promise<ReadAnswer> {
    const running = this.fills.get(read.key);
    if (running) return running.answer;
    const stored = this.memory.get(read.key, Date.now());
    if (stored) return Promise.resolve({ source: 'memory', cached: stored });
    const fill: Fill = { group: read.group, voided: false };
    const answer = this.fill(read, fill, fetchFromService).finally(() => {
      if (this.fills.get(read.key)?.fill === fill) this.fills.delete(read.key);
    });
    this.fills.set(read.key, { fill, answer });
    return answer;
  }

  private async fill(read: CacheableRead, fill: Fill, fetchFromService: () => Promise<UpstreamAnswer>): Promise<ReadAnswer> {
    let slot: Slot | undefined;
    // A lone replica's lookups find nothing, and its answers fetched without one are never
    // published (they have no slot): nobody else would read them.
    if (this.shared?.ready && read.shared !== false && !this.roster?.alone) {
      try {
        const found = await this.shared.get(read.key, read.group);
        slot = found.slot;
        if (found.answer && found.answer.expiresAt > Date.now()) {
          if (!fill.voided) this.memory.set(read.key, read.group, found.answer);
          return { source: 'redis', cached: found.answer };
        }
      } catch (err) {
        this.opts.log.warn({ err }, 'read cache: Redis lookup failed, asking the service');
      }
    }

    const answer = await fetchFromService();
    if (!isShareable(answer)) return { source: 'service', uncached: answer };
    const now = Date.now();
    const cached: CachedAnswer = {
      body: answer.body,
      // Made when a client that accepts gzip first asks (compress): most distinct searches are
      // asked once, by clients that may not want it, and compressing each cost more than the proxying.
      gzip: undefined,
      contentType: answer.headers['content-type'] as string,
      etag: etagOf(answer.body),
      expiresAt: now + (read.ttlMs ?? this.opts.ttlMs),
    };
    // Shared once asked again: the first hit in this replica's memory publishes the answer to Redis
    // (peek). Most distinct reads that miss (a search, a page of an unusual size) are asked once, and
    // storing each in Redis cost more than fetching it: the copy, 40 KB written to Redis, Redis's CPU.
    if (!fill.voided) this.memory.set(read.key, read.group, cached, now, slot);
    return { source: 'service', cached };
  }

  /**
   * The gzip bytes of a compressible answer under `key` when they are made or can be made now, on
   * the event loop (INLINE_GZIP_MAX_BYTES); undefined: compress() makes them in the thread pool.
   * Kept on the answer (and its memory entry) for every later client that accepts gzip.
   */
  gzipNow(key: string, answer: CachedAnswer): Buffer | undefined {
    if (answer.gzip !== undefined) return answer.gzip;
    if (!isCompressible(answer) || answer.body.length > INLINE_GZIP_MAX_BYTES) return undefined;
    const bytes = gzipSync(answer.body);
    this.memory.attachGzip(key, answer, bytes);
    return bytes;
  }

  /** The gzip bytes of a compressible answer under `key`: made once (gzipNow, or in the thread pool). */
  compress(key: string, answer: CachedAnswer): Promise<Buffer> {
    if (!isCompressible(answer)) return Promise.reject(new Error('answer too small to compress'));
    try {
      const now = this.gzipNow(key, answer);
      if (now !== undefined) return Promise.resolve(now);
    } catch (err) {
      return Promise.reject(err as Error);
    }
    let running = this.compressions.get(answer);
    if (running === undefined) {
      running = gzip(answer.body).then((bytes) => {
        this.memory.attachGzip(key, answer, bytes);
        return bytes;
      });
      this.compressions.set(answer, running);
    }
    return running;
  }

  /**
   * Drops the groups' entries from memory, voids running fills of those groups and, with Redis,
   * moves the shared layer to new generations. Resolves once all of that is done, so realtime
   * messages sent afterwards never prompt a refetch that meets the old answer.
   */
  async invalidate(groups: readonly CacheGroup[] | 'all'): Promise<void> {
    this.invalidateMemory(groups);
    if (!this.shared?.ready) return;
    await this.invalidateShared(this.shared, groups);
  }

  /**
   * Events come in bursts (NATS hands over what one socket read brought; a booking rush sends
   * hundreds a second): the groups asked for within one turn of the event loop go to Redis in one
   * pipeline, and each caller resumes once the pipeline that holds its groups has run. One round
   * trip per event cost the gateway a tenth of its CPU in a booking rush.
   */
  private invalidateShared(shared: RedisLayer, groups: readonly CacheGroup[] | 'all'): Promise<void> {
    const next = this.nextShared;
    if (next) {
      if (groups === 'all') next.groups = 'all';
      else if (next.groups !== 'all') for (const group of groups) next.groups.add(group);
      return next.done;
    }
    const batch: SharedInvalidation = { groups: groups === 'all' ? 'all' : new Set(groups), done: Promise.resolve() };
    batch.done = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      this.nextShared = undefined;
      return this.runSharedInvalidation(shared, batch.groups === 'all' ? 'all' : [...batch.groups]);
    });
    this.nextShared = batch;
    return batch.done;
  }

  private async runSharedInvalidation(shared: RedisLayer, groups: readonly CacheGroup[] | 'all'): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    // Realtime messages wait for this; a sick Redis must not hold them back for long.
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${REDIS_INVALIDATION_TIMEOUT_MS} ms`)), REDIS_INVALIDATION_TIMEOUT_MS);
    });
    await Promise.race([shared.invalidate(groups), timeout])
      .catch((err: unknown) => {
        this.opts.log.warn({ err }, 'read cache: Redis invalidation failed; shared entries expire with their TTL');
      })
      .finally(() => clearTimeout(timer));
    // Fills that started while Redis still had the old generation may have read the old answer.
    this.invalidateMemory(groups);
  }

  private invalidateMemory(groups: readonly CacheGroup[] | 'all'): void {
    if (groups === 'all') this.memory.clear();
    else for (const group of groups) this.memory.invalidate(group);
    for (const [key, { fill }] of this.fills) {
      if (groups === 'all' || groups.includes(fill.group)) {
        fill.voided = true;
        // Later requests start a fresh fill instead of joining one that may hold the old answer.
        this.fills.delete(key);
      }
    }
  }
}
