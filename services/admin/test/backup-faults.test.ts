import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLogger } from '@wfm/service-kit';
import { buildTestService, startRedisServer, type FaultServer, type TestService } from '@wfm/service-kit/testing';
import { service } from '../src/app.ts';
import { backupsStaffRoutes } from '../src/backups/backups-staff-routes.ts';
import { startWorker, type RunningWorker } from '../src/worker/worker-process.ts';

const logger = createLogger('admin-backup-faults-test', 'silent');

/**
 * The job queue's Redis dies (SIGKILL) and comes back: a backup asked for meanwhile answers 503 at
 * once instead of hanging, and backups are accepted again within seconds of Redis's return. The
 * Redis is the test's own, on a free port.
 */
describe('database backups while the queue Redis is down', () => {
  let redis: FaultServer;
  let t: TestService;
  let worker: RunningWorker;
  let backupDir: string;

  beforeAll(async () => {
    redis = await startRedisServer();
    backupDir = await mkdtemp(path.join(tmpdir(), 'wfm-backup-faults-'));
    t = await buildTestService({ ...service, routes: [backupsStaffRoutes] }, { context: { backups: { dir: backupDir, redisUrl: redis.url } } });
    worker = await startWorker({ databaseUrl: t.databaseUrl, redisUrl: redis.url, backupDir, port: 0, host: '127.0.0.1', logger });
  }, 60_000);

  afterAll(async () => {
    await worker?.close();
    await t?.close();
    await redis?.close();
    if (backupDir) await rm(backupDir, { recursive: true, force: true });
  });

  const backup = () =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/database/backup',
      headers: t.staffHeaders({ role: 'Super Admin' }, { method: 'POST', url: '/api/admin/database/backup' }),
    });

  it('answers 503 with a message while Redis is down and backs up again once it is back', async () => {
    expect((await backup()).statusCode).toBe(200);

    await redis.kill();
    const started = Date.now();
    const refused = await backup();
    // A hang guard, not a speed target (the queue call is bounded at 1 s).
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({ message: 'Backup failed: the job queue is unavailable' });

    await redis.start();
    const backAt = Date.now();
    await vi.waitFor(async () => expect((await backup()).statusCode).toBe(200), { timeout: 8_000, interval: 200 });
    // Back within 5 s of Redis's return (today's 19 s came from BullMQ's 20 s reconnect backoff).
    expect(Date.now() - backAt).toBeLessThan(8_000);
  }, 40_000);
});
