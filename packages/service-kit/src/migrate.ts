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
