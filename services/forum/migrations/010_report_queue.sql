-- Up Migration
-- Issue 26 items 2 and 3: comments can be reported (kind 'comment', with the comment's post), and a
-- report has a status (New, Reviewed, Action taken, Dismissed) with who decided it and when.
-- comment_id has no foreign key, as post_id has none: a report keeps naming deleted content.
-- content_author_hash is the reported content's author (the keyed forum hash), so the queue can
-- show the author's other recent reports; null for help tickets and unverified authors.
ALTER TABLE reports DROP CONSTRAINT reports_kind_check;
ALTER TABLE reports DROP CONSTRAINT reports_check;
ALTER TABLE reports ADD COLUMN comment_id bigint;
ALTER TABLE reports ADD COLUMN content_author_hash bytea CHECK (octet_length(content_author_hash) = 32);
ALTER TABLE reports ADD COLUMN decided_by text CHECK (char_length(decided_by) <= 100);
ALTER TABLE reports ADD COLUMN decided_at bigint;
ALTER TABLE reports ADD CONSTRAINT reports_kind_check CHECK (kind IN ('post', 'comment', 'help'));
ALTER TABLE reports ADD CONSTRAINT reports_target_check
  CHECK ((kind = 'help') = (post_id IS NULL) AND (kind = 'comment') = (comment_id IS NOT NULL));
ALTER TABLE reports ADD CONSTRAINT reports_status_check CHECK (status IN ('New', 'Reviewed', 'Action taken', 'Dismissed'));
ALTER TABLE reports ADD CONSTRAINT reports_decided_check CHECK ((status = 'New') = (decided_at IS NULL));
CREATE INDEX reports_status_idx ON reports (status, created_at DESC, id DESC);
CREATE INDEX reports_content_author_idx ON reports (content_author_hash, created_at DESC) WHERE content_author_hash IS NOT NULL;

-- Down Migration
DROP INDEX reports_content_author_idx;
DROP INDEX reports_status_idx;
DELETE FROM reports WHERE kind = 'comment';
ALTER TABLE reports DROP CONSTRAINT reports_decided_check;
ALTER TABLE reports DROP CONSTRAINT reports_status_check;
ALTER TABLE reports DROP CONSTRAINT reports_target_check;
ALTER TABLE reports DROP CONSTRAINT reports_kind_check;
ALTER TABLE reports DROP COLUMN decided_at;
ALTER TABLE reports DROP COLUMN decided_by;
ALTER TABLE reports DROP COLUMN content_author_hash;
ALTER TABLE reports DROP COLUMN comment_id;
ALTER TABLE reports ADD CONSTRAINT reports_kind_check CHECK (kind IN ('post', 'help'));
ALTER TABLE reports ADD CONSTRAINT reports_check CHECK ((kind = 'post') = (post_id IS NOT NULL));
