import { z } from 'zod';
import { serviceEnvSchema } from '@wfm/service-kit';
import { firstSuperAdminEnvSchema } from './accounts/accounts-first-super-admin.ts';
import { DEFAULT_BACKUP_DIR } from './backups/backups-files.ts';

/**
 * The admin service's environment (its definition's env schema, parsed once by startService): the
 * kit's variables, the backups directory it shares with the worker, and the first Super Admin.
 * Routes read it as `ctx.env` (AdminContext, src/context.ts).
 */
export const adminEnvSchema = serviceEnvSchema.extend({
  /** Where backups are kept (a volume shared with the worker); relative to the working directory. */
  BACKUP_DIR: z.string().min(1).default(DEFAULT_BACKUP_DIR),
  ...firstSuperAdminEnvSchema.shape,
});

export type AdminEnv = z.infer<typeof adminEnvSchema>;

export const DEFAULT_WORKER_PORT = 7107;

const postgresUrl = serviceEnvSchema.shape.DATABASE_URL;

/**
 * The worker's environment: the service's database, Redis (the job queue; unset -> BullMQ's
 * PostgreSQL backend in DATABASE_URL) and logging settings, its health port, and the backups
 * settings.
 */
export const workerEnvSchema = serviceEnvSchema
  .pick({ NODE_ENV: true, HOST: true, DATABASE_URL: true, REDIS_URL: true, LOG_LEVEL: true, METRICS_PORT: true })
  .extend({
    WORKER_PORT: z.coerce.number().int().min(0).max(65535).default(DEFAULT_WORKER_PORT),
    /** Where backups are kept (a volume shared with the admin service). */
    BACKUP_DIR: z.string().min(1).default(DEFAULT_BACKUP_DIR),
    /** pg_dump's connection (a role reading every schema); unset -> DATABASE_URL. */
    BACKUP_DATABASE_URL: postgresUrl.optional(),
    /** pg_restore's connection (a role owning every service schema); unset -> DATABASE_URL. */
    RESTORE_DATABASE_URL: postgresUrl.optional(),
    /** Directory of pg_dump and pg_restore; unset -> PATH. */
    PG_BIN_DIR: z.string().min(1).optional(),
  });

export type WorkerEnv = z.infer<typeof workerEnvSchema>;
