import type { Db, Sql } from '../db.ts';

/**
 * Where uploaded files live: a small interface so a service (or a test) can put another storage
 * behind it. The PostgreSQL store keeps metadata and body apart in the owning service's schema:
 * `uploads` (one row per file: name, original_name, mimetype, size, sha256, uploader_hash,
 * private, referenced, complete, created_at) and `upload_chunks` (the body in 256 KiB rows), so a
 * read answers ETag checks from metadata alone and streams the body a chunk at a time.
 */

/** Bytes per stored body row (and per read query). */
export const UPLOAD_CHUNK_BYTES = 256 * 1024;

export interface UploadMeta {
  name: string;
  originalName: string;
  mimetype: string;
  size: number;
  /** SHA-256 of the content (32 bytes). */
  sha256: Buffer;
  /** The uploader's per-service visitor hash, or null. */
  ownerHash: Buffer | null;
  /** Readable only by signed staff. */
  private: boolean;
  /** Some record (a post, a booking...) points at it; unreferenced files are cleaned up after a grace period. */
  referenced: boolean;
  createdAt: number;
}

export interface NewUpload {
  name: string;
  originalName: string;
  ownerHash: Buffer | null;
  private: boolean;
}

/** Writes one file's body; nothing is visible to readers until the store's publish(). */
export interface UploadWriter {
  write(chunk: Buffer): Promise<void>;
  /**
   * Flushes the rest of the body and records what the content turned out to be, under its final
   * name (the extension comes from the checked content, known only at the end).
   */
  end(info: { name: string; mimetype: string; size: number; sha256: Buffer }): Promise<void>;
}

export interface UploadStore {
  create(upload: NewUpload): Promise<UploadWriter>;
  /** Makes finished files readable, all at once. */
  publish(names: string[]): Promise<void>;
  /** Deletes files (and their bodies); used when an upload fails halfway. */
  discard(names: string[]): Promise<void>;
  /** Metadata of a published file, without touching its body. */
  findMeta(name: string): Promise<UploadMeta | null>;
  /** The body, one stored chunk after another (each read is its own short query). */
  readBody(name: string): AsyncIterable<Buffer>;
  /**
   * Deletes up to `limit` files created before `createdBefore` (ms) that nothing references,
   * unfinished ones included; answers how many it deleted.
   */
  deleteUnreferenced(createdBefore: number, limit: number): Promise<number>;
}

interface MetaRow {
  name: string;
  originalName: string;
  mimetype: string;
  size: number;
  sha256: Buffer;
  ownerHash: Buffer | null;
  private: boolean;
  referenced: boolean;
  createdAt: number;
}

/** Chunks fetched per read query. */
const CHUNKS_PER_READ = 4;

/** The PostgreSQL store on a service's pool (its search_path names the owning schema). */
export function createPgUploadStore(sql: Sql): UploadStore {
  const insertChunk = (db: Db, name: string, seq: number, data: Buffer) =>
    db`INSERT INTO upload_chunks (name, seq, data) VALUES (${name}, ${seq}, ${data})`;

  return {
    async create(upload) {
      await sql`
        INSERT INTO uploads (name, original_name, mimetype, size, uploader_hash, private, complete)
        VALUES (${upload.name}, ${upload.originalName}, 'application/octet-stream', 0, ${upload.ownerHash},
                ${upload.private}, false)`;
      let seq = 0;
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      const flush = async (all: boolean) => {
        while (pendingBytes >= UPLOAD_CHUNK_BYTES || (all && pendingBytes > 0)) {
          const joined = Buffer.concat(pending);
          const data = joined.subarray(0, UPLOAD_CHUNK_BYTES);
          const rest = joined.subarray(data.length);
          pending = rest.length > 0 ? [rest] : [];
          pendingBytes = rest.length;
          await insertChunk(sql, upload.name, seq++, data);
        }
      };
      return {
        async write(chunk) {
          pending.push(chunk);
          pendingBytes += chunk.length;
          await flush(false);
        },
        async end(info) {
          await flush(true);
          await sql`
            UPDATE uploads SET name = ${info.name}, mimetype = ${info.mimetype}, size = ${info.size}, sha256 = ${info.sha256}
            WHERE name = ${upload.name}`;
        },
      };
    },

    async publish(names) {
      if (names.length > 0) await sql`UPDATE uploads SET complete = true WHERE name = ANY(${names})`;
    },

    async discard(names) {
      if (names.length > 0) await sql`DELETE FROM uploads WHERE name = ANY(${names})`;
    },

    async findMeta(name) {
      const rows = await sql<MetaRow[]>`
        SELECT name, original_name AS "originalName", mimetype, size, sha256, uploader_hash AS "ownerHash",
               private, referenced, created_at AS "createdAt"
        FROM uploads WHERE name = ${name} AND complete`;
      return rows[0] ?? null;
    },

    async *readBody(name) {
      let next = 0;
      for (;;) {
        const rows = await sql<Array<{ seq: number; data: Buffer }>>`
          SELECT seq, data FROM upload_chunks WHERE name = ${name} AND seq >= ${next}
          ORDER BY seq LIMIT ${CHUNKS_PER_READ}`;
        for (const row of rows) yield row.data;
        if (rows.length < CHUNKS_PER_READ) return;
        next = rows[rows.length - 1]!.seq + 1;
      }
    },

    async deleteUnreferenced(createdBefore, limit) {
      const rows = await sql`
        DELETE FROM uploads WHERE name IN (
          SELECT name FROM uploads WHERE NOT referenced AND created_at < ${createdBefore}
          ORDER BY created_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)
        AND NOT referenced
        RETURNING name`;
      return rows.length;
    },
  };
}
