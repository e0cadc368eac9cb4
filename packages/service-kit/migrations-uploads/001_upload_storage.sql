-- Up Migration

-- The upload store's tables (src/uploads/upload-store.ts, upload-quota.ts), applied to the schema of
-- every service whose definition opts in (`uploads: true`), before the service's own migrations, so
-- their tables may reference uploads (name). Each service used to create these tables in its own
-- migrations: on those databases every statement here leaves the tables and their rows as they are,
-- and a table still in the first layout (the body in uploads.data) gets its body moved into chunks.

-- One row per file; nothing reads a file before `complete` (every file of a request is published at once).
CREATE TABLE IF NOT EXISTS uploads (
  name text PRIMARY KEY,
  original_name text NOT NULL,
  mimetype text NOT NULL,
  size integer NOT NULL CHECK (size BETWEEN 0 AND 10485760),
  uploader_hash bytea CHECK (octet_length(uploader_hash) = 32),
  created_at bigint NOT NULL DEFAULT (extract(epoch FROM now()) * 1000)::bigint,
  sha256 bytea CHECK (octet_length(sha256) = 32),
  private boolean NOT NULL DEFAULT false,
  -- Some record of the service points at the file; kept by the service (a trigger or its writes).
  referenced boolean NOT NULL DEFAULT false,
  complete boolean NOT NULL DEFAULT false
);
ALTER TABLE uploads
  ADD COLUMN IF NOT EXISTS sha256 bytea CHECK (octet_length(sha256) = 32),
  ADD COLUMN IF NOT EXISTS private boolean NOT NULL DEFAULT false,
  ADD COLUMN IF NOT EXISTS referenced boolean NOT NULL DEFAULT false,
  ADD COLUMN IF NOT EXISTS complete boolean NOT NULL DEFAULT false;

-- The body in 256 KiB rows, so a read answers ETag checks from metadata alone and streams the body.
CREATE TABLE IF NOT EXISTS upload_chunks (
  name text NOT NULL REFERENCES uploads (name) ON DELETE CASCADE ON UPDATE CASCADE,
  seq integer NOT NULL CHECK (seq >= 0),
  data bytea NOT NULL,
  PRIMARY KEY (name, seq)
);
-- Uploads are mostly compressed formats already: skip the compression attempt.
ALTER TABLE upload_chunks ALTER COLUMN data SET STORAGE EXTERNAL;

-- The first layout kept each body in uploads.data: it becomes the file's one chunk, and the file is
-- complete (it was readable before).
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_attribute WHERE attrelid = 'uploads'::regclass AND attname = 'data' AND NOT attisdropped) THEN
    INSERT INTO upload_chunks (name, seq, data) SELECT name, 0, data FROM uploads ON CONFLICT DO NOTHING;
    UPDATE uploads SET sha256 = sha256(data), complete = true;
    ALTER TABLE uploads DROP COLUMN data;
  END IF;
END $$;

-- What the cleanup job looks for: unreferenced files by age.
CREATE INDEX IF NOT EXISTS uploads_unreferenced_idx ON uploads (created_at) WHERE NOT referenced;

-- Daily upload bytes per visitor and per address (`day` = UTC day number), shared by every replica.
CREATE TABLE IF NOT EXISTS upload_quota (
  key text NOT NULL,
  day integer NOT NULL,
  bytes bigint NOT NULL CHECK (bytes >= 0),
  PRIMARY KEY (key, day)
);

-- Down Migration

-- Nothing: on a database whose service made these tables before, this migration created none, and
-- dropping them would lose its files. A service that gives up uploads drops them in its own migration.
