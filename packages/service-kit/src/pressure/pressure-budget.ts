import type { Redis } from 'ioredis';
import {
  DEFAULT_RATE_LIMIT_SETTINGS,
  MINUTE,
  redisCounterPrefix,
  scaledMax,
  type RateLimitSettings,
} from '../rate-limit-table.ts';
import { ConfigError } from '../errors.ts';
import { pressureAddressKeys } from './address-keys.ts';

/** What a pressure budget counts: new visitor tokens (`POST /api/session`) or writes. */
export type PressureKind = 'token' | 'write';

/** The highest pressure level; each level past the first doubles the work a challenge asks for. */
export const MAX_PRESSURE_LEVEL = 5;

/** Calls one address may make per window before a proof of work is asked for, before RATE_LIMIT_SCALE. */
export const PRESSURE_DEFAULTS: Readonly<Record<PressureKind, { max: number; windowMs: number; variable: string }>> = {
  // The issue's budget: 60 new tokens per address per 10 minutes.
  token: { max: 60, windowMs: 10 * MINUTE, variable: 'PRESSURE_TOKEN_BUDGET' },
  // 300 agents behind one NAT writing a few times each in 10 minutes stay under it.
  write: { max: 1_200, windowMs: 10 * MINUTE, variable: 'PRESSURE_WRITE_BUDGET' },
};

/** An IPv6 /48 may spend this many times an address's budget (many /64s of one site share it). */
export const PRESSURE_NETWORK_FACTOR = 4;

/** Counters the in-memory budget keeps per kind; beyond, the oldest are forgotten. */
export const MEMORY_PRESSURE_KEYS = 50_000;

export interface PressureBudgets {
  token: { max: number; windowMs: number };
  write: { max: number; windowMs: number };
}

/**
 * The budgets under RATE_LIMIT_SCALE (from loadRateLimitSettings), or exactly as set by
 * PRESSURE_TOKEN_BUDGET / PRESSURE_WRITE_BUDGET (positive integers, not scaled). Read once at boot.
 */
export function loadPressureBudgets(
  source: Record<string, string | undefined> = process.env,
  settings: RateLimitSettings = DEFAULT_RATE_LIMIT_SETTINGS,
): PressureBudgets {
  const problems: string[] = [];
  const budget = (kind: PressureKind) => {
    const { max, windowMs, variable } = PRESSURE_DEFAULTS[kind];
    const raw = source[variable]?.trim();
    if (raw === undefined || raw === '') return { max: scaledMax(max, settings.scale), windowMs };
    if (!/^[1-9][0-9]{0,8}$/.test(raw)) {
      problems.push(variable);
      return { max, windowMs };
    }
    return { max: Number(raw), windowMs };
  };
  const budgets = { token: budget('token'), write: budget('write') };
  if (problems.length > 0) {
    throw new ConfigError(`Invalid environment: ${problems.map((name) => `${name} must be a positive integer`).join('; ')}`, problems);
  }
  return budgets;
}

/**
 * The level of a count against a budget: 0 within it, 1 up to twice it, 2 up to four times, and so
 * on up to MAX_PRESSURE_LEVEL.
 */
export function pressureLevel(count: number, max: number): number {
  if (count <= max) return 0;
  return Math.min(MAX_PRESSURE_LEVEL, Math.max(1, Math.ceil(Math.log2(count / max))));
}

interface Window {
  count: number;
  resetAt: number;
}

/** Fixed-window counters in this process (no Redis, or Redis failing): a Map in insertion order. */
class MemoryCounters {
  private readonly windows = new Map<string, Window>();

  incr(key: string, windowMs: number, now: number): number {
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      this.windows.delete(key);
      window = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, window);
      if (this.windows.size > MEMORY_PRESSURE_KEYS) this.windows.delete(this.windows.keys().next().value!);
    }
    window.count += 1;
    return window.count;
  }
}

/**
 * Counts the calls of one kind per address (and IPv6 /48) in fixed windows and tells how far over
 * its budget the caller is. Counters live in Redis when a client is given (shared by every
 * replica), else in memory; if Redis fails the call is counted in memory, so a Redis outage neither
 * refuses everyone nor switches the rule off for an address hammering one replica.
 */
export class PressureBudget {
  private readonly memory = new MemoryCounters();
  private readonly prefix: string;

  constructor(
    private readonly budgets: PressureBudgets,
    private readonly redis?: Redis,
    settings?: RateLimitSettings,
    private readonly now: () => number = Date.now,
  ) {
    this.prefix = redisCounterPrefix('wfm-pressure:', settings);
  }

  /** Counts one call of `kind` from `ip` and answers its pressure level (0 = within budget). */
  async count(kind: PressureKind, ip: string): Promise<number> {
    const { max, windowMs } = this.budgets[kind];
    const keys = pressureAddressKeys(ip);
    const [address, network] = await Promise.all([
      this.incr(`${kind}:${keys.address}`, windowMs),
      keys.network ? this.incr(`${kind}:${keys.network}`, windowMs) : 0,
    ]);
    return Math.max(pressureLevel(address, max), pressureLevel(network, max * PRESSURE_NETWORK_FACTOR));
  }

  private async incr(key: string, windowMs: number): Promise<number> {
    const now = this.now();
    if (!this.redis) return this.memory.incr(key, windowMs, now);
    try {
      const [[incrError, count]] = (await this.redis
        .multi()
        .incr(`${this.prefix}${key}`)
        .pexpire(`${this.prefix}${key}`, windowMs, 'NX')
        .exec()) as [[Error | null, number], [Error | null, number]];
      if (incrError) throw incrError;
      return count;
    } catch {
      return this.memory.incr(key, windowMs, now);
    }
  }
}
