import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, recordStaffAction } from '@wfm/service-kit';
import { buildTestService, type TestService } from '@wfm/service-kit/testing';
import { service } from '../src/app.ts';
import { auditStaffRoutes } from '../src/audit/audit-staff-routes.ts';
import { backupsStaffRoutes } from '../src/backups/backups-staff-routes.ts';
import { tocWithout, unknownRelations } from '../src/backups/backups-restore-task.ts';
import { loginsRoutes } from '../src/logins/logins-routes.ts';
import { accountsStaffRoutes } from '../src/accounts/accounts-staff-routes.ts';
import { startWorker, type RunningWorker } from '../src/worker/worker-process.ts';
import { asStaff, checkSession, createStaff, login, loginCookie, uniqueName } from './staff-helpers.ts';

const logger = createLogger('admin-restore-test', 'silent');

describe('a restore and the staff accounts, sessions and audit log', () => {
  const queueName = `admin-test-${randomBytes(6).toString('hex')}`;
  let t: TestService;
  let worker: RunningWorker;
  let backupDir: string;

  beforeAll(async () => {
    backupDir = await mkdtemp(path.join(tmpdir(), 'wfm-restore-staff-'));
    t = await buildTestService(
      { ...service, routes: [loginsRoutes, accountsStaffRoutes, auditStaffRoutes, backupsStaffRoutes] },
      { context: { backups: { dir: backupDir, redisUrl: undefined, queueName } } },
    );
    worker = await startWorker({ databaseUrl: t.databaseUrl, queueName, backupDir, port: 0, host: '127.0.0.1', logger });
  });

  afterAll(async () => {
    await worker?.close();
    await t?.close();
    if (backupDir) await rm(backupDir, { recursive: true, force: true });
  });

  it('never brings back a deleted or deactivated account, an old password or an ended session, and keeps later audit entries', async () => {
    const superAdmin = await createStaff(t.sql, { role: 'Super Admin' });
    const as = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
      asStaff(t, superAdmin, { method, url, ...(payload ? { payload } : {}) });

    const deleted = await createStaff(t.sql);
    const deactivated = await createStaff(t.sql);
    const renamedPassword = await createStaff(t.sql);
    const loggedOut = await createStaff(t.sql);
    const oldSession = await loginCookie(t.app, renamedPassword);
    const endedSession = await loginCookie(t.app, loggedOut);
    // Service data that the restore does bring back.
    await t.sql`CREATE SCHEMA forum`;
    await t.sql`CREATE TABLE forum.posts (id int PRIMARY KEY, title text NOT NULL)`;
    await t.sql`INSERT INTO forum.posts VALUES (1, 'before the backup')`;

    const [mark] = await t.sql<{ id: number }[]>`SELECT coalesce(max(id), 0)::int AS id FROM audit_log`;
    const backup = await as('POST', '/api/admin/database/backup');
    expect(backup.statusCode).toBe(200);
    const { fileName } = backup.json<{ fileName: string }>();

    // After the backup: every kind of change the restore must not undo.
    expect((await as('DELETE', `/api/admin/staff/${deleted.id}`)).statusCode).toBe(200);
    expect((await as('PUT', `/api/admin/staff/${deactivated.id}`, { active: false })).statusCode).toBe(200);
    const newPassword = 'a brand new password';
    expect((await as('PUT', `/api/admin/staff/${renamedPassword.id}`, { password: newPassword })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/logout', headers: { cookie: endedSession } })).statusCode).toBe(200);
    const created = await as('POST', '/api/admin/staff', {
      username: uniqueName('after'),
      email: 'after@example.com',
      password: 'password after the backup',
    });
    expect(created.statusCode).toBe(201);
    await recordStaffAction(t.sql, t.app, superAdmin, { action: 'test.after-backup', target: { type: 'test', id: 'x' } });
    await t.sql`UPDATE forum.posts SET title = 'after the backup'`;
    const later = await t.sql<{ id: number; action: string }[]>`SELECT id, action FROM audit_log WHERE id > ${mark!.id} ORDER BY id`;
    expect(later.map((e) => e.action)).toEqual(
      expect.arrayContaining(['database.backup', 'staff.delete', 'staff.deactivate', 'staff.update', 'staff.logout', 'staff.create', 'test.after-backup']),
    );
    const staffBefore = await t.sql`SELECT * FROM staff ORDER BY id`;
    const sessionsBefore = await t.sql`SELECT * FROM staff_sessions ORDER BY id_hash`;

    const restored = await as('POST', '/api/admin/database/restore', { backupFileName: fileName });
    expect(restored.statusCode).toBe(200);

    // The service data went back...
    expect(await t.sql`SELECT title FROM forum.posts`).toEqual([{ title: 'before the backup' }]);
    // ...the staff accounts and sessions did not.
    expect(await t.sql`SELECT * FROM staff ORDER BY id`).toEqual(staffBefore);
    expect(await t.sql`SELECT * FROM staff_sessions ORDER BY id_hash`).toEqual(sessionsBefore);
    expect(await t.sql`SELECT 1 FROM staff WHERE id = ${deleted.id}`).toHaveLength(0);
    expect((await login(t.app, { username: deleted.username, password: deleted.password })).statusCode).toBe(401);
    expect((await login(t.app, { username: deactivated.username, password: deactivated.password })).statusCode).toBe(401);
    expect((await login(t.app, { username: renamedPassword.username, password: renamedPassword.password })).statusCode).toBe(401);
    expect((await login(t.app, { username: renamedPassword.username, password: newPassword })).statusCode).toBe(200);
    expect((await checkSession(t.app, oldSession)).statusCode).toBe(401);
    expect((await checkSession(t.app, endedSession)).statusCode).toBe(401);
    // Every audit entry written after the backup is still there, then the restore itself.
    const after = await t.sql<{ id: number; action: string }[]>`SELECT id, action FROM audit_log WHERE id > ${mark!.id} ORDER BY id`;
    expect(after.slice(0, later.length)).toEqual(later);
    expect(after.map((e) => e.action)).toContain('database.restore');
    // The account sequence was not rewound: a new account gets a fresh id.
    const another = await as('POST', '/api/admin/staff', { username: uniqueName('next'), email: 'n@example.com', password: 'password next one' });
    expect(another.statusCode).toBe(201);
  });

  it('keeps the rows of tables marked "restore: keep" (security state), newer ones included, and replaces the rest of their schema', async () => {
    const superAdmin = await createStaff(t.sql, { role: 'Super Admin' });
    await t.sql`CREATE SCHEMA jobs`;
    await t.sql`CREATE TABLE jobs.kit_revoked_visitors (revocation text PRIMARY KEY, revoked_at timestamptz NOT NULL DEFAULT now())`;
    await t.sql`CREATE INDEX kit_revoked_visitors_at ON jobs.kit_revoked_visitors (revoked_at)`;
    await t.sql`COMMENT ON TABLE jobs.kit_revoked_visitors IS 'restore: keep (test)'`;
    await t.sql`CREATE TABLE jobs.listings (id int PRIMARY KEY, title text NOT NULL)`;
    await t.sql`INSERT INTO jobs.kit_revoked_visitors (revocation) VALUES ('before')`;
    await t.sql`INSERT INTO jobs.listings VALUES (1, 'before the backup')`;
    const backup = await asStaff(t, superAdmin, { method: 'POST', url: '/api/admin/database/backup' });
    expect(backup.statusCode).toBe(200);
    const { fileName } = backup.json<{ fileName: string }>();

    await t.sql`INSERT INTO jobs.kit_revoked_visitors (revocation) VALUES ('after')`;
    await t.sql`INSERT INTO jobs.listings VALUES (2, 'after the backup')`;
    const restored = await asStaff(t, superAdmin, { method: 'POST', url: '/api/admin/database/restore', payload: { backupFileName: fileName } });
    expect(restored.statusCode, restored.body).toBe(200);

    expect(await t.sql`SELECT id, title FROM jobs.listings ORDER BY id`).toEqual([{ id: 1, title: 'before the backup' }]);
    expect(await t.sql`SELECT revocation FROM jobs.kit_revoked_visitors ORDER BY revocation`).toEqual([
      { revocation: 'after' },
      { revocation: 'before' },
    ]);
    // Its index, primary key and mark are still there (the table was never dropped).
    expect(await t.sql`SELECT indexname FROM pg_indexes WHERE schemaname = 'jobs' AND tablename = 'kit_revoked_visitors' ORDER BY 1`).toEqual([
      { indexname: 'kit_revoked_visitors_at' },
      { indexname: 'kit_revoked_visitors_pkey' },
    ]);
    expect(await t.sql`SELECT obj_description('jobs.kit_revoked_visitors'::regclass, 'pg_class') AS mark`).toEqual([{ mark: 'restore: keep (test)' }]);
  });

  it('answers malformed restore bodies 400 with a message', async () => {
    const url = '/api/admin/database/restore';
    for (const payload of ['{"backupFileName": "wfm-backup-', JSON.stringify({ backupFileName: 5 }), JSON.stringify({ backupFileName: ['a.dump'] }), '[]']) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { ...t.staffHeaders({ role: 'Super Admin' }, { method: 'POST', url }), 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json<{ message: string }>().message).toEqual(expect.any(String));
    }
  });
});

describe('tocWithout', () => {
  const toc = [
    ';',
    '; Selected TOC Entries:',
    '7; 2615 16892 SCHEMA - admin postgres',
    '3428; 0 0 COMMENT - SCHEMA admin postgres',
    '3429; 0 0 ACL - SCHEMA admin postgres',
    '6; 2615 16968 SCHEMA - forum postgres',
    '228; 1255 22657 FUNCTION admin staff_name_event() postgres',
    '221; 1259 16912 TABLE admin staff postgres',
    '3432; 0 0 COMMENT admin TABLE staff postgres',
    '3433; 0 0 ACL admin TABLE staff postgres',
    '3412; 0 16912 TABLE DATA admin staff postgres',
    '3431; 0 0 SEQUENCE SET admin staff_id_seq postgres',
    '3264; 2606 16939 FK CONSTRAINT admin staff_sessions staff_sessions_staff_id_fkey postgres',
    '3267; 2620 22658 TRIGGER admin staff staff_created_event postgres',
    '2066; 826 22660 DEFAULT ACL admin DEFAULT PRIVILEGES FOR TABLES postgres',
    '227; 1259 16969 TABLE forum posts postgres',
    '3418; 0 16969 TABLE DATA forum posts postgres',
    '3263; 2606 16973 CONSTRAINT forum posts posts_pkey postgres',
    '3440; 0 0 ACL - SCHEMA forum postgres',
    '230; 1259 16980 TABLE forum admin postgres',
  ].join('\n');

  it('comments out a kept table and its objects (data, comment, ACL, constraints, indexes, triggers) and its schema entry, and nothing else', () => {
    const schemaToc = [
      '6; 2615 22934 SCHEMA - identity postgres',
      '3440; 0 0 ACL - SCHEMA identity postgres',
      '215; 1259 22935 TABLE identity kit_revoked_visitors postgres',
      '3363; 0 0 COMMENT identity TABLE kit_revoked_visitors postgres',
      '3364; 0 0 ACL identity TABLE kit_revoked_visitors postgres',
      '217; 1259 22945 TABLE identity visitors postgres',
      '3365; 0 0 COMMENT identity TABLE visitors postgres',
      '3354; 0 22935 TABLE DATA identity kit_revoked_visitors postgres',
      '3356; 0 22945 TABLE DATA identity visitors postgres',
      '3206; 2606 22943 CONSTRAINT identity kit_revoked_visitors kit_revoked_visitors_pkey postgres',
      '3209; 2606 22952 CONSTRAINT identity visitors visitors_pkey postgres',
      '3207; 1259 22955 INDEX identity kit_revoked_visitors_at postgres',
      '3208; 1259 22956 INDEX identity visitors_token_idx postgres',
      '3267; 2620 22658 TRIGGER identity kit_revoked_visitors stamp postgres',
      '3268; 2606 22957 FK CONSTRAINT identity recovery visitor_fkey postgres',
      '7; 2615 16968 SCHEMA - forum postgres',
      '227; 1259 16969 TABLE forum kit_revoked_visitors postgres',
    ].join('\n');
    const active = tocWithout(schemaToc, ['admin'], [{ schema: 'identity', name: 'kit_revoked_visitors', indexes: ['kit_revoked_visitors_at', 'kit_revoked_visitors_pkey'] }])
      .split('\n')
      .filter((line) => !line.startsWith(';'));
    expect(active).toEqual([
      '3440; 0 0 ACL - SCHEMA identity postgres',
      '217; 1259 22945 TABLE identity visitors postgres',
      '3365; 0 0 COMMENT identity TABLE visitors postgres',
      '3356; 0 22945 TABLE DATA identity visitors postgres',
      '3209; 2606 22952 CONSTRAINT identity visitors visitors_pkey postgres',
      '3208; 1259 22956 INDEX identity visitors_token_idx postgres',
      '3268; 2606 22957 FK CONSTRAINT identity recovery visitor_fkey postgres',
      '7; 2615 16968 SCHEMA - forum postgres',
      '227; 1259 16969 TABLE forum kit_revoked_visitors postgres',
    ]);
  });

  it('names the tables and views of an archived schema that the archive does not know and the restore does not keep', () => {
    const schemaToc = ['6; 2615 1 SCHEMA - forum postgres', '227; 1259 2 TABLE forum posts postgres', '228; 1259 3 VIEW forum hot postgres'].join('\n');
    const live = [
      { schema: 'forum', name: 'posts' },
      { schema: 'forum', name: 'hot' },
      { schema: 'forum', name: 'newer' },
      { schema: 'forum', name: 'kit_revoked_visitors' },
      { schema: 'admin', name: 'staff' },
      { schema: 'jobs', name: 'not_in_the_archive_at_all' },
    ];
    expect(unknownRelations(schemaToc, live, [{ schema: 'forum', name: 'kit_revoked_visitors', indexes: [] }])).toEqual(['forum.newer']);
  });

  it('comments out every entry of a kept schema, the schema itself included, and nothing else', () => {
    const active = tocWithout(toc, ['admin'])
      .split('\n')
      .filter((line) => !line.startsWith(';'));
    expect(active).toEqual([
      '6; 2615 16968 SCHEMA - forum postgres',
      '227; 1259 16969 TABLE forum posts postgres',
      '3418; 0 16969 TABLE DATA forum posts postgres',
      '3263; 2606 16973 CONSTRAINT forum posts posts_pkey postgres',
      '3440; 0 0 ACL - SCHEMA forum postgres',
      '230; 1259 16980 TABLE forum admin postgres',
    ]);
  });
});
