import { readdirSync } from 'node:fs';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { runner } from 'node-pg-migrate';
import type { Logger } from 'pino';
import { assertSchemaName } from './db.ts';

/** The kit's own migrations (the outbox table); they run first, tracked in their own table. */
export const KIT_MIGRATIONS_DIR = fileURLToPath(new URL('../migrations', import.meta.url));
export const KIT_MIGRATIONS_TABLE = 'kit_migrations';
/** The upload store's tables, for services that opt in (ServiceDefinition.uploads); run after the kit's, before the service's. */
export const KIT_UPLOAD_MIGRATIONS_DIR = fileURLToPath(new URL('../migrations-uploads', import.meta.url));
export const KIT_UPLOAD_MIGRATIONS_TABLE = 'kit_upload_migrations';
export const SERVICE_MIGRATIONS_TABLE = 'pgmigrations';

/**
 * Service migrations whose file got a new number after databases had applied it under the old one
 * (two files of a folder shared a number). node-pg-migrate records each applied migration by file
 * name without extension and refuses a recorded name with no file ("Definitions of migrations ...
 * have been deleted"), so before migrating, a recorded `from` becomes `to` — only in a folder that
 * holds `to` and no `from`, and only where `to` is not recorded yet. Entries stay as long as a
 * database migrated before the renumbering may still be started; add one for every renumbering.
 */
export const RENUMBERED_MIGRATIONS: ReadonlyArray<{ from: string; to: string }> = [
  // forum: 006_answers_and_wfm_fields and 006_notification_reads (issue 24).
  { from: '006_notification_reads', to: '007_notification_reads' },
  // ama-booking: 003_mentors and 003_notification_reads (issue 24).
  { from: '003_notification_reads', to: '004_notification_reads' },
];

const numberOf = (name: string): number => Number(/^\d+/.exec(name)?.[0] ?? Number.NaN);

/**
 * The migrations of `dir` as node-pg-migrate names and orders them: every file but dotfiles, named
 * without its extension, by number and then by name.
 */
export function migrationNames(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isFile() && !e.name.startsWith('.'))
    .map((e) => e.name.slice(0, e.name.length - extname(e.name).length))
    .sort(
      (a, b) =>
        numberOf(a) - numberOf(b) ||
        a.localeCompare(b, undefined, { usage: 'sort', numeric: true, sensitivity: 'variant', ignorePunctuation: true }),
    );
}

/** Renames the rows of RENUMBERED_MIGRATIONS (see there) in `schema`'s table for `dir`; answers the renamed. */
async function renameRenumbered(client: pg.Client, schema: string, table: string, dir: string): Promise<string[]> {
  const exists = await client.query('SELECT to_regclass($1) AS t', [`"${schema}"."${table}"`]);
  if (exists.rows[0]?.t === null) return [];
  const files = new Set(migrationNames(dir));
  const renamed: string[] = [];
  for (const { from, to } of RENUMBERED_MIGRATIONS) {
    if (files.has(from) || !files.has(to)) continue;
    const res = await client.query(
      `UPDATE "${schema}"."${table}" SET name = $2
       WHERE name = $1 AND NOT EXISTS (SELECT 1 FROM "${schema}"."${table}" WHERE name = $2)`,
      [from, to],
    );
    if (res.rowCount) renamed.push(`${from} -> ${to}`);
  }
  return renamed;
}

export interface RunMigrationsOptions {
  databaseUrl: string;
  schema: string;
  /** Numbered files (`001_init.sql`, `002_x.ts`, ...) applied in order. */
  migrationsDir: string;
  /** The service stores uploads (ServiceDefinition.uploads): apply the kit's upload storage migrations too. */
  uploads?: boolean | undefined;
  logger: Logger;
}

/**
 * Brings `schema` up to date: creates it if missing, applies the kit's migrations, the kit's upload
 * storage migrations when `uploads` is set, then the service's. One session-level advisory lock per
 * schema is held for the whole run, so replicas starting together apply each migration once and the
 * others wait, then find nothing to do. node-pg-migrate's own (database-wide) lock is therefore
 * disabled. Pending migrations of a run are applied in one transaction; any failure rolls it back and
 * is thrown.
 */
export async function runMigrations(opts: RunMigrationsOptions): Promise<void> {
  const { databaseUrl, schema, migrationsDir, logger } = opts;
  assertSchemaName(schema);
  const log = logger.child({ schema, component: 'migrations' });
  const client = new pg.Client({ connectionString: databaseUrl, application_name: `wfm-${schema}-migrate` });
  await client.connect();
  try {
    await client.query(`SELECT pg_advisory_lock(hashtextextended('wfm-migrations:' || $1, 0))`, [schema]);
    // Checked first: CREATE SCHEMA IF NOT EXISTS needs CREATE on the database even when the schema
    // exists, which a service's own role does not have.
    const existing = await client.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [schema]);
    if (existing.rowCount === 0) await client.query(`CREATE SCHEMA "${schema}"`);

    const sets: Array<readonly [string, string]> = [
      [KIT_MIGRATIONS_DIR, KIT_MIGRATIONS_TABLE],
      ...(opts.uploads ? [[KIT_UPLOAD_MIGRATIONS_DIR, KIT_UPLOAD_MIGRATIONS_TABLE] as const] : []),
      [migrationsDir, SERVICE_MIGRATIONS_TABLE],
    ];
    for (const [dir, table] of sets) {
      const renamed = await renameRenumbered(client, schema, table, dir);
      if (renamed.length > 0) log.info({ renamed, table }, 'renumbered migrations renamed');
      const applied = await runner({
        dbClient: client,
        dir,
        schema: [schema, 'public'],
        migrationsSchema: schema,
        migrationsTable: table,
        direction: 'up',
        singleTransaction: true,
        checkOrder: true,
        noLock: true,
        logger: {
          debug: (msg: string) => log.debug(msg),
          info: (msg: string) => log.debug(msg),
          warn: (msg: string) => log.warn(msg),
          error: (msg: string) => log.error(msg),
        },
      });
      if (applied.length > 0) log.info({ migrations: applied.map((m) => m.name), table }, 'migrations applied');
    }
  } catch (err) {
    throw new Error(`Migrations of schema "${schema}" failed: ${(err as Error).message}`, { cause: err });
  } finally {
    // Ending the session releases the advisory lock.
    await client.end().catch(() => undefined);
  }
}
