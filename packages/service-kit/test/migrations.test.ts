import { afterEach, describe, expect, it } from 'vitest';
import postgres from 'postgres';
import { createSql } from '../src/db.ts';
import { createLogger } from '../src/logger.ts';
import { runMigrations } from '../src/migrate.ts';
import { createTestDatabase, type TestDatabase } from '../src/testing.ts';
import { fixtureDir } from './helpers.ts';

const logger = createLogger('test', 'silent');
const databases: TestDatabase[] = [];

async function freshDatabase() {
  const db = await createTestDatabase();
  databases.push(db);
  return db;
}

afterEach(async () => {
  await Promise.all(databases.splice(0).map((db) => db.drop()));
});

async function query<T extends readonly object[]>(url: string, text: string): Promise<T> {
  const sql = postgres(url, { max: 1 });
  try {
    return (await sql.unsafe(text)) as unknown as T;
  } finally {
    await sql.end();
  }
}

describe('runMigrations', () => {
  it('creates the schema, the outbox and the service tables, tracked in the schema', async () => {
    const db = await freshDatabase();
    await runMigrations({ databaseUrl: db.url, schema: 'svc_a', migrationsDir: fixtureDir('migrations'), logger });

    const tables = await query<{ table_name: string }[]>(
      db.url,
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'svc_a' ORDER BY table_name`,
    );
    expect(tables.map((t) => t.table_name)).toEqual(['items', 'kit_held_items', 'kit_migrations', 'kit_revoked_visitors', 'kit_visitors_seen', 'outbox', 'pgmigrations']);
    const columns = await query<{ column_name: string; data_type: string }[]>(
      db.url,
      `SELECT column_name, data_type FROM information_schema.columns
       WHERE table_schema = 'svc_a' AND table_name = 'outbox' ORDER BY ordinal_position`,
    );
    expect(columns).toEqual([
      { column_name: 'id', data_type: 'bigint' },
      { column_name: 'subject', data_type: 'text' },
      { column_name: 'payload', data_type: 'jsonb' },
      { column_name: 'created_at', data_type: 'timestamp with time zone' },
      { column_name: 'trace_context', data_type: 'jsonb' },
    ]);
    const applied = await query<{ name: string }[]>(db.url, 'SELECT name FROM svc_a.pgmigrations ORDER BY id');
    expect(applied.map((m) => m.name)).toEqual(['001_items', '002_item_notes']);
  });

  it('is safe when three replicas start at once: all succeed, one set applied', async () => {
    const db = await freshDatabase();
    const run = () => runMigrations({ databaseUrl: db.url, schema: 'svc_b', migrationsDir: fixtureDir('migrations'), logger });
    const results = await Promise.allSettled([run(), run(), run()]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);

    const kit = await query<{ name: string }[]>(db.url, 'SELECT name FROM svc_b.kit_migrations');
    const service = await query<{ name: string }[]>(db.url, 'SELECT name FROM svc_b.pgmigrations ORDER BY id');
    expect(kit.map((m) => m.name)).toEqual(['001_outbox', '002_revoked_visitors', '003_outbox_trace_context', '004_visitors_seen', '005_revoked_visitors_kept_by_restore', '006_held_items']);
    expect(service.map((m) => m.name)).toEqual(['001_items', '002_item_notes']);
  });

  it('runs again without changes', async () => {
    const db = await freshDatabase();
    const opts = { databaseUrl: db.url, schema: 'svc_c', migrationsDir: fixtureDir('migrations'), logger };
    await runMigrations(opts);
    await runMigrations(opts);
    const service = await query<{ n: number }[]>(db.url, 'SELECT count(*)::int AS n FROM svc_c.pgmigrations');
    expect(service[0]!.n).toBe(2);
  });

  it('keeps schemas of different services apart in one database', async () => {
    const db = await freshDatabase();
    await Promise.all([
      runMigrations({ databaseUrl: db.url, schema: 'svc_x', migrationsDir: fixtureDir('migrations'), logger }),
      runMigrations({ databaseUrl: db.url, schema: 'svc_y', migrationsDir: fixtureDir('ts-migrations'), logger }),
    ]);
    const tables = await query<{ table_schema: string; table_name: string }[]>(
      db.url,
      `SELECT table_schema, table_name FROM information_schema.tables
       WHERE table_schema IN ('svc_x', 'svc_y') AND table_name IN ('items', 'widgets') ORDER BY 1`,
    );
    expect(tables).toEqual([
      { table_schema: 'svc_x', table_name: 'items' },
      { table_schema: 'svc_y', table_name: 'widgets' },
    ]);
  });

  it('throws on a failed migration and rolls the whole run back', async () => {
    const db = await freshDatabase();
    await expect(
      runMigrations({ databaseUrl: db.url, schema: 'svc_d', migrationsDir: fixtureDir('bad-migrations'), logger }),
    ).rejects.toThrow(/Migrations of schema "svc_d" failed: .*missing_table/);
    const tables = await query<{ table_name: string }[]>(
      db.url,
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'svc_d' ORDER BY table_name`,
    );
    // The kit's run committed; the service's run (001_ok + 002_broken) was rolled back as one.
    expect(tables.map((t) => t.table_name)).toEqual(['kit_held_items', 'kit_migrations', 'kit_revoked_visitors', 'kit_visitors_seen', 'outbox', 'pgmigrations']);
  });

  it('throws when the migrations directory is missing', async () => {
    const db = await freshDatabase();
    await expect(
      runMigrations({ databaseUrl: db.url, schema: 'svc_e', migrationsDir: fixtureDir('nope'), logger }),
    ).rejects.toThrow(/failed/);
  });

  it('works for a service role that owns only its schema (no CREATE on the database)', async () => {
    const db = await freshDatabase();
    const role = `wfm_t_role_${db.name.slice(-8)}`;
    await query(db.url, `CREATE ROLE ${role} LOGIN; REVOKE CREATE ON DATABASE ${db.name} FROM PUBLIC;
      CREATE SCHEMA svc_g AUTHORIZATION ${role}`);
    try {
      const url = new URL(db.url);
      url.username = role;
      await runMigrations({ databaseUrl: url.toString(), schema: 'svc_g', migrationsDir: fixtureDir('migrations'), logger });
      const owners = await query<{ tableowner: string }[]>(
        db.url,
        `SELECT DISTINCT tableowner FROM pg_tables WHERE schemaname = 'svc_g'`,
      );
      expect(owners).toEqual([{ tableowner: role }]);
    } finally {
      await db.drop();
      await query(db.url.replace(db.name, 'postgres'), `DROP ROLE ${role}`);
    }
  });

  it('rejects an unsafe schema name', async () => {
    await expect(
      runMigrations({ databaseUrl: 'postgres://x@127.0.0.1/x', schema: 'a"; drop', migrationsDir: '.', logger }),
    ).rejects.toThrow(/Invalid schema name/);
  });
});

describe('createSql', () => {
  it('binds queries to the schema and returns int8 as numbers', async () => {
    const db = await freshDatabase();
    await runMigrations({ databaseUrl: db.url, schema: 'svc_f', migrationsDir: fixtureDir('migrations'), logger });
    const sql = createSql(db.url, { schema: 'svc_f' });
    try {
      const [row] = await sql<{ id: number; n: number; big: string }[]>`
        INSERT INTO items (name) VALUES ('a') RETURNING id, (SELECT count(*) FROM items) AS n, 9007199254740993::int8 AS big`;
      expect(row).toEqual({ id: 1, n: 0, big: '9007199254740993' });
      const [schema] = await sql<{ s: string }[]>`SELECT current_schema() AS s`;
      expect(schema!.s).toBe('svc_f');
      await sql.begin(async (tx) => {
        await tx`INSERT INTO items (name) VALUES ('b')`;
      });
      const [count] = await sql<{ n: number }[]>`SELECT count(*) AS n FROM items`;
      expect(count!.n).toBe(2);
    } finally {
      await sql.end();
    }
  });
});
