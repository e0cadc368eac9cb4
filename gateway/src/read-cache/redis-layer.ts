import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { CacheGroup } from './cacheable-reads.ts';
import type { CachedAnswer } from './memory-layer.ts';

/**
 * Generation tokens outlive every entry by far, so an expired token (read as '0' again) can only
 * point at entries that have long expired themselves.
 */
const GENERATION_TTL_MS = 60 * 60_000;
const NO_GENERATION = '0';

/** Where a lookup looked: the Redis key an answer fetched after a miss is stored under. */
export type Slot = string;

/**
 * A lookup in one round trip: reads the two generation tokens (KEYS), makes the entry's key from
 * them and reads the entry. Two round trips before, each a write to Redis's socket that cost the
 * gateway as much CPU as a small answer. The entry's key is made inside the script, so it is not
 * declared in KEYS: fine on one Redis (as deployed), not on a Redis Cluster.
 */
const LOOKUP_SCRIPT = `
local all = redis.call('GET', KEYS[1]) or '${NO_GENERATION}'
local group = redis.call('GET', KEYS[2]) or '${NO_GENERATION}'
local slot = ARGV[1] .. all .. ':' .. group .. ':' .. ARGV[2]
return {slot, redis.call('GET', slot)}`;

const LOOKUP_COMMAND = 'wfmReadCacheLookup';

interface WithLookup {
  wfmReadCacheLookupBuffer(allKey: string, groupKey: string, slotPrefix: string, key: string): unknown;
}

export interface SharedLookup {
  answer: CachedAnswer | undefined;
  slot: Slot;
}

/** What a pipeline's exec resolves to: an [error, reply] pair per command. */
type PipelineReplies = Array<[Error | null, unknown]> | null;

/** A lookup waiting for the next batch. */
interface QueuedLookup {
  key: string;
  group: CacheGroup;
  resolve: (found: SharedLookup) => void;
  reject: (err: unknown) => void;
}

/**
 * The layer shared by every gateway replica. Entry keys embed the current generation token of
 * their group and of the whole cache; invalidating replaces the token, which orphans the old
 * entries at once (they expire on their own). An answer fetched while its group was invalidated
 * is stored under the old token, where nobody looks any more, so it can never outlive the event.
 */
export class RedisLayer {
  private readonly prefix: string;
  private queued: QueuedLookup[] = [];
  /** True from the first lookup of a batch until the last batch's answer: later lookups queue. */
  private sending = false;

  /** `namespace` keeps deployments that share one Redis apart. */
  constructor(
    private readonly redis: Redis,
    namespace: string | undefined,
  ) {
    this.prefix = `wfm:gateway:cache:${namespace ? `${namespace}:` : ''}`;
    redis.defineCommand(LOOKUP_COMMAND, { numberOfKeys: 2, lua: LOOKUP_SCRIPT });
  }

  /** False while Redis is connecting or down: the cache then works from memory and the services. */
  get ready(): boolean {
    return this.redis.status === 'ready';
  }

  /**
   * Looks `key` up. Lookups go out in batches, one pipeline per batch: those asked while a batch
   * is on its way wait for its answer and then go together. Each lookup was a write to Redis's
   * socket of its own, which on a miss cost the gateway more than half of what writing the 40 KB
   * page to the client cost (docs/decisions.md, 2026-11-29); a lookup that waits gives up at most
   * one round trip, and reads generations at least as new as it would have.
   */
  get(key: string, group: CacheGroup): Promise<SharedLookup> {
    return new Promise((resolve, reject) => {
      this.queued.push({ key, group, resolve, reject });
      if (!this.sending) {
        this.sending = true;
        // Lookups asked in this turn of the event loop join the first batch.
        process.nextTick(() => this.sendLookups());
      }
    });
  }

  private sendLookups(): void {
    const batch = this.queued;
    this.queued = [];
    if (batch.length === 0 || !this.ready) {
      this.sending = false;
      for (const lookup of batch) lookup.reject(new Error('Redis is not ready'));
      return;
    }
    let sent: Promise<PipelineReplies>;
    try {
      const pipeline = this.redis.pipeline() as unknown as WithLookup & { exec(): Promise<PipelineReplies> };
      for (const { key, group } of batch) {
        pipeline.wfmReadCacheLookupBuffer(this.generationKey('all'), this.generationKey(group), `${this.prefix}e:`, key);
      }
      sent = pipeline.exec();
    } catch (err) {
      // Runs in a tick of its own: a throw here would end the process, and leave later lookups queued.
      sent = Promise.reject(err);
    }
    sent
      .then(
        (results) => {
          batch.forEach((lookup, i) => {
            const [err, reply] = results?.[i] ?? [new Error('no reply'), null];
            if (err) return lookup.reject(err);
            const [slot, stored] = reply as [Buffer, Buffer | null];
            lookup.resolve({ answer: stored ? decode(stored) : undefined, slot: slot.toString() });
          });
        },
        (err: unknown) => {
          for (const lookup of batch) lookup.reject(err);
        },
      )
      .finally(() => {
        if (this.queued.length > 0) this.sendLookups();
        else this.sending = false;
      });
  }

  async set(slot: Slot, answer: CachedAnswer, now: number): Promise<void> {
    const ttl = answer.expiresAt - now;
    if (ttl > 0) await this.redis.set(slot, encode(answer), 'PX', ttl);
  }

  async invalidate(groups: readonly CacheGroup[] | 'all'): Promise<void> {
    const pipeline = this.redis.pipeline();
    for (const group of groups === 'all' ? ['all' as const] : groups) {
      pipeline.set(this.generationKey(group), randomBytes(6).toString('base64url'), 'PX', GENERATION_TTL_MS);
    }
    const results = await pipeline.exec();
    const failed = results?.find(([err]) => err);
    if (failed) throw failed[0];
  }

  /** The sorted set of this deployment's live replicas (replica-roster.ts). */
  get rosterKey(): string {
    return `${this.prefix}replicas`;
  }

  private generationKey(group: CacheGroup | 'all'): string {
    return `${this.prefix}g:${group}`;
  }
}

interface Meta {
  /** content type */
  t: string;
  /** ETag */
  e: string;
  /** expires at */
  x: number;
  /** length of the gzip bytes at the end; 0 without */
  g: number;
}

/** One line of JSON metadata, then the body bytes as they are, then the gzip bytes. */
function encode(answer: CachedAnswer): Buffer {
  const meta: Meta = { t: answer.contentType, e: answer.etag, x: answer.expiresAt, g: answer.gzip?.length ?? 0 };
  return Buffer.concat([Buffer.from(`${JSON.stringify(meta)}\n`), answer.body, ...(answer.gzip ? [answer.gzip] : [])]);
}

function decode(stored: Buffer): CachedAnswer | undefined {
  const newline = stored.indexOf(0x0a);
  if (newline === -1) return undefined;
  try {
    const meta = JSON.parse(stored.subarray(0, newline).toString()) as Meta;
    const gzipStart = stored.length - meta.g;
    return {
      contentType: meta.t,
      etag: meta.e,
      expiresAt: meta.x,
      body: stored.subarray(newline + 1, gzipStart),
      gzip: meta.g > 0 ? stored.subarray(gzipStart) : undefined,
    };
  } catch {
    return undefined;
  }
}
