import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { createTestDatabase, TEST_STAFF_SECRET, TEST_VISITOR_SECRET, type TestDatabase } from './testing.ts';
import { freePort } from './testing-faults.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** PG_POOL_MAX of the test identity process (see identityGlobalSetup). */
export const IDENTITY_TEST_POOL_MAX = '3';
const IDENTITY_SERVER = fileURLToPath(new URL('../../../services/identity/src/server.ts', import.meta.url));

async function waitUntilUp(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`identity exited with ${child.exitCode} before it was ready`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('identity did not become ready within 60 s');
}

/**
 * A vitest globalSetup for services whose rules ask the identity service over HTTP (author names,
 * poster names): one real identity process for every test file of the project, on its own database
 * with the test secrets. Its URL reaches the tests as `inject('identityUrl')`. A service's
 * vitest config made by serviceTestConfig(name, { identity: true }) runs it (testing-identity-setup.ts).
 */
export async function identityGlobalSetup(project: TestProject) {
  const db: TestDatabase = await createTestDatabase();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', IDENTITY_SERVER], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: db.url,
      PORT: String(port),
      HOST: '127.0.0.1',
      NATS_URL: '',
      REDIS_URL: '',
      STAFF_HEADER_SECRET: TEST_STAFF_SECRET,
      VISITOR_TOKEN_SECRET: TEST_VISITOR_SECRET,
      LOG_LEVEL: 'error',
      // Every project with identity starts its own process when the run starts and keeps it to the
      // end: at the production default (10) four of them could hold 44 of PostgreSQL's 100
      // connections beside the e2e site. Three serve the bursts of name look-ups a race test makes.
      PG_POOL_MAX: IDENTITY_TEST_POOL_MAX,
    },
  });
  try {
    await waitUntilUp(url, child);
  } catch (err) {
    child.kill('SIGKILL');
    await db.drop();
    throw err;
  }
  project.provide('identityUrl', url);
  project.provide('identityDatabaseUrl', db.url);
  return async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
    await db.drop();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    identityUrl: string;
    identityDatabaseUrl: string;
  }
}
