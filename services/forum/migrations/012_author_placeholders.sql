-- Up Migration

-- Issue 26 item 1: what an author deletes leaves a "deleted by its author" placeholder where other
-- people's comments hang under it.

-- A comment deleted by its author stays in its thread as a placeholder: no body, no name (the
-- replaced text is kept in comment_revisions for staff).
ALTER TABLE comments ADD COLUMN deleted_at bigint;
ALTER TABLE comments DROP CONSTRAINT comments_body_check;
ALTER TABLE comments ADD CONSTRAINT comments_body_check
  CHECK (char_length(body) BETWEEN 1 AND 5000 OR (deleted_at IS NOT NULL AND body = ''));
ALTER TABLE comments DROP CONSTRAINT comments_author_name_check;
ALTER TABLE comments ADD CONSTRAINT comments_author_name_check
  CHECK (char_length(author_name) BETWEEN 1 AND 40 OR (deleted_at IS NOT NULL AND author_name = ''));

-- A post deleted by its author while other comments hang under it leaves the posts table (so every
-- list, search, total, sitemap and feed loses it with no filter of their own) and keeps this
-- tombstone, which answers its page with the placeholder and the comments under it.
CREATE TABLE post_tombstones (
  id bigint PRIMARY KEY,
  type text NOT NULL,
  created_at bigint NOT NULL,
  deleted_at bigint NOT NULL DEFAULT now_ms()
);

-- Comments outlive a post only when it left a tombstone: the foreign key's cascade becomes a
-- trigger that spares the comments of a tombstoned post (staff deletions still take them).
ALTER TABLE comments DROP CONSTRAINT comments_post_id_fkey;
CREATE FUNCTION delete_comments_of_post() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM post_tombstones WHERE id = OLD.id) THEN
    DELETE FROM comments WHERE post_id = OLD.id;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER posts_delete_comments AFTER DELETE ON posts
  FOR EACH ROW EXECUTE FUNCTION delete_comments_of_post();

-- Down Migration

DROP TRIGGER posts_delete_comments ON posts;
DROP FUNCTION delete_comments_of_post();
-- Comments of tombstoned posts have no post any more.
DELETE FROM comments WHERE post_id NOT IN (SELECT id FROM posts);
ALTER TABLE comments ADD CONSTRAINT comments_post_id_fkey FOREIGN KEY (post_id) REFERENCES posts (id) ON DELETE CASCADE;
DROP TABLE post_tombstones;
DELETE FROM comments WHERE deleted_at IS NOT NULL;
ALTER TABLE comments DROP CONSTRAINT comments_author_name_check;
ALTER TABLE comments ADD CONSTRAINT comments_author_name_check CHECK (char_length(author_name) BETWEEN 1 AND 40);
ALTER TABLE comments DROP CONSTRAINT comments_body_check;
ALTER TABLE comments ADD CONSTRAINT comments_body_check CHECK (char_length(body) BETWEEN 1 AND 5000);
ALTER TABLE comments DROP COLUMN deleted_at;
