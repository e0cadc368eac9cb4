import type { Db } from '@wfm/service-kit';

/** Resolves when the database answers a query. */
export async function pingDatabase(db: Db): Promise<void> {
  await db`SELECT 1`;
}
