-- Up Migration

-- Issue 26 item 1: authors edit and delete their own posts and comments. Additive: existing rows
-- were never edited (edited_at NULL).
ALTER TABLE posts ADD COLUMN edited_at bigint;
ALTER TABLE comments ADD COLUMN edited_at bigint;

-- Every earlier version an author replaced, for staff. No foreign key: the history outlives the
-- post or comment (a deletion by its author keeps what it said for moderation).
CREATE TABLE post_revisions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  post_id bigint NOT NULL,
  title text NOT NULL,
  body text NOT NULL,
  tags text NOT NULL,
  -- When this version stopped being the shown one (the edit that replaced it), ms.
  replaced_at bigint NOT NULL DEFAULT now_ms()
);
CREATE INDEX post_revisions_post_idx ON post_revisions (post_id, id);

CREATE TABLE comment_revisions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  comment_id bigint NOT NULL,
  post_id bigint NOT NULL,
  body text NOT NULL,
  replaced_at bigint NOT NULL DEFAULT now_ms()
);
CREATE INDEX comment_revisions_post_idx ON comment_revisions (post_id, comment_id, id);

-- Down Migration

DROP TABLE comment_revisions;
DROP TABLE post_revisions;
ALTER TABLE comments DROP COLUMN edited_at;
ALTER TABLE posts DROP COLUMN edited_at;
