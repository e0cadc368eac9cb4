import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { StaffRole } from '@wfm/contracts/shared';
import { createLogger } from '@wfm/service-kit';
import { buildTestService, TEST_REDIS_URL, type TestService } from '@wfm/service-kit/testing';
import { service } from '../src/app.ts';
import { backupsStaffRoutes } from '../src/backups/backups-staff-routes.ts';
import { backendArgs, loadRateLimitSettings, queueConnection, RATE_LIMIT_MESSAGE } from '@wfm/service-kit';
import { startWorker, type RunningWorker } from '../src/worker/worker-process.ts';

const logger = createLogger('admin-backup-test', 'silent');

describe.each([
  { backend: 'postgres', redisUrl: null },
  { backend: 'redis', redisUrl: TEST_REDIS_URL },
] as const)('database backups on the $backend queue', ({ redisUrl }) => {
  const queueName = `admin-test-${randomBytes(6).toString('hex')}`;
  let t: TestService;
  let worker: RunningWorker;
  let backupDir: string;

  beforeAll(async () => {
    backupDir = await mkdtemp(path.join(tmpdir(), 'wfm-backups-'));
    t = await buildTestService(
      { ...service, routes: [backupsStaffRoutes] },
      { context: { backups: { dir: backupDir, redisUrl: redisUrl ?? undefined, queueName } } },
    );
    worker = await startWorker({
      databaseUrl: t.databaseUrl,
      redisUrl: redisUrl ?? undefined,
      queueName,
      backupDir,
      port: 0,
      host: '127.0.0.1',
      logger,
    });
  });

  afterAll(async () => {
    await worker?.close();
    if (redisUrl) {
      const queue = new Queue(queueName, { connection: { url: redisUrl }, prefix: 'wfm' });
      await queue.obliterate({ force: true });
      await queue.close();
    }
    await t?.close();
    if (backupDir) await rm(backupDir, { recursive: true, force: true });
  });

  /** The test's queue, as the routes and the worker see it. */
  const openQueue = () => {
    const { factory, connection, prefix } = backendArgs(queueConnection({ redisUrl: redisUrl ?? undefined, databaseUrl: t.databaseUrl }));
    return new Queue(queueName, { connection, ...(prefix ? { prefix } : {}) }, factory);
  };

  const call = (method: 'GET' | 'POST', url: string, opts: { role?: StaffRole | null; body?: object } = {}) =>
    t.app.inject({
      method,
      url,
      headers: opts.role === null ? {} : t.staffHeaders({ role: opts.role ?? 'Super Admin' }, { method, url }),
      ...(opts.body ? { payload: opts.body } : {}),
    });

  it('backs up, restores, and the change made in between is gone', async () => {
    await t.sql`CREATE SCHEMA forum`;
    await t.sql`CREATE TABLE forum.posts (id int PRIMARY KEY, title text NOT NULL)`;
    await t.sql`INSERT INTO forum.posts VALUES (1, 'kept')`;

    const created = await call('POST', '/api/admin/database/backup');
    expect(created.statusCode).toBe(200);
    const { fileName, size } = created.json<{ fileName: string; size: number }>();
    expect(fileName).toMatch(/^wfm-backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z-[0-9a-f]{6}\.dump$/);
    expect(size).toBe((await stat(path.join(backupDir, fileName))).size);
    expect(size).toBeGreaterThan(0);
    expect(await t.sql`SELECT action, target_type FROM audit_log WHERE target_id = ${fileName}`).toEqual([
      { action: 'database.backup', target_type: 'backup' },
    ]);

    const listed = await call('GET', '/api/admin/database/backups');
    expect(listed.statusCode).toBe(200);
    const { backups } = listed.json<{ backups: { fileName: string; size: number; created: number }[] }>();
    expect(backups).toContainEqual({ fileName, size, created: expect.any(Number) });

    const stats = await call('GET', '/api/admin/database/backup-stats');
    expect(stats.statusCode).toBe(200);
    expect(stats.json()).toEqual({ count: backups.length, totalSize: backups.reduce((sum, b) => sum + b.size, 0) });

    await t.sql`INSERT INTO forum.posts VALUES (2, 'added after the backup')`;
    await t.sql`UPDATE forum.posts SET title = 'changed after the backup' WHERE id = 1`;
    const [before] = await t.sql<{ last: number }[]>`SELECT pg_sequence_last_value('admin.outbox_id_seq') AS last`;
    const restoredEvents: unknown[] = [];
    const unsubscribe = await t.bus.subscribe('admin.database.restored', (evt) => {
      restoredEvents.push(evt.data);
    });

    const restored = await call('POST', '/api/admin/database/restore', { body: { backupFileName: fileName } });
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toEqual({ message: `Database restored from ${fileName}`, backupFileName: fileName });

    expect(await t.sql`SELECT id, title FROM forum.posts ORDER BY id`).toEqual([{ id: 1, title: 'kept' }]);
    // The service's own pool keeps working on the recreated tables, and the event reaches the bus.
    await vi.waitFor(() => expect(restoredEvents).toContainEqual({ backupFileName: fileName, at: expect.any(Number) }), {
      timeout: 10_000,
    });
    await unsubscribe();
    const [after] = await t.sql<{ last: number }[]>`SELECT pg_sequence_last_value('admin.outbox_id_seq') AS last`;
    expect(after!.last).toBeGreaterThan(before!.last ?? 0);
    expect((await call('GET', '/api/admin/database/backups')).statusCode).toBe(200);
    // The audit log is not restored (restore-keeps-staff.test.ts): the backup's entry, written after
    // the dump, is still there, then the restore itself.
    expect(await t.sql`SELECT action, target_type, target_id FROM audit_log WHERE target_id = ${fileName} ORDER BY id`).toEqual([
      { action: 'database.backup', target_type: 'backup', target_id: fileName },
      { action: 'database.restore', target_type: 'backup', target_id: fileName },
    ]);
  });

  it('changes nothing when the database has a table the backup does not know', async () => {
    await t.sql`CREATE SCHEMA catalog`;
    await t.sql`CREATE TABLE catalog.tools (id int PRIMARY KEY)`;
    const created = await call('POST', '/api/admin/database/backup');
    expect(created.statusCode).toBe(200);
    const { fileName } = created.json<{ fileName: string }>();

    // A table the backup does not know (a migration ran since): refused before pg_restore runs.
    await t.sql`CREATE TABLE catalog.newer (id int)`;
    await t.sql`INSERT INTO catalog.tools VALUES (7)`;
    try {
      const restored = await call('POST', '/api/admin/database/restore', { body: { backupFileName: fileName } });
      expect(restored.statusCode).toBe(500);
      expect(restored.json<{ message: string }>().message).toBe(
        'Restore failed: the database has tables this backup does not know (catalog.newer): a migration ran since the backup; ' +
          'restore it into a database of the release that made it',
      );
      expect(await t.sql`SELECT id FROM catalog.tools`).toEqual([{ id: 7 }]);
    } finally {
      await t.sql`DROP TABLE catalog.newer`;
    }
  });

  it('makes job ids itself: requests with the same x-request-id each run their own job, under a server id', async () => {
    const url = '/api/admin/database/backup';
    const requestId = `chosen-${randomBytes(6).toString('hex')}`;
    const send = () =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { ...t.staffHeaders({ role: 'Super Admin' }, { method: 'POST', url }), 'x-request-id': requestId },
      });
    const before = await readdir(backupDir);

    const [first, second] = await Promise.all([send(), send()]);
    const third = await send();
    expect([first, second, third].map((res) => res.statusCode)).toEqual([200, 200, 200]);
    const names = [first, second, third].map((res) => res.json<{ fileName: string }>().fileName);
    expect(new Set(names).size).toBe(3);
    const added = (await readdir(backupDir)).filter((name) => !before.includes(name));
    expect(added.sort()).toEqual([...names].sort());

    const queue = openQueue();
    try {
      const jobs = await queue.getJobs(['completed', 'failed', 'active', 'waiting', 'delayed']);
      const ids = jobs.map((job) => String(job.id));
      const mine = jobs.filter((job) => names.includes((job.data as { fileName: string }).fileName)).map((job) => String(job.id));
      expect(new Set(mine).size).toBe(3);
      for (const id of mine) expect(id).toMatch(/^backup-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      expect(ids.filter((id) => id.includes(requestId))).toEqual([]);
    } finally {
      await queue.close();
    }
  });

  it('refuses a backup name that could leave the directory (400) and an unknown one (404)', async () => {
    for (const backupFileName of ['../../etc/passwd', '/etc/passwd', '..', 'a/../../b.dump']) {
      const res = await call('POST', '/api/admin/database/restore', { body: { backupFileName } });
      expect(res.statusCode, backupFileName).toBe(400);
      expect(res.json()).toEqual({ message: 'Invalid backup file name' });
    }
    const missing = await call('POST', '/api/admin/database/restore', { body: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: 'backupFileName is required' });

    const unknown = await call('POST', '/api/admin/database/restore', {
      body: { backupFileName: 'wfm-backup-1999-01-01T00-00-00-000Z.dump' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Backup not found' });
    expect(await readdir(backupDir)).not.toContain('wfm-backup-1999-01-01T00-00-00-000Z.dump');
  });

  it('is for Super Admins only', async () => {
    const routes = [
      ['POST', '/api/admin/database/backup'],
      ['GET', '/api/admin/database/backups'],
      ['GET', '/api/admin/database/backup-stats'],
      ['POST', '/api/admin/database/restore'],
    ] as const;
    for (const [method, url] of routes) {
      const anonymous = await call(method, url, { role: null, body: { backupFileName: 'x.dump' } });
      expect(anonymous.statusCode, url).toBe(401);
      for (const role of ['Moderator', 'Admin'] as const) {
        const res = await call(method, url, { role, body: { backupFileName: 'x.dump' } });
        expect(res.statusCode, `${role} ${url}`).toBe(403);
        expect(res.json()).toEqual({ message: 'Insufficient permissions' });
      }
    }
  });
});

describe('backup and restore calls are rate limited by the admin table', () => {
  let t: TestService;
  let backupDir: string;
  beforeAll(async () => {
    backupDir = await mkdtemp(path.join(tmpdir(), 'wfm-backups-'));
    t = await buildTestService(
      { ...service, routes: [backupsStaffRoutes] },
      {
        relay: false,
        context: { backups: { dir: backupDir, redisUrl: undefined } },
        rateLimits: loadRateLimitSettings({ RATE_LIMIT_ADMIN_BACKUP_JOB_STAFF: '2' }),
      },
    );
  });
  afterAll(async () => {
    await t?.close();
    if (backupDir) await rm(backupDir, { recursive: true, force: true });
  });

  const restore = (staffId: number) => {
    const url = '/api/admin/database/restore';
    return t.app.inject({
      method: 'POST',
      url,
      headers: t.staffHeaders({ id: staffId, role: 'Super Admin' }, { method: 'POST', url }),
      payload: { backupFileName: 'wfm-backup-none.dump' },
    });
  };

  it('counts per staff member (backup-job-staff) and answers 429 with the kit message', async () => {
    expect(t.app.rateLimitTable['backup-job-staff']).toMatchObject({ max: 2, key: 'staff', source: 'env' });
    for (let i = 0; i < 2; i++) expect((await restore(1)).statusCode).toBe(404);
    const refused = await restore(1);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: RATE_LIMIT_MESSAGE });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await restore(2)).statusCode).toBe(404);
  });
});
