import type { Db } from '@wfm/service-kit';

/**
 * Records that a visitor was seen at `now`, unless another replica (or this one) already moved its
 * row within `resolutionMs`.
 */
export async function touchVisitor(db: Db, visitorHash: Buffer, now: number, resolutionMs: number): Promise<void> {
  await db`
    INSERT INTO visitor_activity (visitor_hash, last_seen_at) VALUES (${visitorHash}, ${now})
    ON CONFLICT (visitor_hash) DO UPDATE SET last_seen_at = EXCLUDED.last_seen_at
    WHERE visitor_activity.last_seen_at <= ${now - resolutionMs}`;
}

/** "Active members": distinct visitors seen within this window. */
export const ACTIVE_WINDOW_MS = 24 * 60 * 60_000;

export async function countActiveVisitors(db: Db, now = Date.now()): Promise<number> {
  const rows = await db<{ n: number }[]>`
    SELECT count(*)::int AS n FROM visitor_activity WHERE last_seen_at >= ${now - ACTIVE_WINDOW_MS}`;
  return rows[0]!.n;
}
