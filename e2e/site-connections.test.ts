import { describe, expect, inject, it } from 'vitest';
import postgres from 'postgres';
import { apiCall } from './lib/api.ts';
import { E2E_PG_POOL_MAX } from './lib/database.ts';

const site = inject('siteUrl');

// The e2e site runs through the whole `npm test` beside the other projects' processes, all on the
// machine's PostgreSQL (100 connections): its pools are part of the run's connection budget.
describe('the e2e site on the shared PostgreSQL', () => {
  it('holds at most its test pool and the outbox listener per service, even under a burst of writes', async () => {
    // Forty new visitors at once: each a write in identity, from its own address (no per-IP limit).
    await Promise.all(Array.from({ length: 40 }, () => apiCall(site, 'POST', '/api/session')));
    const sql = postgres(inject('databaseUrl'), { max: 1, onnotice: () => {} });
    try {
      const [row] = await sql<{ n: number }[]>`
        SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'wfm-identity'`;
      expect(row!.n).toBeGreaterThan(0);
      expect(row!.n).toBeLessThanOrEqual(Number(E2E_PG_POOL_MAX) + 1);
    } finally {
      await sql.end();
    }
  });
});
