import type { FastifyBaseLogger } from 'fastify';
import type { Db, Sql } from '@wfm/service-kit';

/** A visitor's row moves forward at most this often, so busy readers cost no writes. */
const RESOLUTION_MS = 5 * 60_000;
/** Visitors remembered per process to skip writes; beyond it the oldest are forgotten. */
const MEMORY = 10_000;
/** "Active members": distinct visitors seen within this window. */
export const ACTIVE_WINDOW_MS = 24 * 60 * 60_000;

/**
 * Records that a visitor (SHA-256 of its token) made a forum request. Each process remembers when
 * it last wrote a visitor and writes again only after RESOLUTION_MS; the upsert also skips rows
 * another replica moved recently. Writes happen after the response and never fail a request.
 */
export function createActivityRecorder(sql: Sql, logger: FastifyBaseLogger) {
  const lastWritten = new Map<string, number>();
  return (visitorHash: Buffer, now = Date.now()): void => {
    const key = visitorHash.toString('base64');
    const last = lastWritten.get(key);
    if (last !== undefined && now - last < RESOLUTION_MS) return;
    lastWritten.delete(key);
    lastWritten.set(key, now);
    if (lastWritten.size > MEMORY) lastWritten.delete(lastWritten.keys().next().value!);
    touchVisitor(sql, visitorHash, now).catch((err: unknown) => logger.warn({ err }, 'recording visitor activity failed'));
  };
}

async function touchVisitor(db: Db, visitorHash: Buffer, now: number): Promise<void> {
  await db`
    INSERT INTO visitor_activity (visitor_hash, last_seen_at) VALUES (${visitorHash}, ${now})
    ON CONFLICT (visitor_hash) DO UPDATE SET last_seen_at = EXCLUDED.last_seen_at
    WHERE visitor_activity.last_seen_at <= ${now - RESOLUTION_MS}`;
}

export async function countActiveVisitors(db: Db, now = Date.now()): Promise<number> {
  const rows = await db<{ n: number }[]>`
    SELECT count(*)::int AS n FROM visitor_activity WHERE last_seen_at >= ${now - ACTIVE_WINDOW_MS}`;
  return rows[0]!.n;
}
