import postgres from 'postgres';
import { DEFAULT_PG_ADMIN_URL } from './service-roles.ts';

/**
 * The most client connections PostgreSQL held at once while the tests ran. The suites share one
 * server (100 connections here, a few reserved): when the services, the e2e site and the suites
 * running beside them ask for more, PostgreSQL refuses with "too many clients" and the kit answers
 * 503 — a failure that looks like a product bug. The figure is printed after every run so a suite
 * that raises it is seen before it fails somebody else's test; it is not a pass/fail check (the
 * peak depends on which files the runner happens to overlap).
 */
export class PgConnectionPeak {
  private readonly sql = postgres(process.env.PG_ADMIN_URL ?? DEFAULT_PG_ADMIN_URL, { max: 1, idle_timeout: 0, onnotice: () => {} });
  private timer: NodeJS.Timeout | undefined;
  private peak = 0;
  private peakAt: Date | undefined;
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
    const [row] = await this.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM pg_stat_activity WHERE backend_type = 'client backend'`;
    if (row!.n > this.peak) {
      this.peak = row!.n;
      this.peakAt = new Date();
    }
  }

  /** Stops sampling; the line to print, or null when PostgreSQL never answered. */
  async stop(): Promise<string | null> {
    clearInterval(this.timer);
    await this.sql.end({ timeout: 1 }).catch(() => {});
    if (this.limit === undefined || this.peakAt === undefined) return null;
    const near = this.peak >= this.limit - 5 ? ' — near the limit: a suite that opens more connections will meet "too many clients" (503s)' : '';
    return `PostgreSQL client connections during the tests: peak ${this.peak} of ${this.limit} usable (at ${this.peakAt.toISOString().slice(11, 19)} UTC)${near}`;
  }
}
