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

/** A table of a service schema, by schema and name. */
export interface SchemaTable {
  schema: string;
  name: string;
}

/** The comment that marks a table a restore leaves as it is (docs/backups.md, "What a restore keeps"). */
export const RESTORE_KEEP_MARK = 'restore: keep';

/**
 * Tables of `schemas` that a restore keeps: their comment starts with RESTORE_KEEP_MARK (set by the
 * owning service's migration), with the names of their indexes (the archive names an index, not its
 * table).
 */
export async function readKeptTables(db: Db, schemas: readonly string[]): Promise<(SchemaTable & { indexes: string[] })[]> {
  return db<(SchemaTable & { indexes: string[] })[]>`
    SELECT n.nspname AS schema, c.relname AS name,
           coalesce(array_agg(i.relname ORDER BY i.relname) FILTER (WHERE i.relname IS NOT NULL), '{}') AS indexes
    FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace
    LEFT JOIN pg_index x ON x.indrelid = c.oid
    LEFT JOIN pg_class i ON i.oid = x.indexrelid
    WHERE n.nspname = ANY(${schemas as string[]}::text[])
      AND c.relkind IN ('r', 'p')
      AND starts_with(coalesce(obj_description(c.oid, 'pg_class'), ''), ${RESTORE_KEEP_MARK})
    GROUP BY n.nspname, c.relname
    ORDER BY 1, 2`;
}

/** The tables and views of `schemas` as the database has them now. */
export async function readLiveRelations(db: Db, schemas: readonly string[]): Promise<SchemaTable[]> {
  return db<SchemaTable[]>`
    SELECT n.nspname AS schema, c.relname AS name
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = ANY(${schemas as string[]}::text[]) AND c.relkind IN ('r', 'p', 'v', 'm', 'f')
    ORDER BY 1, 2`;
}
