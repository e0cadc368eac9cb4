import { describe, expect, it } from 'vitest';
import postgres from 'postgres';
import { writeEvent } from '../src/outbox.ts';
import { buildTestService, createTestDatabase, PG_ADMIN_URL } from '../src/testing.ts';
import { fixtureService, uid, waitFor } from './helpers.ts';

async function databaseExists(name: string): Promise<boolean> {
  const sql = postgres(PG_ADMIN_URL, { max: 1 });
  try {
    return (await sql`SELECT 1 FROM pg_database WHERE datname = ${name}`).length > 0;
  } finally {
    await sql.end();
  }
}

describe('testing helpers', () => {
  it('createTestDatabase makes a uniquely named database and drops it', async () => {
    const [one, two] = await Promise.all([createTestDatabase(), createTestDatabase()]);
    expect(one.name).toMatch(/^wfm_t_[0-9a-f]{12}$/);
    expect(one.name).not.toBe(two.name);
    const sql = postgres(one.url, { max: 1 });
    await sql`SELECT 1`; // an open connection does not prevent the drop
    await Promise.all([one.drop(), two.drop()]);
    await sql.end().catch(() => undefined);
    expect(await databaseExists(one.name)).toBe(false);
  });

  it('buildTestService on real NATS: migrated schema, events reach the bus, close drops the database', async () => {
    const svc = await buildTestService(fixtureService, { bus: 'nats' });
    expect(svc.bus.kind).toBe('nats');
    const name = new URL(svc.databaseUrl).pathname.slice(1);
    const username = `t${uid()}`;
    const got: unknown[] = [];
    const stop = await svc.bus.subscribe('identity.profile.created', (e) => {
      if ((e.data as { username: string }).username === username) got.push(e.data);
    });
    await svc.sql.begin((tx) => writeEvent(tx, 'identity.profile.created', { username, created_at: 5 }));
    await waitFor(() => (got.length === 1 ? true : undefined));
    expect(got).toEqual([{ username, created_at: 5 }]);
    await stop();
    await svc.close();
    expect(await databaseExists(name)).toBe(false);
  });
});
