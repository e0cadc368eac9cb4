import type { Db } from '@wfm/service-kit';

/** The server's version, as `server_version_num` (e.g. 170002) and `server_version` text. */
export async function readServerVersion(db: Db): Promise<{ num: string; text: string }> {
  const [row] = await db<{ num: string; text: string }[]>`
    SELECT current_setting('server_version_num') AS num, current_setting('server_version') AS text`;
  return row!;
}

/**
 * Moves the outbox sequence of each schema (that has an outbox) past the clock, as the kit's
 * migration seeds it.
 */
export async function reseedOutboxSequences(db: Db, schemas: readonly string[]): Promise<void> {
  for (const schema of schemas) {
    await db`
      SELECT setval(seq, greatest(
        coalesce(pg_sequence_last_value(seq), 0),
        (extract(epoch FROM clock_timestamp()) * 1000)::bigint * 1000 + floor(random() * 1000)::bigint))
      FROM (
        SELECT pg_get_serial_sequence(format('%I.outbox', ${schema}::text), 'id')::regclass AS seq
        WHERE to_regclass(format('%I.outbox', ${schema}::text)) IS NOT NULL
      ) outbox_sequence`;
  }
}
