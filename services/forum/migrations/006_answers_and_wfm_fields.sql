-- Up Migration

-- Issue 16: accepted answers and WFM post fields. Additive: every existing post keeps its values
-- and answers with these as null.

-- The comment the asker accepted (Questions only; the service checks that it is on this post).
-- A comment that goes takes its acceptance with it.
ALTER TABLE posts ADD COLUMN accepted_comment_id bigint REFERENCES comments (id) ON DELETE SET NULL;
-- Deleting comments (a post's cascade) looks up the posts that accepted them: without this index
-- each deleted comment would scan every post.
CREATE INDEX posts_accepted_comment_idx ON posts (accepted_comment_id) WHERE accepted_comment_id IS NOT NULL;

-- Optional WFM fields; the values are the contracts' slugs (POST_CHANNELS, WFM_PLATFORMS, CENTRE_SIZES, POST_REGIONS).
ALTER TABLE posts
  ADD COLUMN channel text CHECK (channel IN ('voice', 'chat', 'email', 'social', 'back-office')),
  ADD COLUMN platform text CHECK (platform IN ('nice-iex', 'verint', 'calabrio', 'genesys', 'aspect', 'teleopti', 'in-house', 'other')),
  ADD COLUMN centre_size text CHECK (centre_size IN ('under-50', '50-249', '250-999', '1000-4999', '5000-plus')),
  ADD COLUMN region text CHECK (region IN (
    'north-america', 'latin-america', 'uk-ireland', 'europe', 'middle-east-africa', 'south-asia', 'asia-pacific', 'australia-nz'
  ));

-- "Unanswered": open Questions without an accepted answer, in each list order. Partial indexes
-- hold only those posts, so the filtered feed reads its page and stops like the plain one.
CREATE INDEX posts_unanswered_latest_idx ON posts (created_at DESC, id DESC)
  WHERE type = 'Question' AND status = 'open' AND accepted_comment_id IS NULL;
CREATE INDEX posts_unanswered_upvotes_idx ON posts (upvotes DESC, created_at DESC, id DESC)
  WHERE type = 'Question' AND status = 'open' AND accepted_comment_id IS NULL;
CREATE INDEX posts_unanswered_hot_idx ON posts (hot_score DESC, id DESC)
  WHERE type = 'Question' AND status = 'open' AND accepted_comment_id IS NULL;

-- One index per WFM field in the feed's default order (newest first); only posts that have the field.
CREATE INDEX posts_channel_latest_idx ON posts (channel, created_at DESC, id DESC) WHERE channel IS NOT NULL;
CREATE INDEX posts_platform_latest_idx ON posts (platform, created_at DESC, id DESC) WHERE platform IS NOT NULL;
CREATE INDEX posts_centre_size_latest_idx ON posts (centre_size, created_at DESC, id DESC) WHERE centre_size IS NOT NULL;
CREATE INDEX posts_region_latest_idx ON posts (region, created_at DESC, id DESC) WHERE region IS NOT NULL;

-- Down Migration

DROP INDEX posts_region_latest_idx;
DROP INDEX posts_centre_size_latest_idx;
DROP INDEX posts_platform_latest_idx;
DROP INDEX posts_channel_latest_idx;
DROP INDEX posts_unanswered_hot_idx;
DROP INDEX posts_unanswered_upvotes_idx;
DROP INDEX posts_unanswered_latest_idx;
ALTER TABLE posts DROP COLUMN region, DROP COLUMN centre_size, DROP COLUMN platform, DROP COLUMN channel;
DROP INDEX posts_accepted_comment_idx;
ALTER TABLE posts DROP COLUMN accepted_comment_id;
