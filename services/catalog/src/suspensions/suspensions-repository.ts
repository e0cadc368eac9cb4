import type { Db } from '@wfm/service-kit';

type Row = { hash: Buffer | null };

/** The catalog's keyed hash of a poll's creator (null: unknown, or created without a token). */
export async function pollAuthorHash(db: Db, id: number): Promise<Buffer | null> {
  return (await db<Row[]>`SELECT creator_hash AS hash FROM polls WHERE id = ${id}`)[0]?.hash ?? null;
}

/** The catalog's keyed hash of a tool's submitter. */
export async function toolAuthorHash(db: Db, id: number): Promise<Buffer | null> {
  return (await db<Row[]>`SELECT submitter_hash AS hash FROM tools WHERE id = ${id}`)[0]?.hash ?? null;
}

/** The catalog's keyed hash of a template's submitter. */
export async function templateAuthorHash(db: Db, id: number): Promise<Buffer | null> {
  return (await db<Row[]>`SELECT submitter_hash AS hash FROM templates WHERE id = ${id}`)[0]?.hash ?? null;
}
