-- Up Migration

-- Upload bodies move out of the metadata row into 256 KiB chunks, so a read checks the ETag from
-- metadata alone and streams the body chunk by chunk, and an upload is written as it arrives.
-- A file is invisible to readers until `complete` (every file of a request is published at once).
ALTER TABLE uploads
  ADD COLUMN sha256 bytea CHECK (octet_length(sha256) = 32),
  ADD COLUMN private boolean NOT NULL DEFAULT false,
  ADD COLUMN referenced boolean NOT NULL DEFAULT false,
  ADD COLUMN complete boolean NOT NULL DEFAULT false;

CREATE TABLE upload_chunks (
  name text NOT NULL REFERENCES uploads (name) ON DELETE CASCADE ON UPDATE CASCADE,
  seq integer NOT NULL CHECK (seq >= 0),
  data bytea NOT NULL,
  PRIMARY KEY (name, seq)
);
-- Uploads are mostly compressed formats already: skip the compression attempt.
ALTER TABLE upload_chunks ALTER COLUMN data SET STORAGE EXTERNAL;

INSERT INTO upload_chunks (name, seq, data) SELECT name, 0, data FROM uploads;
UPDATE uploads SET sha256 = sha256(data), complete = true;
ALTER TABLE uploads DROP COLUMN data;

-- The stored names a post points at: its attachments' urls and any /uploads/ link in its body.
CREATE FUNCTION upload_names_in(attachments text, body text) RETURNS text[]
LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(array_agg(DISTINCT m[1]), '{}')
  FROM regexp_matches(coalesce(attachments, '') || ' ' || coalesce(body, ''), '/uploads/([a-f0-9]{32}\.[a-z]{2,4})', 'g') AS m
$$;

-- `referenced` follows the posts in the same transaction as the post change: set when a post names
-- the file, recomputed for the files a post stops naming (edit or delete).
CREATE FUNCTION uploads_follow_posts() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  added text[] := '{}';
  removed text[] := '{}';
BEGIN
  IF TG_OP <> 'DELETE' THEN added := upload_names_in(NEW.attachments, NEW.body); END IF;
  IF TG_OP <> 'INSERT' THEN
    removed := ARRAY(SELECT unnest(upload_names_in(OLD.attachments, OLD.body)) EXCEPT SELECT unnest(added));
  END IF;
  IF cardinality(added) > 0 THEN
    UPDATE uploads SET referenced = true WHERE name = ANY(added) AND NOT referenced;
  END IF;
  IF cardinality(removed) > 0 THEN
    UPDATE uploads u SET referenced = EXISTS (
      SELECT 1 FROM posts p
      WHERE (TG_OP <> 'DELETE' OR p.id <> OLD.id)
        AND u.name = ANY(upload_names_in(p.attachments, p.body)))
    WHERE u.name = ANY(removed);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER posts_reference_uploads
AFTER INSERT OR DELETE OR UPDATE OF attachments, body ON posts
FOR EACH ROW EXECUTE FUNCTION uploads_follow_posts();

UPDATE uploads u SET referenced = true
WHERE EXISTS (SELECT 1 FROM posts p WHERE u.name = ANY(upload_names_in(p.attachments, p.body)));

-- What the cleanup job looks for: unreferenced files by age.
CREATE INDEX uploads_unreferenced_idx ON uploads (created_at) WHERE NOT referenced;

-- Daily upload bytes per visitor and per address (`day` = UTC day number), shared by every replica.
CREATE TABLE upload_quota (
  key text NOT NULL,
  day integer NOT NULL,
  bytes bigint NOT NULL CHECK (bytes >= 0),
  PRIMARY KEY (key, day)
);

-- Down Migration

DROP TABLE upload_quota;
DROP INDEX uploads_unreferenced_idx;
DROP TRIGGER posts_reference_uploads ON posts;
DROP FUNCTION uploads_follow_posts();
DROP FUNCTION upload_names_in(text, text);
ALTER TABLE uploads ADD COLUMN data bytea;
UPDATE uploads u SET data = (SELECT string_agg(c.data, ''::bytea ORDER BY c.seq) FROM upload_chunks c WHERE c.name = u.name);
DELETE FROM uploads WHERE data IS NULL;
ALTER TABLE uploads ALTER COLUMN data SET NOT NULL;
DROP TABLE upload_chunks;
ALTER TABLE uploads DROP COLUMN sha256, DROP COLUMN private, DROP COLUMN referenced, DROP COLUMN complete;
