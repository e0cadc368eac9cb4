import { randomUUID } from 'node:crypto';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorResponse } from '@wfm/contracts/shared';
import {
  BackupListResponse,
  BackupStatsResponse,
  CreateBackupResponse,
  RestoreBackupBody,
  RestoreBackupResponse,
} from '@wfm/contracts/admin';
import { HttpError, notFound, rateLimited, recordStaffAction, staffOnly, type ServiceRoutes } from '@wfm/service-kit';
import { createTaskQueue, TaskFailedError, TaskTimeoutError } from './backups-task-queue.ts';
import { TASK_NAMES } from './backups-task-names.ts';
import { queueConnectionForSql } from '@wfm/service-kit';
import type { AdminContext } from '../context.ts';
import { backupStats, listBackups, newBackupFileName } from './backups-files.ts';
import type { RestoreResult } from './backups-restore-task.ts';

const DEFAULT_WAIT_TIMEOUT_MS = 90_000;
const BACKUP_NOT_FOUND = 'Backup not found';

/**
 * Task ids (BullMQ job ids) are made by the server, never from anything the client sends
 * (x-request-id included): BullMQ deduplicates by job id, so a chosen or replayed id could suppress
 * a backup or restore, or answer with an earlier task's result. Every request runs its own task.
 */
const newTaskId = (kind: 'backup' | 'restore') => `${kind}-${randomUUID()}`;

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 429: ErrorResponse };
const taskErrors = { ...errors, 500: ErrorResponse, 503: ErrorResponse, 504: ErrorResponse };

/**
 * The database tab's calls (Super Admin only). Backup and restore run as tasks in the worker; the
 * request waits for the task and answers its result. The list and stats read the backups directory
 * (ctx.backups), which the admin service and the worker share.
 */
export const backupsStaffRoutes: ServiceRoutes<AdminContext> = async (base, ctx) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { dir: backupDir, redisUrl, queueName } = ctx.backups;
  const tasks = createTaskQueue({ connection: queueConnectionForSql({ redisUrl, sql: ctx.sql }), queueName });
  app.addHook('onClose', () => tasks.close());
  const waitTimeoutMs = ctx.backups.waitTimeoutMs ?? DEFAULT_WAIT_TIMEOUT_MS;
  const access = staffOnly(app, 'database');
  // These wait for their task on purpose (bounded by waitTimeoutMs; the queue answers 503 within
  // about a second when it is down), so the kit's request timeout does not apply. Backups and
  // restores are heavy: after the staff check, the backup-job limit (rate-limits.ts) answers 429
  // to a runaway client instead of queueing dozens.
  const heavy = {
    ...access,
    onRequest: [access.onRequest, rateLimited(app, 'backup-job')],
    config: { ...access.config, requestTimeoutMs: false as const },
  };

  const runTask = async <R>(action: 'Backup' | 'Restore', run: () => Promise<R>): Promise<R> => {
    try {
      return await run();
    } catch (err) {
      if (err instanceof TaskFailedError) throw new HttpError(500, `${action} failed: ${err.message}`);
      if (err instanceof TaskTimeoutError) {
        throw new HttpError(504, `The ${action.toLowerCase()} is taking longer than expected and continues in the background`);
      }
      ctx.log.error({ err }, 'job queue unavailable');
      throw new HttpError(503, `${action} failed: the job queue is unavailable`);
    }
  };

  app.post(
    '/api/admin/database/backup',
    { ...heavy, schema: { response: { 200: CreateBackupResponse, ...taskErrors } } },
    async (request) => {
      const fileName = newBackupFileName(new Date(ctx.now()));
      const backup = await runTask('Backup', () =>
        tasks.run<CreateBackupResponse>(TASK_NAMES.backup, { fileName }, newTaskId('backup'), waitTimeoutMs),
      );
      await recordStaffAction(ctx.sql, ctx, request.staff!, { action: 'database.backup', target: { type: 'backup', id: backup.fileName } });
      return backup;
    },
  );

  app.get(
    '/api/admin/database/backups',
    { ...access, schema: { response: { 200: BackupListResponse, ...errors } } },
    async () => ({ backups: await listBackups(backupDir) }),
  );

  app.get(
    '/api/admin/database/backup-stats',
    { ...access, schema: { response: { 200: BackupStatsResponse, ...errors } } },
    async () => backupStats(await listBackups(backupDir)),
  );

  app.post(
    '/api/admin/database/restore',
    { ...heavy, schema: { body: RestoreBackupBody, response: { 200: RestoreBackupResponse, ...taskErrors } } },
    async (request) => {
      const { backupFileName } = request.body;
      const backups = await listBackups(backupDir);
      if (!backups.some((b) => b.fileName === backupFileName)) throw notFound(BACKUP_NOT_FOUND);
      const result = await runTask('Restore', () =>
        tasks.run<RestoreResult>(TASK_NAMES.restore, { backupFileName }, newTaskId('restore'), waitTimeoutMs),
      );
      // After the restore, which leaves the audit log as it was (KEPT_SCHEMAS).
      await recordStaffAction(ctx.sql, ctx, request.staff!, {
        action: 'database.restore',
        target: { type: 'backup', id: result.backupFileName },
      });
      return { message: `Database restored from ${result.backupFileName}`, backupFileName: result.backupFileName };
    },
  );
};
