import postgres from 'postgres';
import { DEFAULT_PG_ADMIN_URL } from './service-roles.ts';

/** A database name without its random suffix (wfm_t_1a2b3c → wfm_t_*), so one kind of holder counts once. */
function databaseKind(name: string | null): string {
  if (!name) return '(none)';
  return name.replace(/_[0-9a-f]{6,}$|_\d+$/, '_*');
}

/** "wfm_e2e_* 29 in 1 database, wfm_t_* 22 in 5 databases": who held the connections, most first. */
export function describeHolders(rows: { datname: string | null; n: number }[]): string {
  const kinds = new Map<string, { connections: number; databases: number }>();
  for (const row of rows) {
    const kind = kinds.get(databaseKind(row.datname)) ?? { connections: 0, databases: 0 };
    kind.connections += row.n;
    kind.databases += 1;
    kinds.set(databaseKind(row.datname), kind);
  }
  return [...kinds]
    .sort((a, b) => b[1].connections - a[1].connections)
    .map(([kind, { connections, databases }]) => `${kind} ${connections} in ${databases} database${databases === 1 ? '' : 's'}`)
    .join(', ');
}

/**
 * The most client connections PostgreSQL held at once while the tests ran, and which databases
 * held them then. The suites share one server (100 connections here, a few reserved): when the
 * services, the e2e site and the suites running beside them ask for more, PostgreSQL refuses with
 * "too many clients" and the kit answers 503 — a failure that looks like a product bug. The figure
 * is printed after every run so a suite that raises it is seen before it fails somebody else's
 * test; it is not a pass/fail check (the peak depends on which files the runner happens to
 * overlap). It counts every client of the server, also those of other runs on the same machine.
 */
export class PgConnectionPeak {
  private readonly sql = postgres(process.env.PG_ADMIN_URL ?? DEFAULT_PG_ADMIN_URL, { max: 1, idle_timeout: 0, onnotice: () => {} });
  private timer: NodeJS.Timeout | undefined;
  private peak = 0;
  private peakAt: Date | undefined;
  private holders = '';
  private limit: number | undefined;

  start(intervalMs = 250): this {
    let sampling = false;
    this.timer = setInterval(() => {
      if (sampling) return;
      sampling = true;
      this.sample()
        .catch(() => {})
        .finally(() => (sampling = false));
    }, intervalMs);
    return this;
  }

  private async sample(): Promise<void> {
    if (this.limit === undefined) {
      const [row] = await this.sql<{ usable: number }[]>`
        SELECT current_setting('max_connections')::int - current_setting('superuser_reserved_connections')::int AS usable`;
      this.limit = row!.usable;
    }
    const rows = await this.sql<{ datname: string | null; n: number }[]>`
      SELECT datname, count(*)::int AS n FROM pg_stat_activity WHERE backend_type = 'client backend' GROUP BY datname`;
    const n = rows.reduce((sum, row) => sum + row.n, 0);
    if (n > this.peak) {
      this.peak = n;
      this.peakAt = new Date();
      this.holders = describeHolders(rows);
    }
  }

  /** Stops sampling (after a last sample); the line to print, or null when PostgreSQL never answered. */
  async stop(): Promise<string | null> {
    clearInterval(this.timer);
    await this.sample().catch(() => {});
    await this.sql.end({ timeout: 1 }).catch(() => {});
    if (this.limit === undefined || this.peakAt === undefined) return null;
    const near = this.peak >= this.limit - 5 ? ' — near the limit: a suite that opens more connections will meet "too many clients" (503s)' : '';
    return `PostgreSQL client connections during the tests: peak ${this.peak} of ${this.limit} usable (at ${this.peakAt.toISOString().slice(11, 19)} UTC: ${this.holders})${near}`;
  }
}
