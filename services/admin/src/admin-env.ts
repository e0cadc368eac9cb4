import { z } from 'zod';
import { serviceEnvSchema } from '@wfm/service-kit';
import { DEFAULT_BACKUP_DIR } from './backups/backup-files.ts';
import { firstSuperAdminEnvSchema } from './staff/first-super-admin.ts';

/**
 * The admin service's environment (its definition's env schema, parsed once by startService): the
 * kit's variables, the backups directory it shares with the worker, and the first Super Admin.
 * Routes read it with `serviceEnv(app, adminEnvSchema)`.
 */
export const adminEnvSchema = serviceEnvSchema.extend({
  /** Where backups are kept (a volume shared with the worker); relative to the working directory. */
  BACKUP_DIR: z.string().min(1).default(DEFAULT_BACKUP_DIR),
  ...firstSuperAdminEnvSchema.shape,
});

export type AdminEnv = z.infer<typeof adminEnvSchema>;
