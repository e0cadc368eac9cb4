import type { Sql } from './db.ts';

/**
 * The payloads of the events of `subject` waiting in the service's outbox, oldest first (a test
 * service built with `relay: false` keeps them there).
 */
export async function outboxEvents(sql: Sql, subject: string): Promise<Record<string, unknown>[]> {
  const rows = await sql<{ payload: Record<string, unknown> }[]>`
    SELECT payload FROM outbox WHERE subject = ${subject} ORDER BY id`;
  return rows.map((r) => r.payload);
}
