import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../src/logger.ts';
import { migrationNames, RENUMBERED_MIGRATIONS, runMigrations } from '../src/migrate.ts';
import { createTestDatabase, type TestDatabase } from '../src/testing.ts';

const SERVICES = fileURLToPath(new URL('../../../services/', import.meta.url));
const logger = createLogger('test', 'silent');
const databases: TestDatabase[] = [];
const folders: string[] = [];

afterEach(async () => {
  await Promise.all(databases.splice(0).map((db) => db.drop()));
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function freshDatabase() {
  const db = await createTestDatabase();
  databases.push(db);
  return db;
}

/** The service migrations folder that holds `name` (a renumbered migration's new name). */
function folderHolding(name: string): string {
  for (const service of readdirSync(SERVICES)) {
    const dir = join(SERVICES, service, 'migrations');
    try {
      if (migrationNames(dir).includes(name)) return dir;
    } catch {
      // a folder without migrations
    }
  }
  throw new Error(`no services/*/migrations folder holds ${name}`);
}

/** A copy of `dir` as it was before the renumbering: `to`'s file under `from`'s name. */
function beforeRenumbering(dir: string, from: string, to: string): string {
  const old = mkdtempSync(join(tmpdir(), 'wfm-renumbered-'));
  folders.push(old);
  for (const file of readdirSync(dir)) {
    copyFileSync(join(dir, file), join(old, file.startsWith(`${to}.`) ? `${from}${file.slice(to.length)}` : file));
  }
  return old;
}

/** What a migrated schema holds: its migration rows (name, when run) and its tables, columns and indexes. */
async function stateOf(url: string, schema: string) {
  const sql = postgres(url, { max: 1, onnotice: () => undefined });
  try {
    const applied = await sql<{ name: string; run_on: Date }[]>`
      SELECT name, run_on FROM ${sql(schema)}.pgmigrations ORDER BY run_on, id`;
    const columns = await sql`
      SELECT table_name, column_name, data_type, is_nullable, column_default FROM information_schema.columns
      WHERE table_schema = ${schema} AND table_name <> 'pgmigrations' ORDER BY table_name, column_name`;
    const indexes = await sql`SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = ${schema} ORDER BY indexname`;
    return { applied: applied.map((r) => ({ name: r.name, runOn: r.run_on.getTime() })), schema: { columns, indexes } };
  } finally {
    await sql.end();
  }
}

describe('renumbered migrations (RENUMBERED_MIGRATIONS)', () => {
  it.each(RENUMBERED_MIGRATIONS)(
    'a database that applied $from migrates with $to in its place: renamed, not run again, the same schema',
    async ({ from, to }) => {
      const dir = folderHolding(to);
      const oldDir = beforeRenumbering(dir, from, to);
      expect(migrationNames(oldDir)).toContain(from);

      const before = await freshDatabase();
      await runMigrations({ databaseUrl: before.url, schema: 'svc_renum', migrationsDir: oldDir, logger, uploads: true });
      const old = await stateOf(before.url, 'svc_renum');
      expect(old.applied.map((m) => m.name)).toContain(from);

      await runMigrations({ databaseUrl: before.url, schema: 'svc_renum', migrationsDir: dir, logger, uploads: true });
      const now = await stateOf(before.url, 'svc_renum');
      // Every row kept its run time (nothing ran again) and now carries the file's new name.
      expect(now.applied).toEqual(old.applied.map((m) => ({ ...m, name: m.name === from ? to : m.name })));
      expect(now.applied.map((m) => m.name)).toEqual(migrationNames(dir));
      expect(now.schema).toEqual(old.schema);

      // ... and the same schema as a database migrated with the new names from the start.
      const fresh = await freshDatabase();
      await runMigrations({ databaseUrl: fresh.url, schema: 'svc_renum', migrationsDir: dir, logger, uploads: true });
      expect((await stateOf(fresh.url, 'svc_renum')).schema).toEqual(now.schema);
    },
  );

  it('leaves a folder that still holds the old name alone', async () => {
    const { from, to } = RENUMBERED_MIGRATIONS[0]!;
    const dir = folderHolding(to);
    const oldDir = beforeRenumbering(dir, from, to);
    const db = await freshDatabase();
    await runMigrations({ databaseUrl: db.url, schema: 'svc_renum', migrationsDir: oldDir, logger, uploads: true });
    await runMigrations({ databaseUrl: db.url, schema: 'svc_renum', migrationsDir: oldDir, logger, uploads: true });
    expect((await stateOf(db.url, 'svc_renum')).applied.map((m) => m.name)).toEqual(migrationNames(oldDir));
  });
});
