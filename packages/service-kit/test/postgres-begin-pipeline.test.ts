import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import postgres from 'postgres';
import { createSql, type Sql } from '../src/db.ts';
import { createTestDatabase, PG_ADMIN_URL, type TestDatabase } from '../src/testing.ts';

// patches/postgres+3.4.9.patch (porsager/postgres#1189, #823): postgres.js wrote a transaction's
// BEGIN without reserving its connection when BEGIN was the query that filled a busy connection's
// pipeline (max_pipeline, 100). The transaction then ran without its connection (TypeError or
// UNSAFE_TRANSACTION) while the server held it open, and the next queries of the pool ran inside it.
describe('sql.begin on a connection with a full pipeline (postgres.js patch)', () => {
  let db: TestDatabase;
  let sql: Sql;
  let admin: postgres.Sql;
  beforeAll(async () => {
    db = await createTestDatabase();
    sql = createSql(db.url, { schema: 'public', max: 1 });
    admin = postgres(PG_ADMIN_URL, { max: 1, onnotice: () => {} });
  });
  afterAll(async () => {
    await sql?.end({ timeout: 1 });
    await admin?.end();
    await db?.drop();
  });

  it('reserves the connection when BEGIN is the hundredth query in its pipeline, and leaves no transaction open', async () => {
    await sql`SELECT 1`;
    // One query running and 99 sent behind it: BEGIN is the 100th in the pipeline.
    const ahead = Array.from({ length: 100 }, () => sql`SELECT 1`.execute());
    const inTransaction = sql.begin(async (tx) => (await tx<{ n: number }[]>`SELECT 7 AS n`)[0]!.n);
    await Promise.all(ahead);
    expect(await inTransaction).toBe(7);
    expect((await sql<{ n: number }[]>`SELECT 1 AS n`)[0]!.n).toBe(1);
    const states = await admin<{ state: string }[]>`SELECT state FROM pg_stat_activity WHERE datname = ${db.name} AND backend_type = 'client backend'`;
    expect(states.map((row) => row.state)).toEqual(['idle']);
  });

  it('runs a transaction when the pool pipelines nothing (max_pipeline 0)', async () => {
    // max_pipeline is a connection option postgres.js reads but its types do not list.
    const unpipelined = postgres(db.url, { max: 2, max_pipeline: 0, onnotice: () => {} } as postgres.Options<Record<string, never>>);
    try {
      expect(await unpipelined.begin(async (tx) => (await tx<{ n: number }[]>`SELECT 8 AS n`)[0]!.n)).toBe(8);
    } finally {
      await unpipelined.end({ timeout: 1 });
    }
  });
});
