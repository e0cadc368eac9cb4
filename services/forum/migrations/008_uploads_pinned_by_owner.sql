-- Up Migration

-- Uploads are pinned only by posts of their owner (issue 25 item 11). A post names files in its
-- attachments and its body (/uploads/<name>); before this, any post naming a file marked it
-- referenced, so anyone could keep someone else's upload from the cleanup for good. Now a file is
-- referenced only while a post whose verified author (author_token_hash) uploaded it
-- (uploader_hash) names it. Attachments are also checked when a post is created (posts-service.ts);
-- body links to other people's files stay links, they just pin nothing.
CREATE OR REPLACE FUNCTION uploads_follow_posts() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  added text[] := '{}';
  removed text[] := '{}';
BEGIN
  IF TG_OP <> 'DELETE' THEN added := upload_names_in(NEW.attachments, NEW.body); END IF;
  IF TG_OP <> 'INSERT' THEN
    removed := ARRAY(SELECT unnest(upload_names_in(OLD.attachments, OLD.body)) EXCEPT SELECT unnest(added));
  END IF;
  IF cardinality(added) > 0 AND NEW.author_token_hash IS NOT NULL THEN
    UPDATE uploads SET referenced = true
    WHERE name = ANY(added) AND NOT referenced AND uploader_hash = NEW.author_token_hash;
  END IF;
  IF cardinality(removed) > 0 THEN
    UPDATE uploads u SET referenced = EXISTS (
      SELECT 1 FROM posts p
      WHERE (TG_OP <> 'DELETE' OR p.id <> OLD.id)
        AND p.author_token_hash = u.uploader_hash
        AND u.name = ANY(upload_names_in(p.attachments, p.body)))
    WHERE u.name = ANY(removed);
  END IF;
  RETURN NULL;
END $$;

-- Files pinned so far only by other people's posts are unpinned (the cleanup takes them after its
-- grace period, counted from their upload).
UPDATE uploads u SET referenced = false
WHERE referenced AND NOT EXISTS (
  SELECT 1 FROM posts p
  WHERE p.author_token_hash = u.uploader_hash AND u.name = ANY(upload_names_in(p.attachments, p.body)));

-- Down Migration

CREATE OR REPLACE FUNCTION uploads_follow_posts() RETURNS trigger
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
