import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/** How often a replica renews its place in the roster (and learns how many others are alive). */
export const ROSTER_HEARTBEAT_MS = 2_000;
/** A replica that has not renewed its place for this long counts as gone. */
const LIFETIME_BEATS = 3;

/**
 * One round trip per beat: renews this replica's place, drops the places not renewed within the
 * lifetime, and counts the rest. Times come from Redis's clock, so replicas whose clocks disagree
 * never drop each other.
 */
const BEAT_SCRIPT = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local lifetime = tonumber(ARGV[2])
redis.call('ZADD', KEYS[1], now, ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - lifetime)
redis.call('PEXPIRE', KEYS[1], lifetime * 2)
return redis.call('ZCARD', KEYS[1])`;

const BEAT_COMMAND = 'wfmReadCacheRosterBeat';

interface WithBeat {
  wfmReadCacheRosterBeat(key: string, member: string, lifetimeMs: number): Promise<number>;
}

/**
 * The gateway replicas of one deployment that are alive, as a sorted set in Redis every replica
 * renews its place in. The shared layer only pays when another replica may have fetched what this
 * one misses: a lone replica's lookups never find anything, and on a miss they were 7 % of the
 * gateway's CPU in the soak. So while the roster says this replica is alone, misses skip the
 * shared layer (docs/decisions.md). Until the first beat answers, or when Redis fails, the roster
 * knows nothing and the layer is used as before.
 */
export class ReplicaRoster {
  private readonly member = randomUUID();
  private timer: NodeJS.Timeout | undefined;
  private count: number | undefined;

  constructor(
    private readonly redis: Redis,
    private readonly key: string,
    private readonly opts: { heartbeatMs: number; log: FastifyBaseLogger },
  ) {
    redis.defineCommand(BEAT_COMMAND, { numberOfKeys: 1, lua: BEAT_SCRIPT });
  }

  /** Replicas alive, this one included; undefined until a beat answered, or after one failed. */
  get replicas(): number | undefined {
    return this.count;
  }

  /** True only when the last beat found no other replica. */
  get alone(): boolean {
    return this.count === 1;
  }

  start(): void {
    if (this.timer) return;
    void this.beat();
    this.timer = setInterval(() => void this.beat(), this.opts.heartbeatMs);
    this.timer.unref();
  }

  /** Leaves the roster, so the others learn at their next beat that this replica is gone. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    this.count = undefined;
    if (this.redis.status !== 'ready') return;
    await this.redis.zrem(this.key, this.member).catch(() => {});
  }

  private async beat(): Promise<void> {
    if (this.redis.status !== 'ready') {
      this.count = undefined;
      return;
    }
    try {
      const count = await (this.redis as unknown as WithBeat).wfmReadCacheRosterBeat(this.key, this.member, this.opts.heartbeatMs * LIFETIME_BEATS);
      // A beat that answers after stop() must not bring the count back.
      if (this.timer) this.count = Number(count);
    } catch (err) {
      this.count = undefined;
      this.opts.log.warn({ err }, 'read cache: the replica roster beat failed; the shared layer is used as if other replicas were alive');
    }
  }
}
