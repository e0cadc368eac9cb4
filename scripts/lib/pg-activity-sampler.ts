import postgres from 'postgres';
import { cpuBetween, cpuOfProcessesNamed } from './process-cpu.ts';

/**
 * What PostgreSQL spends its time on during a bench, without pg_stat_statements (which needs a
 * server restart here): every `intervalMs` it reads the bench database's active statements from
 * pg_stat_activity, so each statement's share of the samples is its share of PostgreSQL's busy
 * time, and `busy` (mean statements active at once) is how many backends were working. Also
 * PostgreSQL's CPU, summed over the server's processes (/proc; Linux only).
 */
export class PgActivitySampler {
  private readonly sql;
  private timer: NodeJS.Timeout | undefined;
  private ticks = 0;
  private readonly counts = new Map<string, number>();
  private cpuBefore = new Map<number, number>();

  constructor(
    adminUrl: string,
    private readonly database: string,
    private readonly intervalMs = 100,
  ) {
    this.sql = postgres(adminUrl, { max: 1, onnotice: () => {}, idle_timeout: 0 });
  }

  start(): void {
    this.cpuBefore = cpuOfProcessesNamed('postgres');
    let sampling = false;
    this.timer = setInterval(() => {
      if (sampling) return;
      sampling = true;
      this.sample()
        .catch(() => {})
        .finally(() => (sampling = false));
    }, this.intervalMs);
  }

  private async sample(): Promise<void> {
    const rows = await this.sql<{ query: string; wait: string | null }[]>`
      SELECT query, wait_event_type AS wait FROM pg_stat_activity
      WHERE datname = ${this.database} AND state = 'active' AND pid <> pg_backend_pid()`;
    this.ticks++;
    for (const row of rows) {
      const key = `${row.wait ? `[${row.wait}] ` : ''}${row.query.replace(/\s+/g, ' ').trim().slice(0, 110)}`;
      this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
    }
  }

  /** The figures since the last call: CPU, busy backends, and the statements that took most of it. */
  takeMinute(top = 5): { cpuMicros: number; busy: number; statements: Array<{ share: number; query: string }> } {
    const cpuNow = cpuOfProcessesNamed('postgres');
    const cpuMicros = cpuBetween(this.cpuBefore, cpuNow);
    this.cpuBefore = cpuNow;
    const samples = [...this.counts.values()].reduce((a, b) => a + b, 0);
    const busy = samples / Math.max(1, this.ticks);
    const statements = [...this.counts]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([query, n]) => ({ share: n / Math.max(1, samples), query }));
    this.ticks = 0;
    this.counts.clear();
    return { cpuMicros, busy, statements };
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.sql.end({ timeout: 1 });
  }
}
