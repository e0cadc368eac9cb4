import type { Sql } from '@wfm/service-kit';
import { createBackupHandler } from '../backups/backup-job.ts';
import { createRestoreHandler } from '../backups/restore-job.ts';
import type { JobHandler } from './registry.ts';

export interface JobHandlerDeps {
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

/** Every job the worker runs. */
export function createJobHandlers(deps: JobHandlerDeps): JobHandler[] {
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
