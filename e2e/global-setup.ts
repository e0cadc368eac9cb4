import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createDatabase, E2E_PG_POOL_MAX } from './lib/database.ts';
import { freePort } from '../scripts/lib/free-ports.ts';
import { waitForProcessReady } from '../scripts/lib/wait.ts';
import { buildWebAppsIfStale } from '../scripts/lib/web-build.ts';

const ROOT = path.resolve(import.meta.dirname, '..');

declare module 'vitest' {
  export interface ProvidedContext {
    siteUrl: string;
    /** The site's database (for checks of what a restore keeps; tests never write to it directly). */
    databaseUrl: string;
    admin: { username: string; password: string };
  }
}

/** The first Super Admin of the e2e site (seeded from ADMIN_USERNAME/ADMIN_PASSWORD at start). */
export const E2E_ADMIN = { username: 'e2e-admin', password: 'e2e-admin-password-0001' };

/**
 * Starts the single-node site (`scripts/start.ts`, the same code `npm start` runs) on a free port
 * against a fresh database on the machine's PostgreSQL, for the browser tests.
 */
export default async function setup(project: TestProject) {
  await buildWebAppsIfStale();
  const db = await createDatabase('wfm_e2e');
  const port = await freePort();
  const backupDir = mkdtempSync(path.join(tmpdir(), 'wfm-e2e-backups-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: db.url,
      NATS_URL: '',
      REDIS_URL: '',
      SKIP_WEB_BUILD: '1',
      LOG_LEVEL: 'warn',
      PG_POOL_MAX: E2E_PG_POOL_MAX,
      ADMIN_USERNAME: E2E_ADMIN.username,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      BACKUP_DIR: backupDir,
      // Tests give each simulated visitor its own address (e2e/lib/api.ts visitorAddress).
      TRUST_PROXY: 'loopback',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const teardown = async () => {
    await new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
    });
    await db.drop();
    rmSync(backupDir, { recursive: true, force: true });
  };

  const siteUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForProcessReady('single-node site', child, `${siteUrl}/readyz`, 120_000);
  } catch (err) {
    await teardown();
    throw err;
  }
  project.provide('siteUrl', siteUrl);
  project.provide('admin', E2E_ADMIN);
  project.provide('databaseUrl', db.url);
  return teardown;
}
