import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSql, type Sql } from '../src/db.ts';
import { createLogger } from '../src/logger.ts';
import { maintenanceDue, startTableMaintenance, type TableActivity } from '../src/table-maintenance.ts';
import { createTestDatabase, type TestDatabase } from '../src/testing.ts';
import { waitFor } from './helpers.ts';

const logger = createLogger('test', 'silent');
const SCHEMA = 'kit_maintenance';
let db: TestDatabase;
let sql: Sql;

beforeAll(async () => {
  db = await createTestDatabase();
  sql = createSql(db.url, { schema: SCHEMA, statementTimeoutMs: 4_000 });
  await sql.unsafe(`CREATE SCHEMA ${SCHEMA}`);
  await sql`CREATE TABLE counters (id int PRIMARY KEY, n int NOT NULL, label text NOT NULL)`;
  await sql`CREATE INDEX counters_n_idx ON counters (n)`;
  await sql`CREATE TABLE quiet (id int PRIMARY KEY)`;
});

afterAll(async () => {
  await sql?.end();
  await db?.drop();
});

/**
 * Updates every row of counters on an indexed column (2,000 dead rows, as upvotes leave on posts)
 * and waits until the statistics show them: backends report their counts at most once a second.
 */
async function dirty(): Promise<void> {
  await sql`UPDATE counters SET n = n + 1`;
  await waitFor(async () => {
    const [row] = await sql<{ dead: number }[]>`
      SELECT n_dead_tup::int AS dead FROM pg_stat_user_tables WHERE schemaname = ${SCHEMA} AND relname = 'counters'`;
    return row && row.dead >= 2_000 ? true : undefined;
  }, 10_000);
}

const activity = (overrides: Partial<TableActivity>): TableActivity => ({
  table: 't',
  rows: 10_000,
  deadRows: 0,
  insertedSinceVacuum: 0,
  modifiedSinceAnalyze: 0,
  ...overrides,
});

describe('which tables are due, by autovacuum’s default thresholds', () => {
  it('vacuums past 50 + 20 % dead rows or 1,000 + 20 % inserted rows, analyzes past 50 + 10 % changed', () => {
    expect(maintenanceDue([activity({ deadRows: 2_050 })])).toEqual([]);
    expect(maintenanceDue([activity({ deadRows: 2_051 })])).toEqual([{ table: 't', action: 'vacuum' }]);
    expect(maintenanceDue([activity({ insertedSinceVacuum: 3_000 })])).toEqual([]);
    expect(maintenanceDue([activity({ insertedSinceVacuum: 3_001 })])).toEqual([{ table: 't', action: 'vacuum' }]);
    expect(maintenanceDue([activity({ modifiedSinceAnalyze: 1_050 })])).toEqual([]);
    expect(maintenanceDue([activity({ modifiedSinceAnalyze: 1_051 })])).toEqual([{ table: 't', action: 'analyze' }]);
    // A table never analyzed (reltuples -1) counts as empty: its first changes make it due.
    expect(maintenanceDue([activity({ rows: -1, modifiedSinceAnalyze: 51 })])).toEqual([{ table: 't', action: 'analyze' }]);
    // A vacuum analyzes as well, so a table is listed once.
    expect(maintenanceDue([activity({ deadRows: 5_000, modifiedSinceAnalyze: 5_000 })])).toHaveLength(1);
  });
});

describe('startTableMaintenance on the real PostgreSQL', () => {
  it('vacuums a table full of dead rows and analyzes it, leaving quiet tables alone', async () => {
    await sql`INSERT INTO counters SELECT g, 0, 'row ' || g FROM generate_series(1, 2000) g`;
    await sql`ANALYZE counters`;
    // Every row updated on an indexed column: 2,000 dead rows, as upvotes leave on posts.
    await dirty();
    const maintenance = startTableMaintenance({ sql, schema: SCHEMA, logger, mode: 'on', intervalMs: 3_600_000 });
    try {
      const steps = await maintenance.runOnce();
      expect(steps).toEqual([{ table: 'counters', action: 'vacuum' }]);
      const [stats] = await sql<{ dead: number; vacuumed: boolean; analyzed: boolean }[]>`
        SELECT n_dead_tup::int AS dead, last_vacuum IS NOT NULL AS vacuumed, last_analyze IS NOT NULL AS analyzed
        FROM pg_stat_user_tables WHERE schemaname = ${SCHEMA} AND relname = 'counters'`;
      expect(stats).toEqual({ dead: 0, vacuumed: true, analyzed: true });
      // Nothing is due any more.
      expect(await maintenance.runOnce()).toEqual([]);
    } finally {
      await maintenance.stop();
    }
  });

  it('lets one replica at a time work on a schema, and does nothing when off', async () => {
    await dirty();
    const holder = await sql.reserve();
    try {
      await holder`SELECT pg_advisory_lock(hashtext(${`wfm:table-maintenance:${SCHEMA}`}))`;
      const other = startTableMaintenance({ sql, schema: SCHEMA, logger, mode: 'on', intervalMs: 3_600_000 });
      expect(await other.runOnce()).toEqual([]);
      await holder`SELECT pg_advisory_unlock(hashtext(${`wfm:table-maintenance:${SCHEMA}`}))`;
      const off = startTableMaintenance({ sql, schema: SCHEMA, logger, mode: 'off' });
      expect(await off.runOnce()).toEqual([]);
      expect(await other.runOnce()).toEqual([{ table: 'counters', action: 'vacuum' }]);
      await Promise.all([other.stop(), off.stop()]);
    } finally {
      holder.release();
    }
  });

  it('in auto mode follows the server: idle while autovacuum is on, at work while it is off', async () => {
    const [server] = await sql<{ on: boolean }[]>`SELECT current_setting('autovacuum') = 'on' AS on`;
    await dirty();
    const auto = startTableMaintenance({ sql, schema: SCHEMA, logger, mode: 'auto', intervalMs: 3_600_000 });
    try {
      expect(await auto.runOnce()).toEqual(server!.on ? [] : [{ table: 'counters', action: 'vacuum' }]);
    } finally {
      await auto.stop();
    }
  });

  it('works without the pool’s statement timeout and hands the connection back with it', async () => {
    const one = createSql(db.url, { schema: SCHEMA, statementTimeoutMs: 4_000, max: 1 });
    try {
      await dirty();
      const maintenance = startTableMaintenance({ sql: one, schema: SCHEMA, logger, mode: 'on', intervalMs: 3_600_000 });
      expect(await maintenance.runOnce()).toEqual([{ table: 'counters', action: 'vacuum' }]);
      await maintenance.stop();
      const [timeout] = await one<{ t: string }[]>`SELECT current_setting('statement_timeout') AS t`;
      expect(timeout!.t).toBe('4s');
    } finally {
      await one.end();
    }
  });
});
