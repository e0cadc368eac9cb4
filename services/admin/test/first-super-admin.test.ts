import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { createLogger, createSql, runMigrations, type Sql } from '@wfm/service-kit';
import { buildTestService, createTestDatabase, type TestDatabase, type TestService } from '@wfm/service-kit/testing';
import { service } from '../src/app.ts';
import { ensureFirstSuperAdmin } from '../src/accounts/accounts-first-super-admin.ts';
import { verifyPassword } from '../src/accounts/accounts-passwords.ts';
import { createStaff, login } from './staff-helpers.ts';

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

/** A fresh, migrated admin schema of this test's own. */
async function freshDatabase(): Promise<{ db: TestDatabase; sql: Sql }> {
  const db = await createTestDatabase();
  cleanups.push(() => db.drop());
  await runMigrations({ databaseUrl: db.url, schema: 'admin', migrationsDir: service.migrationsDir, logger: createLogger('test', 'silent') });
  const sql = createSql(db.url, { schema: 'admin', max: 5 });
  cleanups.push(() => sql.end({ timeout: 1 }));
  return { db, sql };
}

/** A logger keeping what was written, to see what an operator would read. */
function recordingLogger() {
  const lines: string[] = [];
  const logger = createLogger('test', 'silent');
  const record = (msg: unknown) => void lines.push(String(msg));
  return { lines, logger: { ...logger, info: record, warn: record, error: record } as unknown as FastifyBaseLogger };
}

const superAdmins = (sql: Sql) =>
  sql<{ username: string; email: string; active: boolean }[]>`SELECT username, email, active FROM staff WHERE role = 'Super Admin'`;

async function build(env: Record<string, string | undefined>): Promise<TestService> {
  const t = await buildTestService(service, { env });
  cleanups.push(() => t.close());
  return t;
}

describe('the first Super Admin', () => {
  it('is created from ADMIN_USERNAME and ADMIN_PASSWORD on first start, and can sign in', async () => {
    const t = await build({ NODE_ENV: 'production', ADMIN_USERNAME: 'owner', ADMIN_PASSWORD: 'owner-password-1' });
    expect(await superAdmins(t.sql)).toEqual([{ username: 'owner', email: 'admin@example.invalid', active: true }]);
    const res = await login(t.app, { username: 'owner', password: 'owner-password-1' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ username: 'owner', role: 'Super Admin' });
  });

  it('fails the start in production without ADMIN_USERNAME and ADMIN_PASSWORD, naming them', async () => {
    await expect(build({ NODE_ENV: 'production' })).rejects.toThrow(
      /ADMIN_USERNAME and ADMIN_PASSWORD are required when NODE_ENV=production/,
    );
    await expect(build({ NODE_ENV: 'production', ADMIN_USERNAME: 'owner' })).rejects.toThrow(
      /ADMIN_PASSWORD is required when NODE_ENV=production/,
    );
  });

  it('refuses a malformed ADMIN_PASSWORD', async () => {
    await expect(build({ ADMIN_USERNAME: 'owner', ADMIN_PASSWORD: 'short' })).rejects.toThrow(
      /ADMIN_PASSWORD must be at least 8 characters/,
    );
  });

  it('is not needed once staff exist: production starts without the variables, and nothing is overwritten', async () => {
    const { sql } = await freshDatabase();
    const existing = await createStaff(sql, { role: 'Super Admin' });
    const { logger } = recordingLogger();
    await ensureFirstSuperAdmin(sql, { env: {}, nodeEnv: 'production', logger });
    await ensureFirstSuperAdmin(sql, {
      env: { ADMIN_USERNAME: 'other', ADMIN_PASSWORD: 'other-password' },
      nodeEnv: 'production',
      logger,
    });
    expect(await superAdmins(sql)).toEqual([{ username: existing.username, email: `${existing.username}@example.com`, active: true }]);
  });

  it('outside production gets a generated password, printed once, that signs in', async () => {
    const { sql } = await freshDatabase();
    const { lines, logger } = recordingLogger();
    await ensureFirstSuperAdmin(sql, { env: {}, nodeEnv: 'development', logger });
    await ensureFirstSuperAdmin(sql, { env: {}, nodeEnv: 'development', logger });
    expect(lines).toHaveLength(1);
    const password = /generated password (\S+) /.exec(lines[0]!)?.[1];
    expect(password).toBeDefined();
    expect(await superAdmins(sql)).toEqual([{ username: 'admin', email: 'admin@example.invalid', active: true }]);

    const [row] = await sql<{ passwordHash: string }[]>`SELECT password_hash AS "passwordHash" FROM staff`;
    expect(await verifyPassword(row!.passwordHash, password!)).toBe(true);
  });

  it('is created once when several replicas start together', async () => {
    const { sql } = await freshDatabase();
    const { logger } = recordingLogger();
    const env = { ADMIN_USERNAME: 'owner', ADMIN_PASSWORD: 'owner-password-1' };
    await Promise.all(
      Array.from({ length: 4 }, () => ensureFirstSuperAdmin(sql, { env, nodeEnv: 'production', logger })),
    );
    expect(await superAdmins(sql)).toHaveLength(1);
  });
});
