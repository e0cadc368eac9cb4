import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { UnrecoverableError } from 'bullmq';
import postgres from 'postgres';
import { z } from 'zod';
import { writeEvent, type TaskHandler, type Sql } from '@wfm/service-kit';
import { SERVICE_SCHEMAS } from './backups-backup-task.ts';
import { isBackupFileName } from './backups-files.ts';
import { TASK_NAMES } from './backups-task-names.ts';
import { assertToolMatchesServer, listArchive, runPgTool, type PgToolsOptions } from './backups-pg-tools.ts';
import { reseedOutboxSequences } from './backups-repository.ts';

/**
 * Schemas a restore leaves exactly as they are, although backups contain them: the admin schema
 * holds the staff accounts, their sessions, the failed-login counters and the audit log, which must
 * never go back in time (a deleted or deactivated account, an old password or an ended session
 * coming back, audit entries written since the backup lost). See docs/backups.md.
 */
export const KEPT_SCHEMAS: readonly string[] = ['admin'];

/** `<dump id>; <catalog oid> <object oid> <TYPE WORDS> <schema or -> <name...> <owner>` */
const TOC_ENTRY = /^\d+; \d+ \d+ [A-Z]+(?: [A-Z]+)* (\S+) (.+) \S+$/;

/**
 * The archive's table of contents without the entries of `schemas`: their objects, data, ACLs,
 * comments and default privileges, and the schema entries themselves (else `--clean` would try to
 * drop the schema). Left-out entries stay in the list as comments.
 */
export function tocWithout(toc: string, schemas: readonly string[]): string {
  const kept = new Set(schemas);
  return toc
    .split('\n')
    .map((line) => {
      const entry = TOC_ENTRY.exec(line);
      if (!entry) return line;
      const [, schema, name] = entry as unknown as [string, string, string];
      const ofKeptSchema =
        kept.has(schema) || (schema === '-' && (kept.has(name) || (name.startsWith('SCHEMA ') && kept.has(name.slice(7)))));
      return ofKeptSchema ? `; kept out of the restore: ${line}` : line;
    })
    .join('\n');
}

export const RestoreTaskData = z.object({
  backupFileName: z.string().refine(isBackupFileName, 'Invalid backup file name'),
});
export type RestoreTaskData = z.infer<typeof RestoreTaskData>;

export interface RestoreResult {
  backupFileName: string;
  /** When the restore committed, epoch ms. */
  at: number;
}

export interface RestoreTaskOptions extends PgToolsOptions {
  backupDir: string;
  /** RESTORE_DATABASE_URL (a role that may drop and recreate every service's objects), else DATABASE_URL. */
  databaseUrl: string;
  /** The admin schema's pool: the restored event goes through its outbox. */
  sql: Sql;
  schemas?: readonly string[];
}

/** A restore waits this long for a table lock (a long transaction of a service) before failing and retrying. */
const LOCK_TIMEOUT = '60s';

/**
 * Outbox ids become JetStream message ids, which are deduplicated for minutes. The restored
 * sequences are back where they were at backup time, so ids handed out since then would be reused
 * and their events dropped: move every outbox sequence past the clock, as the kit's migration
 * seeds it.
 */
async function reseedOutboxes(databaseUrl: string, schemas: readonly string[]): Promise<void> {
  const sql = postgres(databaseUrl, { max: 1, connect_timeout: 10, onnotice: () => undefined });
  try {
    await sql.begin((tx) => reseedOutboxSequences(tx, schemas));
  } finally {
    await sql.end({ timeout: 1 });
  }
}

/**
 * `pg_restore --single-transaction --clean --if-exists`: every service schema but the kept ones
 * (KEPT_SCHEMAS) is replaced by the backup's in one transaction (a failure changes nothing). Services keep running: their pools
 * resolve tables by name, and the `admin.database.restored` event tells them to drop caches.
 */
export function createRestoreHandler(opts: RestoreTaskOptions): TaskHandler {
  const schemas = opts.schemas ?? SERVICE_SCHEMAS;
  return {
    name: TASK_NAMES.restore,
    async run(data): Promise<RestoreResult> {
      const parsed = RestoreTaskData.safeParse(data);
      if (!parsed.success) throw new UnrecoverableError('Invalid restore job data');
      const { backupFileName } = parsed.data;
      const file = path.join(opts.backupDir, backupFileName);
      const found = await stat(file).catch(() => null);
      if (!found?.isFile()) throw new UnrecoverableError(`Backup ${backupFileName} not found`);

      await assertToolMatchesServer('pg_restore', opts.databaseUrl, opts);
      const list = tocWithout(await listArchive(file, opts), KEPT_SCHEMAS);
      const work = await mkdtemp(path.join(tmpdir(), 'wfm-restore-'));
      try {
        const listFile = path.join(work, 'restore.list');
        await writeFile(listFile, list);
        await runPgTool('pg_restore', ['--single-transaction', '--clean', '--if-exists', `--use-list=${listFile}`, file], {
          ...opts,
          env: { PGOPTIONS: `-c lock_timeout=${LOCK_TIMEOUT}` },
        });
      } finally {
        await rm(work, { recursive: true, force: true });
      }
      await reseedOutboxes(opts.databaseUrl, schemas);
      const at = Date.now();
      await writeEvent(opts.sql, 'admin.database.restored', { backupFileName, at });
      return { backupFileName, at };
    },
  };
}
