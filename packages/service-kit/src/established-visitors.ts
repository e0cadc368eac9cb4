import type { Db } from './db.ts';
import { HOUR } from './rate-limit-table.ts';

/**
 * Established visitors: the voices a count can rest on when it must not be fabricated on demand.
 *
 * Anyone gets a visitor token without registering, so "5 different visitors" costs an attacker 5
 * requests to identity. A count that protects someone (a poll breakdown's group is shown only with
 * 5 answers, so that one real voter cannot be singled out by subtraction; a post is hidden once
 * enough visitors report it) therefore counts only established visitors: visitors this service first
 * saw at least ESTABLISHED_AFTER_MS before the moment of the count. Services record the first sight
 * on the writes whose counts rely on it (recordVisitorSeen, in the write's transaction), and count
 * with `establishedVisitor(db, '<table>.<hash column>', now)` in the count's WHERE clause.
 *
 * What it costs an attacker: tokens minted today count from tomorrow, so a count cannot be pushed
 * past a threshold the moment someone real appears in it; tokens stockpiled a day ahead still work
 * (each one had to make a counted write then, under that write's per-address limits). What it costs
 * a real visitor: their first write to a service counts in these counts from the next day.
 * The table holds the service's own keyed visitor hash and a time, no address (kit migration
 * 004_visitors_seen).
 */
export const ESTABLISHED_AFTER_MS = 24 * HOUR;

/** Records that this service sees the visitor now, unless it saw them before (the first sight stays). */
export async function recordVisitorSeen(db: Db, visitorHash: Buffer, now: number): Promise<void> {
  await db`INSERT INTO kit_visitors_seen (visitor_hash, first_seen) VALUES (${visitorHash}, ${now}) ON CONFLICT DO NOTHING`;
}

/**
 * An SQL condition: the visitor whose hash is in `hashColumn` (e.g. `v.visitor_hash`) was first seen
 * at least ESTABLISHED_AFTER_MS before `now` (one primary-key lookup per row).
 */
export function establishedVisitor(db: Db, hashColumn: string, now: number) {
  return db`EXISTS (SELECT 1 FROM kit_visitors_seen s
    WHERE s.visitor_hash = ${db(hashColumn)} AND s.first_seen <= ${now - ESTABLISHED_AFTER_MS})`;
}
