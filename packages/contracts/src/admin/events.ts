import { z } from 'zod';

/** Events of the admin service. */
export const adminEventSchemas = {
  /** A backup was restored into the database: services drop caches and projections built from it. */
  'admin.database.restored': z.object({ backupFileName: z.string(), at: z.number().int() }),
  /**
   * A staff account was created, or renamed (written by triggers on admin.staff, migration 003):
   * identity keeps every staff name ever seen and refuses it as a username and as an author name.
   */
  'admin.staff.created': z.object({ id: z.number().int(), username: z.string() }),
  'admin.staff.renamed': z.object({ id: z.number().int(), username: z.string(), previous_username: z.string() }),
} satisfies Record<string, z.ZodType>;
