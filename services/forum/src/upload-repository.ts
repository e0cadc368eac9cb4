import type { Db } from '@wfm/service-kit';

export interface StoredUpload {
  name: string;
  originalName: string;
  mimetype: string;
  size: number;
  data: Buffer;
}

export async function insertUploads(db: Db, files: StoredUpload[], uploaderHash: Buffer | null): Promise<void> {
  for (const f of files) {
    await db`
      INSERT INTO uploads (name, original_name, mimetype, size, data, uploader_hash)
      VALUES (${f.name}, ${f.originalName}, ${f.mimetype}, ${f.size}, ${f.data}, ${uploaderHash})`;
  }
}

export async function findUpload(db: Db, name: string): Promise<StoredUpload | null> {
  const rows = await db<StoredUpload[]>`
    SELECT name, original_name AS "originalName", mimetype, size, data FROM uploads WHERE name = ${name}`;
  return rows[0] ?? null;
}
