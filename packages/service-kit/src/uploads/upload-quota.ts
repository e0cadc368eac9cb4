import type { Sql } from '../db.ts';

/**
 * Daily upload byte counters in the owning schema's `upload_quota (key, day, bytes)`, shared by every
 * replica. `day` is the UTC day number (ms / 86,400,000); rows of past days are pruned by the
 * cleanup job.
 */

const DAY_MS = 86_400_000;

export const utcDay = (now = Date.now()): number => Math.floor(now / DAY_MS);

export interface QuotaKey {
  /** 'visitor' or 'address': which message a refusal gets. */
  kind: 'visitor' | 'address';
  key: string;
  limit: number;
}

export interface UploadQuota {
  /** The first key whose counter already holds `limit - extra` bytes or more today, else null. */
  exceeded(keys: QuotaKey[], extra?: number): Promise<QuotaKey | null>;
  /** Adds `bytes` to every key's counter today; answers the first key now over its limit, else null. */
  charge(keys: QuotaKey[], bytes: number): Promise<QuotaKey | null>;
  /** Deletes counters of days before yesterday. */
  prune(): Promise<number>;
}

export function createPgUploadQuota(sql: Sql, now: () => number = Date.now): UploadQuota {
  return {
    async exceeded(keys, extra = 0) {
      const rows = await sql<Array<{ key: string; bytes: number }>>`
        SELECT key, bytes FROM upload_quota WHERE day = ${utcDay(now())} AND key = ANY(${keys.map((k) => k.key)})`;
      const used = new Map(rows.map((r) => [r.key, Number(r.bytes)]));
      return keys.find((k) => (used.get(k.key) ?? 0) + extra > k.limit) ?? null;
    },

    async charge(keys, bytes) {
      if (bytes <= 0) return null;
      const rows = await sql<Array<{ key: string; bytes: number }>>`
        INSERT INTO upload_quota (key, day, bytes)
        SELECT k, ${utcDay(now())}, ${bytes} FROM unnest(${keys.map((k) => k.key)}::text[]) AS k
        ON CONFLICT (key, day) DO UPDATE SET bytes = upload_quota.bytes + EXCLUDED.bytes
        RETURNING key, bytes`;
      const used = new Map(rows.map((r) => [r.key, Number(r.bytes)]));
      return keys.find((k) => (used.get(k.key) ?? 0) > k.limit) ?? null;
    },

    async prune() {
      const rows = await sql`DELETE FROM upload_quota WHERE day < ${utcDay(now()) - 1} RETURNING key`;
      return rows.length;
    },
  };
}
