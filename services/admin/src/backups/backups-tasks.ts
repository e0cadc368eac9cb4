import type { TaskHandler, Sql } from '@wfm/service-kit';
import { createBackupHandler } from './backups-backup-task.ts';
import { ALL_TASK_NAMES } from './backups-task-names.ts';
import { createRestoreHandler } from './backups-restore-task.ts';

export interface TaskHandlerDeps {
  /** The admin schema's pool. */
  sql: Sql;
  backupDir: string;
  /** pg_dump connects with this (BACKUP_DATABASE_URL, else DATABASE_URL). */
  backupDatabaseUrl: string;
  /** pg_restore connects with this (RESTORE_DATABASE_URL, else DATABASE_URL). */
  restoreDatabaseUrl: string;
  /** PG_BIN_DIR: where pg_dump and pg_restore are; default PATH. */
  pgBinDir?: string | undefined;
}

/** Every task the worker runs (on the kit's job runner, queue `admin`). */
export function createTaskHandlers(deps: TaskHandlerDeps): TaskHandler[] {
  return [
    createBackupHandler({ backupDir: deps.backupDir, databaseUrl: deps.backupDatabaseUrl, binDir: deps.pgBinDir }),
    createRestoreHandler({
      backupDir: deps.backupDir,
      databaseUrl: deps.restoreDatabaseUrl,
      binDir: deps.pgBinDir,
      sql: deps.sql,
    }),
  ];
}

/**
 * The handlers' names. Fails on a second handler with the same name, or on a task the admin service
 * enqueues (`required`) that has no handler, so a wiring mistake stops the worker at start instead
 * of failing tasks later.
 */
export function checkTaskHandlers(handlers: readonly TaskHandler[], required: readonly string[] = ALL_TASK_NAMES): string[] {
  const names = new Set<string>();
  for (const handler of handlers) {
    if (names.has(handler.name)) throw new Error(`Duplicate job handler "${handler.name}"`);
    names.add(handler.name);
  }
  const missing = required.filter((name) => !names.has(name));
  if (missing.length > 0) {
    throw new Error(`Missing job handler${missing.length > 1 ? 's' : ''} ${missing.map((n) => `"${n}"`).join(', ')}`);
  }
  return [...names];
}
