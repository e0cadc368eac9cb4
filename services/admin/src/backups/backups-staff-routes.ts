import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorResponse } from '@wfm/contracts/shared';
import {
  BackupListResponse,
  BackupStatsResponse,
  CreateBackupResponse,
  RestoreBackupBody,
  RestoreBackupResponse,
} from '@wfm/contracts/admin';
import { HttpError, notFound, rateLimited, serviceEnv } from '@wfm/service-kit';
import { recordStaffAction, staffOnly } from '@wfm/service-kit';
import { createJobQueue, JobFailedError, JobTimeoutError } from './backups-job-queue.ts';
import { JOB_NAMES } from './backups-job-names.ts';
import { queueConnectionForSql } from '@wfm/service-kit';
import { adminEnvSchema } from '../env.ts';
import { backupStats, listBackups, newBackupFileName } from './backups-files.ts';
import type { RestoreResult } from './backups-restore-job.ts';

export interface BackupsStaffRoutesOptions {
  /** Default: BACKUP_DIR, else ./.data/backups (relative to the working directory). */
  backupDir?: string;
  /**
   * The job queue's Redis; null: BullMQ's PostgreSQL backend in this service's database.
   * Default: REDIS_URL.
   */
  redisUrl?: string | null;
  /** Default: the admin queue. */
  queueName?: string;
  /** How long a request waits for its job; default 90 s (the gateway gives up on an answer after 120 s). */
  waitTimeoutMs?: number;
}

const DEFAULT_WAIT_TIMEOUT_MS = 90_000;
const BACKUP_NOT_FOUND = 'Backup not found';

/**
 * Job ids are made by the server, never from anything the client sends (x-request-id included):
 * BullMQ deduplicates by job id, so a chosen or replayed id could suppress a backup or restore, or
 * answer with an earlier job's result. Every request runs its own job.
 */
const newJobId = (kind: 'backup' | 'restore') => `${kind}-${randomUUID()}`;

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 429: ErrorResponse };
const jobErrors = { ...errors, 500: ErrorResponse, 503: ErrorResponse, 504: ErrorResponse };

/**
 * The database tab's calls (Super Admin only). Backup and restore run as jobs in the worker; the
 * request waits for the job and answers its result. The list and stats read the backups directory,
 * which the admin service and the worker share.
 */
export const backupsStaffRoutes: FastifyPluginAsync<BackupsStaffRoutesOptions> = async (base, opts) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const env = serviceEnv(app, adminEnvSchema);
  const backupDir = path.resolve(opts.backupDir ?? env.BACKUP_DIR);
  const redisUrl = opts.redisUrl === undefined ? env.REDIS_URL : (opts.redisUrl ?? undefined);
  const jobs = createJobQueue({ connection: queueConnectionForSql({ redisUrl, sql: app.sql }), queueName: opts.queueName });
  app.addHook('onClose', () => jobs.close());
  const waitTimeoutMs = opts.waitTimeoutMs ?? DEFAULT_WAIT_TIMEOUT_MS;
  const access = staffOnly(app, 'database');
  // These wait for their job on purpose (bounded by waitTimeoutMs; the queue answers 503 within
  // about a second when it is down), so the kit's request timeout does not apply. Backups and
  // restores are heavy: after the staff check, the backup-job limit (rate-limits.ts) answers 429
  // to a runaway client instead of queueing dozens.
  const heavy = {
    ...access,
    onRequest: [access.onRequest, rateLimited(app, 'backup-job')],
    config: { ...access.config, requestTimeoutMs: false as const },
  };

  const runJob = async <R>(action: 'Backup' | 'Restore', run: () => Promise<R>): Promise<R> => {
    try {
      return await run();
    } catch (err) {
      if (err instanceof JobFailedError) throw new HttpError(500, `${action} failed: ${err.message}`);
      if (err instanceof JobTimeoutError) {
        throw new HttpError(504, `The ${action.toLowerCase()} is taking longer than expected and continues in the background`);
      }
      app.log.error({ err }, 'job queue unavailable');
      throw new HttpError(503, `${action} failed: the job queue is unavailable`);
    }
  };

  app.post(
    '/api/admin/database/backup',
    { ...heavy, schema: { response: { 200: CreateBackupResponse, ...jobErrors } } },
    async (request) => {
      const fileName = newBackupFileName(new Date());
      const backup = await runJob('Backup', () =>
        jobs.run<CreateBackupResponse>(JOB_NAMES.backup, { fileName }, newJobId('backup'), waitTimeoutMs),
      );
      await recordStaffAction(app.sql, app, request.staff!, { action: 'database.backup', target: { type: 'backup', id: backup.fileName } });
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
    { ...heavy, schema: { body: RestoreBackupBody, response: { 200: RestoreBackupResponse, ...jobErrors } } },
    async (request) => {
      const { backupFileName } = request.body;
      const backups = await listBackups(backupDir);
      if (!backups.some((b) => b.fileName === backupFileName)) throw notFound(BACKUP_NOT_FOUND);
      const result = await runJob('Restore', () =>
        jobs.run<RestoreResult>(JOB_NAMES.restore, { backupFileName }, newJobId('restore'), waitTimeoutMs),
      );
      // After the restore, which leaves the audit log as it was (KEPT_SCHEMAS).
      await recordStaffAction(app.sql, app, request.staff!, {
        action: 'database.restore',
        target: { type: 'backup', id: result.backupFileName },
      });
      return { message: `Database restored from ${result.backupFileName}`, backupFileName: result.backupFileName };
    },
  );
};
