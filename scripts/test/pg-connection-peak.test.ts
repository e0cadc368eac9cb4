import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import postgres from 'postgres';
import { createTestDatabase, type TestDatabase } from '@wfm/service-kit/testing';
import { describeHolders, PgConnectionPeak } from '../lib/pg-connection-peak.ts';

describe('the PostgreSQL connection peak printed after npm test', () => {
  it('groups the holders by database without their random suffixes, most connections first', () => {
    const rows = [
      { datname: 'postgres', n: 1 },
      { datname: 'wfm_t_0a1b2c3d4e5f', n: 5 },
      { datname: 'wfm_e2e_9f8e7d6c', n: 29 },
      { datname: 'wfm_t_aaaaaabbbbbb', n: 6 },
      { datname: 'wfm_side_a_31617', n: 17 },
      { datname: null, n: 2 },
    ];
    expect(describeHolders(rows)).toBe('wfm_e2e_* 29 in 1 database, wfm_side_a_* 17 in 1 database, wfm_t_* 11 in 2 databases, (none) 2 in 1 database, postgres 1 in 1 database');
  });

  describe('against the real server', () => {
    let db: TestDatabase;
    let held: postgres.Sql;
    beforeAll(async () => {
      db = await createTestDatabase();
      held = postgres(db.url, { max: 3, onnotice: () => {} });
    });
    afterAll(async () => {
      await held?.end({ timeout: 1 });
      await db?.drop();
    });

    it('counts connections a suite holds and names their database among the holders', async () => {
      const reserved = await Promise.all([held.reserve(), held.reserve(), held.reserve()]);
      const peak = new PgConnectionPeak().start(20);
      const line = await peak.stop();
      for (const connection of reserved) connection.release();
      expect(line).toMatch(/^PostgreSQL client connections during the tests: peak \d+ of \d+ usable \(at \d\d:\d\d:\d\d UTC: /);
      const ours = /wfm_t_\* (\d+) in \d+ databases?/.exec(line ?? '');
      expect(ours, line ?? 'no line').not.toBeNull();
      expect(Number(ours![1])).toBeGreaterThanOrEqual(3);
    });
  });
});
