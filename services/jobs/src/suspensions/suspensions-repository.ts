import type { Db } from '@wfm/service-kit';

/** The jobs service's keyed hash of a job posting's poster (null: unknown, or posted without a token). */
export async function postingAuthorHash(db: Db, id: number): Promise<Buffer | null> {
  return (await db<{ hash: Buffer | null }[]>`SELECT poster_hash AS hash FROM job_postings WHERE id = ${id}`)[0]?.hash ?? null;
}
