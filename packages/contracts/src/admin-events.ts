import { z } from 'zod';

/** Events of the admin service. */
export const adminEventSchemas = {
  /** A backup was restored into the database: services drop caches and projections built from it. */
  'admin.database.restored': z.object({ backupFileName: z.string(), at: z.number().int() }),
} satisfies Record<string, z.ZodType>;
