-- Up Migration

-- Which uploads the posts use. The storage itself (uploads with sha256, private, referenced and
-- complete; the body in upload_chunks; upload_quota) is the kit's upload migration now, applied
-- before the forum's own; databases migrated earlier got it here and keep it as it is.

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

-- Down Migration

DROP TRIGGER posts_reference_uploads ON posts;
DROP FUNCTION uploads_follow_posts();
DROP FUNCTION upload_names_in(text, text);
