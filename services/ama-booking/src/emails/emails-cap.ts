import { createHash } from 'node:crypto';
import { redisCounterPrefix, type RateLimitSettings, type ServiceContext } from '@wfm/service-kit';

const DAY = 86_400_000;
/** Counters the in-memory cap keeps; beyond, the oldest are forgotten. */
const MEMORY_KEYS = 50_000;

/**
 * At most `perDay` booking mails a day to one recipient address (its normalised key, so +tags and
 * Gmail dots share one count). Days are UTC days of the service clock. Counted in Redis (INCR, so
 * replicas and parallel requests share one exact count); without Redis, or while Redis fails, in
 * this process. A mail counted in a transaction that then rolls back still counts (errs towards
 * fewer mails).
 */
export interface MailCap {
  readonly perDay: number;
  /** Counts one mail to `addressKey`; answers false when the address already had its day's mails. */
  take(addressKey: string, now: number): Promise<boolean>;
}

export function createMailCap(opts: {
  perDay: number;
  redis: ServiceContext['redis'];
  settings: RateLimitSettings;
  log: { warn(obj: object, msg: string): void };
}): MailCap {
  const prefix = redisCounterPrefix('ama:mail-cap:', opts.settings);
  const memory = new Map<string, number>();
  const inMemory = (key: string) => {
    const count = (memory.get(key) ?? 0) + 1;
    memory.delete(key);
    memory.set(key, count);
    if (memory.size > MEMORY_KEYS) memory.delete(memory.keys().next().value!);
    return count;
  };
  return {
    perDay: opts.perDay,
    async take(addressKey, now) {
      const day = Math.floor(now / DAY);
      const key = `${prefix}${day}:${createHash('sha256').update(addressKey).digest('hex')}`;
      let count: number;
      if (opts.redis) {
        try {
          const result = await opts.redis.multi().incr(key).pexpire(key, 2 * DAY).exec();
          count = Number(result?.[0]?.[1]);
          if (!Number.isFinite(count)) throw new Error('no INCR answer');
        } catch (err) {
          opts.log.warn({ err: (err as Error).message }, 'mail cap: Redis failed, counting in this process');
          count = inMemory(key);
        }
      } else count = inMemory(key);
      return count <= opts.perDay;
    },
  };
}
