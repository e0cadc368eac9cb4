-- Up Migration

-- Issue 26 item 4 and the "hide" of items 2, 3 and 5: one hidden state for posts and comments.
-- A hidden row stays in its table (its author still sees it, staff decide on it) but leaves every
-- public read: lists, search, detail, comments, notifications and the counts below.
-- hidden_reason: 'reports' (auto-hidden after REPORT_HIDE_AT distinct reporters), 'staff', or
-- 'suspension' (its author was suspended with hide_content). hidden_by: the staff username (null
-- for 'reports'). Times are epoch ms like every other time in this schema.
ALTER TABLE posts ADD COLUMN hidden_at bigint;
ALTER TABLE posts ADD COLUMN hidden_reason text CHECK (hidden_reason IN ('reports', 'staff', 'suspension'));
ALTER TABLE posts ADD COLUMN hidden_by text CHECK (char_length(hidden_by) <= 100);
ALTER TABLE posts ADD CONSTRAINT posts_hidden_check CHECK ((hidden_at IS NULL) = (hidden_reason IS NULL));
ALTER TABLE comments ADD COLUMN hidden_at bigint;
ALTER TABLE comments ADD COLUMN hidden_reason text CHECK (hidden_reason IN ('reports', 'staff', 'suspension'));
ALTER TABLE comments ADD COLUMN hidden_by text CHECK (char_length(hidden_by) <= 100);
ALTER TABLE comments ADD CONSTRAINT comments_hidden_check CHECK ((hidden_at IS NULL) = (hidden_reason IS NULL));
-- Every public list reads `hidden_at IS NULL`. The WFM field indexes (migration 006) answer counts
-- of a common value from the index alone; with the hidden filter they would need the table, so
-- they hold visible posts only (the filter is then part of their predicate).
DROP INDEX posts_channel_latest_idx;
CREATE INDEX posts_channel_latest_idx ON posts (channel, created_at DESC, id DESC) WHERE channel IS NOT NULL AND hidden_at IS NULL;
DROP INDEX posts_platform_latest_idx;
CREATE INDEX posts_platform_latest_idx ON posts (platform, created_at DESC, id DESC) WHERE platform IS NOT NULL AND hidden_at IS NULL;
DROP INDEX posts_centre_size_latest_idx;
CREATE INDEX posts_centre_size_latest_idx ON posts (centre_size, created_at DESC, id DESC) WHERE centre_size IS NOT NULL AND hidden_at IS NULL;
DROP INDEX posts_region_latest_idx;
CREATE INDEX posts_region_latest_idx ON posts (region, created_at DESC, id DESC) WHERE region IS NOT NULL AND hidden_at IS NULL;

-- Staff list every post: the hidden ones are counted apart from post_totals.
CREATE INDEX posts_hidden_idx ON posts (hidden_at) WHERE hidden_at IS NOT NULL;
-- A suspension with hide_content hides everything of one author.
CREATE INDEX comments_author_token_idx ON comments (author_token_hash) WHERE author_token_hash IS NOT NULL;

-- Who reported (the forum's keyed visitor hash) and from where (a keyed hash of the address key:
-- IPv4 address or IPv6 /64, never the address itself), so auto-hide counts distinct established
-- reporters on distinct addresses. Null on older rows and help tickets: they never count.
ALTER TABLE reports ADD COLUMN reporter_hash bytea CHECK (octet_length(reporter_hash) = 32);
ALTER TABLE reports ADD COLUMN reporter_address_hash bytea CHECK (octet_length(reporter_address_hash) = 32);
CREATE INDEX reports_post_target_idx ON reports (post_id) WHERE kind = 'post';
CREATE INDEX reports_comment_target_idx ON reports (comment_id) WHERE kind = 'comment';

-- post_totals (migration 003) counts visible posts only: hiding takes a post out of the feed's
-- total, unhiding puts it back, and deleting a hidden post does not take it out twice.
CREATE OR REPLACE FUNCTION post_totals_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE post_totals t SET n = t.n + c.n
  FROM (SELECT type, count(*) AS n FROM changed_rows WHERE hidden_at IS NULL GROUP BY type) c
  WHERE t.type = c.type;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION post_totals_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE post_totals t SET n = t.n - c.n
  FROM (SELECT type, count(*) AS n FROM changed_rows WHERE hidden_at IS NULL GROUP BY type) c
  WHERE t.type = c.type;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION post_totals_retype() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.hidden_at IS NULL THEN
    UPDATE post_totals SET n = n - 1 WHERE type = OLD.type;
  END IF;
  IF NEW.hidden_at IS NULL THEN
    UPDATE post_totals SET n = n + 1 WHERE type = NEW.type;
  END IF;
  RETURN NULL;
END $$;

DROP TRIGGER posts_totals_retype ON posts;
CREATE TRIGGER posts_totals_retype AFTER UPDATE OF type, hidden_at ON posts
  FOR EACH ROW WHEN (OLD.type IS DISTINCT FROM NEW.type OR (OLD.hidden_at IS NULL) <> (NEW.hidden_at IS NULL))
  EXECUTE FUNCTION post_totals_retype();

-- Down Migration

DROP TRIGGER posts_totals_retype ON posts;
CREATE OR REPLACE FUNCTION post_totals_retype() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.type IS DISTINCT FROM NEW.type THEN
    UPDATE post_totals SET n = n - 1 WHERE type = OLD.type;
    UPDATE post_totals SET n = n + 1 WHERE type = NEW.type;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER posts_totals_retype AFTER UPDATE OF type ON posts
  FOR EACH ROW EXECUTE FUNCTION post_totals_retype();
CREATE OR REPLACE FUNCTION post_totals_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE post_totals t SET n = t.n - c.n
  FROM (SELECT type, count(*) AS n FROM changed_rows GROUP BY type) c
  WHERE t.type = c.type;
  RETURN NULL;
END $$;
CREATE OR REPLACE FUNCTION post_totals_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE post_totals t SET n = t.n + c.n
  FROM (SELECT type, count(*) AS n FROM changed_rows GROUP BY type) c
  WHERE t.type = c.type;
  RETURN NULL;
END $$;
-- Hidden posts count again once the column is gone.
UPDATE post_totals t SET n = (SELECT count(*) FROM posts p WHERE p.type = t.type);
DROP INDEX reports_comment_target_idx;
DROP INDEX reports_post_target_idx;
ALTER TABLE reports DROP COLUMN reporter_address_hash;
ALTER TABLE reports DROP COLUMN reporter_hash;
DROP INDEX comments_author_token_idx;
DROP INDEX posts_hidden_idx;
DROP INDEX posts_channel_latest_idx;
CREATE INDEX posts_channel_latest_idx ON posts (channel, created_at DESC, id DESC) WHERE channel IS NOT NULL;
DROP INDEX posts_platform_latest_idx;
CREATE INDEX posts_platform_latest_idx ON posts (platform, created_at DESC, id DESC) WHERE platform IS NOT NULL;
DROP INDEX posts_centre_size_latest_idx;
CREATE INDEX posts_centre_size_latest_idx ON posts (centre_size, created_at DESC, id DESC) WHERE centre_size IS NOT NULL;
DROP INDEX posts_region_latest_idx;
CREATE INDEX posts_region_latest_idx ON posts (region, created_at DESC, id DESC) WHERE region IS NOT NULL;

ALTER TABLE comments DROP CONSTRAINT comments_hidden_check;
ALTER TABLE comments DROP COLUMN hidden_by;
ALTER TABLE comments DROP COLUMN hidden_reason;
ALTER TABLE comments DROP COLUMN hidden_at;
ALTER TABLE posts DROP CONSTRAINT posts_hidden_check;
ALTER TABLE posts DROP COLUMN hidden_by;
ALTER TABLE posts DROP COLUMN hidden_reason;
ALTER TABLE posts DROP COLUMN hidden_at;
