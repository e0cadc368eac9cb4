import type { Logger } from 'pino';
import { assertSchemaName, type Sql } from './db.ts';

/**
 * `DB_MAINTENANCE`: `auto` vacuums and analyzes the service's tables only while the server's own
 * autovacuum is off; `on` always (as well as autovacuum); `off` never.
 */
export type MaintenanceMode = 'auto' | 'on' | 'off';

/** A table's activity since its last vacuum and analyze (pg_stat_user_tables). */
export interface TableActivity {
  table: string;
  /** The planner's row estimate (pg_class.reltuples; -1 before the first ANALYZE). */
  rows: number;
  deadRows: number;
  insertedSinceVacuum: number;
  modifiedSinceAnalyze: number;
}

export interface MaintenanceStep {
  table: string;
  action: 'vacuum' | 'analyze';
}

/**
 * PostgreSQL's autovacuum thresholds at their defaults (threshold + scale factor × rows): a table
 * is vacuumed (and analyzed with it) after 50 + 20 % of its rows are dead, or 1,000 + 20 % were
 * inserted (which keeps the visibility map current for index-only scans); it is analyzed alone
 * after 50 + 10 % were inserted, updated or deleted.
 */
export const MAINTENANCE_THRESHOLDS = {
  vacuum: { base: 50, scale: 0.2 },
  vacuumInserts: { base: 1_000, scale: 0.2 },
  analyze: { base: 50, scale: 0.1 },
} as const;

/** What autovacuum would do now to each table, and nothing for tables below every threshold. */
export function maintenanceDue(tables: readonly TableActivity[]): MaintenanceStep[] {
  const steps: MaintenanceStep[] = [];
  const { vacuum, vacuumInserts, analyze } = MAINTENANCE_THRESHOLDS;
  for (const t of tables) {
    const rows = Math.max(0, t.rows);
    if (t.deadRows > vacuum.base + vacuum.scale * rows || t.insertedSinceVacuum > vacuumInserts.base + vacuumInserts.scale * rows) {
      steps.push({ table: t.table, action: 'vacuum' });
    } else if (t.modifiedSinceAnalyze > analyze.base + analyze.scale * rows) {
      steps.push({ table: t.table, action: 'analyze' });
    }
  }
  return steps;
}

export interface TableMaintenanceOptions {
  sql: Sql;
  schema: string;
  logger: Logger;
  mode?: MaintenanceMode;
  /** How often the tables are checked (autovacuum's naptime is 60 s). Default 30 s. */
  intervalMs?: number;
}

export interface TableMaintenance {
  /** One check now: the steps it ran (none when another replica holds the schema's turn, or nothing was due). */
  runOnce(): Promise<MaintenanceStep[]>;
  stop(): Promise<void>;
}

const quoteIdentifier = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Keeps the service's tables vacuumed and analyzed when the PostgreSQL server does not: with
 * autovacuum off (as on the development machine these benches ran on), every update of a post
 * (an upvote, a comment) left a dead row in the table and in each of its indexes for good, and the
 * statistics stayed those of the first day, so the soak's PostgreSQL CPU per request grew by
 * half in nine minutes and a prepared statement's generic plan walked an index of every post a
 * visitor wrote. Checks every `intervalMs` with autovacuum's own thresholds; one replica at a time
 * per schema (a session advisory lock), on a reserved connection without the pool's statement
 * timeout (a vacuum of a large table may take longer than a request may).
 */
export function startTableMaintenance(opts: TableMaintenanceOptions): TableMaintenance {
  const { sql, schema, logger } = opts;
  assertSchemaName(schema);
  const mode = opts.mode ?? 'auto';
  const log = logger.child({ component: 'table-maintenance', schema });
  const lockKey = `wfm:table-maintenance:${schema}`;
  let announced = false;
  let running: Promise<MaintenanceStep[]> | undefined;
  let stopped = false;

  const serverVacuums = async () => {
    const [row] = await sql<{ autovacuum: string }[]>`SELECT current_setting('autovacuum') AS autovacuum`;
    return row?.autovacuum === 'on';
  };

  const check = async (): Promise<MaintenanceStep[]> => {
    if (mode === 'off') return [];
    if (mode === 'auto' && (await serverVacuums())) return [];
    if (!announced) {
      announced = true;
      log.info({ mode }, mode === 'auto' ? "PostgreSQL's autovacuum is off: this service vacuums and analyzes its own tables" : 'vacuuming and analyzing this service\'s tables');
    }
    const conn = await sql.reserve();
    try {
      await conn`SET statement_timeout = 0`;
      const [lock] = await conn<{ locked: boolean }[]>`SELECT pg_try_advisory_lock(hashtext(${lockKey})) AS locked`;
      if (!lock?.locked) return [];
      try {
        const tables = await conn<TableActivity[]>`
          SELECT s.relname AS "table", c.reltuples::float8 AS rows, s.n_dead_tup::float8 AS "deadRows",
                 s.n_ins_since_vacuum::float8 AS "insertedSinceVacuum", s.n_mod_since_analyze::float8 AS "modifiedSinceAnalyze"
          FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
          WHERE s.schemaname = ${schema}`;
        const steps = maintenanceDue(tables);
        for (const step of steps) {
          if (stopped) break;
          const target = `${quoteIdentifier(schema)}.${quoteIdentifier(step.table)}`;
          const started = performance.now();
          await conn.unsafe(step.action === 'vacuum' ? `VACUUM (ANALYZE) ${target}` : `ANALYZE ${target}`);
          log.debug({ table: step.table, action: step.action, ms: Math.round(performance.now() - started) }, 'table maintained');
        }
        return steps;
      } finally {
        await conn`SELECT pg_advisory_unlock(hashtext(${lockKey}))`;
      }
    } finally {
      await conn`RESET statement_timeout`.catch(() => {});
      conn.release();
    }
  };

  const runOnce = () => {
    running ??= check().finally(() => (running = undefined));
    return running;
  };

  const timer =
    mode === 'off'
      ? undefined
      : setInterval(() => {
          runOnce().catch((err: unknown) => log.warn({ err }, 'table maintenance failed; trying again at the next check'));
        }, opts.intervalMs ?? 30_000);
  timer?.unref();

  return {
    runOnce,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running?.catch(() => {});
    },
  };
}
