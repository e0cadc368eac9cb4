import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestProject } from 'vitest/node';
import postgres from 'postgres';
import { PG_ADMIN_URL } from '../src/testing.ts';
import { IDENTITY_TEST_POOL_MAX, identityGlobalSetup } from '../src/testing-identity.ts';

// Four service projects each start a test identity when a run starts and keep it to the end: its
// connection pool is part of what the whole run holds of PostgreSQL's 100 connections.
describe('the identity process of a service test project', () => {
  const provided = new Map<string, string>();
  let teardown: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    teardown = await identityGlobalSetup({ provide: (key: string, value: string) => provided.set(key, value) } as unknown as TestProject);
  }, 90_000);
  afterAll(async () => {
    await teardown?.();
  }, 30_000);

  it('holds no more PostgreSQL connections than its test pool and its outbox listener, even under a burst', async () => {
    const url = provided.get('identityUrl')!;
    // Sixty requests at once that each run a query: a pool at the production default would open ten.
    const answers = await Promise.all(Array.from({ length: 60 }, () => fetch(`${url}/readyz`).then((res) => res.status)));
    expect(answers.every((status) => status === 200)).toBe(true);
    const admin = postgres(PG_ADMIN_URL, { max: 1, onnotice: () => {} });
    try {
      const database = new URL(provided.get('identityDatabaseUrl')!).pathname.slice(1);
      const [row] = await admin<{ n: number }[]>`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = ${database}`;
      expect(row!.n).toBeGreaterThan(0);
      expect(row!.n).toBeLessThanOrEqual(Number(IDENTITY_TEST_POOL_MAX) + 1);
    } finally {
      await admin.end();
    }
  });
});
