import { chmod, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { UnrecoverableError } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, createSql, type Sql } from '@wfm/service-kit';
import { createTestDatabase, type TestDatabase } from '@wfm/service-kit/testing';
import { createBackupHandler } from '../src/backups/backups-backup-task.ts';
import { parseClientVersion, serverVersion } from '../src/backups/backups-pg-tools.ts';
import { createRestoreHandler } from '../src/backups/backups-restore-task.ts';

const ctx = { id: 'test', attempt: 1, logger: createLogger('t', 'silent') };

describe('parseClientVersion', () => {
  it('reads the major version of release, Debian and pre-release builds', () => {
    expect(parseClientVersion('pg_dump (PostgreSQL) 15.20 (Debian 15.20-0+deb12u1)\n')).toEqual({ major: 15, text: '15.20' });
    expect(parseClientVersion('pg_restore (PostgreSQL) 17.2\n')).toEqual({ major: 17, text: '17.2' });
    expect(parseClientVersion('pg_dump (PostgreSQL) 18beta1\n')).toEqual({ major: 18, text: '18beta1' });
    expect(parseClientVersion('something else')).toBeNull();
  });
});

describe('backup and restore jobs with unusable tools', () => {
  let db: TestDatabase;
  let sql: Sql;
  let work: string;
  let serverMajor: number;

  beforeAll(async () => {
    db = await createTestDatabase();
    sql = createSql(db.url, { schema: 'admin', max: 1, logger: createLogger('t', 'silent') });
    await sql`CREATE SCHEMA forum`;
    await sql`CREATE TABLE forum.posts (id int PRIMARY KEY)`;
    work = await mkdtemp(path.join(tmpdir(), 'wfm-backup-tools-'));
    serverMajor = (await serverVersion(db.url)).major;
  });
  afterAll(async () => {
    await sql?.end();
    await db?.drop();
    if (work) await rm(work, { recursive: true, force: true });
  });

  /** A directory holding fake pg_dump / pg_restore shell scripts. */
  async function binDirWith(scripts: Record<string, string>): Promise<string> {
    const dir = await mkdtemp(path.join(work, 'bin-'));
    for (const [name, body] of Object.entries(scripts)) {
      await writeFile(path.join(dir, name), `#!/bin/sh\n${body}\n`);
      await chmod(path.join(dir, name), 0o755);
    }
    return dir;
  }

  const backupDir = () => mkdtemp(path.join(work, 'backups-'));

  const fileName = 'wfm-backup-2025-01-31T09-15-02-123Z.dump';

  it('fails with a clear, final error and writes nothing when pg_dump is missing', async () => {
    const dir = await backupDir();
    const emptyBin = await binDirWith({});
    const backup = createBackupHandler({ backupDir: dir, databaseUrl: db.url, binDir: emptyBin });

    const failure = backup.run({ fileName }, ctx);
    await expect(failure).rejects.toBeInstanceOf(UnrecoverableError);
    await expect(failure).rejects.toThrow(
      `pg_dump was not found in ${emptyBin}: install the PostgreSQL ${serverMajor} client tools (postgresql-client-${serverMajor}) or set PG_BIN_DIR to their directory`,
    );
    expect(await readdir(dir)).toEqual([]);
  });

  it('refuses a pg_dump older than the server before writing anything', async () => {
    const dir = await backupDir();
    const bin = await binDirWith({ pg_dump: 'echo "pg_dump (PostgreSQL) 9.6.24"' });
    const backup = createBackupHandler({ backupDir: dir, databaseUrl: db.url, binDir: bin });

    const failure = backup.run({ fileName }, ctx);
    await expect(failure).rejects.toBeInstanceOf(UnrecoverableError);
    await expect(failure).rejects.toThrow(
      new RegExp(`^pg_dump 9\\.6\\.24 cannot be used with PostgreSQL server ${serverMajor}\\.\\S+: install the PostgreSQL ${serverMajor} client tools`),
    );
    expect(await readdir(dir)).toEqual([]);
  });

  /** A pg_dump of the server's version that writes half a file, prints `error` and exits 1. */
  const failingPgDump = (error: string) =>
    binDirWith({
      pg_dump: [
        `if [ "$1" = "--version" ]; then echo "pg_dump (PostgreSQL) ${serverMajor}.1"; exit 0; fi`,
        'for arg in "$@"; do case "$arg" in --file=*) printf "PGDMP half" > "${arg#--file=}";; esac; done',
        `echo 'pg_dump: error: ${error}' >&2`,
        'exit 1',
      ].join('\n'),
    });

  it('leaves no partial file when pg_dump fails halfway, and retries only what may pass next time', async () => {
    const dir = await backupDir();
    const refused = createBackupHandler({
      backupDir: dir,
      databaseUrl: db.url,
      binDir: await failingPgDump('query failed: ERROR:  permission denied for schema forum'),
    });
    const final = refused.run({ fileName }, ctx);
    await expect(final).rejects.toThrow(
      'pg_dump failed (exit code 1): pg_dump: error: query failed: ERROR:  permission denied for schema forum',
    );
    await expect(final).rejects.toBeInstanceOf(UnrecoverableError);
    expect(await readdir(dir)).toEqual([]);

    const unreachable = createBackupHandler({
      backupDir: dir,
      databaseUrl: db.url,
      binDir: await failingPgDump('connection to server at "db" (10.0.0.5), port 5432 failed: Connection refused'),
    });
    const transient = unreachable.run({ fileName }, ctx);
    await expect(transient).rejects.toThrow('pg_dump failed (exit code 1): pg_dump: error: connection to server at');
    await expect(transient).rejects.not.toBeInstanceOf(UnrecoverableError);
    expect(await readdir(dir)).toEqual([]);
  });

  it('fails a restore for good when pg_restore is missing or the file is gone', async () => {
    const dir = await backupDir();
    const emptyBin = await binDirWith({});
    const restore = createRestoreHandler({ backupDir: dir, databaseUrl: db.url, binDir: emptyBin, sql });

    await expect(restore.run({ backupFileName: fileName }, ctx)).rejects.toThrow(`Backup ${fileName} not found`);
    await writeFile(path.join(dir, fileName), 'PGDMP');
    const failure = restore.run({ backupFileName: fileName }, ctx);
    await expect(failure).rejects.toBeInstanceOf(UnrecoverableError);
    await expect(failure).rejects.toThrow(`pg_restore was not found in ${emptyBin}`);
  });

  it('refuses job data naming a path outside the backups directory', async () => {
    const dir = await backupDir();
    const backup = createBackupHandler({ backupDir: dir, databaseUrl: db.url });
    const restore = createRestoreHandler({ backupDir: dir, databaseUrl: db.url, sql });
    await expect(backup.run({ fileName: '../escape.dump' }, ctx)).rejects.toThrow('Invalid backup job data');
    await expect(restore.run({ backupFileName: '../../etc/passwd' }, ctx)).rejects.toThrow('Invalid restore job data');
  });
});
