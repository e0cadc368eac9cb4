import postgres from 'postgres';
import { randomBytes } from 'node:crypto';

export const PG_ADMIN_URL = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * PG_POOL_MAX of every service process the e2e tests start (the single-node site, distributed
 * runs). They share the machine's PostgreSQL (max_connections 100) with the other projects' test
 * identities and, in a full `npm test`, with each other: at 4 the site alone held ~45 connections
 * while the browsers ran. One browser at a time needs no more than two per service; a test that
 * races requests says its own size (scale-out.test.ts).
 */
export const E2E_PG_POOL_MAX = '2';

/** A fresh, uniquely named database on the machine's PostgreSQL, for one test run. */
export async function createDatabase(prefix: string): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(PG_ADMIN_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => dropDatabase(name),
  };
}

export async function dropDatabase(name: string): Promise<void> {
  const sql = postgres(PG_ADMIN_URL, { max: 1, onnotice: () => {} });
  await sql.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await sql.end();
}
