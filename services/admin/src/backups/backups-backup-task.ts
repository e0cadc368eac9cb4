import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { UnrecoverableError } from 'bullmq';
import { z } from 'zod';
import { SERVICES } from '@wfm/contracts/shared';
import { type CreateBackupResponse } from '@wfm/contracts/admin';
import type { TaskHandler } from '@wfm/service-kit';
import { isBackupFileName } from './backups-files.ts';
import { TASK_NAMES } from './backups-task-names.ts';
import { assertToolMatchesServer, runPgTool, type PgToolsOptions } from './backups-pg-tools.ts';

/** Every service schema; BullMQ's own schema and anything else in the database stay out. */
export const SERVICE_SCHEMAS: readonly string[] = SERVICES.map((s) => s.schema);

export const BackupTaskData = z.object({
  fileName: z.string().refine(isBackupFileName, 'Invalid backup file name'),
});
export type BackupTaskData = z.infer<typeof BackupTaskData>;

export interface BackupTaskOptions extends PgToolsOptions {
  backupDir: string;
  /** BACKUP_DATABASE_URL (a role that reads every schema), else DATABASE_URL. */
  databaseUrl: string;
  schemas?: readonly string[];
}

/** Bounded waits so a backup never hangs behind a lock (a migration, a restore). */
const LOCK_WAIT_TIMEOUT = '60s';

const exists = (file: string) =>
  stat(file).then(
    (info) => info,
    (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return null;
      throw err;
    },
  );

/**
 * `pg_dump --format=custom` of the service schemas into a hidden temporary file in the backups
 * directory, renamed to its final name only once pg_dump has finished (and synced it), so the
 * directory never lists a half-written backup. Outbox rows are left out: they are events already
 * on their way, and a restore must not send them again.
 */
export function createBackupHandler(opts: BackupTaskOptions): TaskHandler {
  const schemas = opts.schemas ?? SERVICE_SCHEMAS;
  return {
    name: TASK_NAMES.backup,
    async run(data): Promise<CreateBackupResponse> {
      const parsed = BackupTaskData.safeParse(data);
      if (!parsed.success) throw new UnrecoverableError('Invalid backup job data');
      const { fileName } = parsed.data;
      const target = path.join(opts.backupDir, fileName);

      // A retry after the rename already happened: the backup is there.
      const done = await exists(target);
      if (done) return { fileName, size: done.size };

      await assertToolMatchesServer('pg_dump', opts.databaseUrl, opts);
      await mkdir(opts.backupDir, { recursive: true });
      const temp = path.join(opts.backupDir, `.${fileName}.${randomBytes(4).toString('hex')}.partial`);
      try {
        await runPgTool(
          'pg_dump',
          [
            '--format=custom',
            `--lock-wait-timeout=${LOCK_WAIT_TIMEOUT}`,
            ...schemas.map((schema) => `--schema=${schema}`),
            '--exclude-table-data=*.outbox',
            `--file=${temp}`,
          ],
          opts,
        );
        await rename(temp, target);
      } finally {
        await rm(temp, { force: true });
      }
      const { size } = await stat(target);
      return { fileName, size };
    },
  };
}
