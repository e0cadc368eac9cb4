-- Up Migration

-- Times are ms since the epoch (what every response carries), so ranking expressions stay immutable
-- and can live in generated, indexed columns.
CREATE FUNCTION now_ms() RETURNS bigint LANGUAGE sql STABLE AS $$ SELECT (extract(epoch FROM now()) * 1000)::bigint $$;

CREATE TABLE posts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  type text NOT NULL CHECK (type IN ('Question', 'Idea', 'Tool')),
  title text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 120),
  body text NOT NULL CHECK (char_length(body) BETWEEN 1 AND 10000),
  author_name text NOT NULL CHECK (char_length(author_name) BETWEEN 1 AND 40),
  -- SHA-256 of the author's x-anon-token (My Posts); never answered.
  author_token_hash bytea CHECK (octet_length(author_token_hash) = 32),
  tags text NOT NULL DEFAULT '',
  -- JSON text, answered as stored.
  tool_links text NOT NULL DEFAULT '[]',
  attachments text NOT NULL DEFAULT '[]',
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'resolved')),
  upvotes integer NOT NULL DEFAULT 0 CHECK (upvotes >= 0),
  comment_count integer NOT NULL DEFAULT 0 CHECK (comment_count >= 0),
  created_at bigint NOT NULL DEFAULT now_ms(),
  -- Full-text search: title outranks tags, tags outrank body.
  search tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('english'::regconfig, title), 'A')
    || setweight(to_tsvector('english'::regconfig, replace(tags, ',', ' ')), 'B')
    || setweight(to_tsvector('english'::regconfig, body), 'C')
  ) STORED,
  -- Hot ranking (services/README.md): log10 of engagement plus age, where 12.5 hours of recency
  -- weigh as much as ten times the engagement. Independent of the current time, so it is indexable.
  hot_score double precision GENERATED ALWAYS AS (
    log((upvotes + 2 * comment_count + 1)::double precision) + created_at::double precision / 45000000
  ) STORED
);

-- One index per list order, with and without the type filter.
CREATE INDEX posts_latest_idx ON posts (created_at DESC, id DESC);
CREATE INDEX posts_type_latest_idx ON posts (type, created_at DESC, id DESC);
CREATE INDEX posts_upvotes_idx ON posts (upvotes DESC, created_at DESC, id DESC);
CREATE INDEX posts_type_upvotes_idx ON posts (type, upvotes DESC, created_at DESC, id DESC);
CREATE INDEX posts_hot_idx ON posts (hot_score DESC, id DESC);
CREATE INDEX posts_type_hot_idx ON posts (type, hot_score DESC, id DESC);
CREATE INDEX posts_search_idx ON posts USING gin (search);
CREATE INDEX posts_author_token_idx ON posts (author_token_hash, created_at DESC) WHERE author_token_hash IS NOT NULL;
-- Author filter is a case-insensitive prefix match.
CREATE INDEX posts_author_name_idx ON posts (lower(author_name) text_pattern_ops, created_at DESC);

CREATE TABLE comments (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  post_id bigint NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
  body text NOT NULL CHECK (char_length(body) BETWEEN 1 AND 5000),
  author_name text NOT NULL CHECK (char_length(author_name) BETWEEN 1 AND 40),
  author_token_hash bytea CHECK (octet_length(author_token_hash) = 32),
  created_at bigint NOT NULL DEFAULT now_ms()
);
CREATE INDEX comments_post_idx ON comments (post_id, created_at, id);

-- One upvote per visitor per post: the primary key decides, also under parallel requests.
CREATE TABLE post_upvotes (
  post_id bigint NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
  voter_hash bytea NOT NULL CHECK (octet_length(voter_hash) = 32),
  created_at bigint NOT NULL DEFAULT now_ms(),
  PRIMARY KEY (post_id, voter_hash)
);

-- Post reports (kind 'post') and help tickets (kind 'help'). post_id has no foreign key: a report
-- keeps naming the post after the post is deleted.
CREATE TABLE reports (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('post', 'help')),
  post_id bigint,
  title text CHECK (char_length(title) <= 100),
  category text CHECK (char_length(category) <= 50),
  priority text CHECK (priority IN ('Low', 'Medium', 'High', 'Urgent')),
  reason text NOT NULL CHECK (char_length(reason) BETWEEN 1 AND 2000),
  contact_info text CHECK (char_length(contact_info) <= 200),
  reporter_name text NOT NULL CHECK (char_length(reporter_name) BETWEEN 1 AND 40),
  is_anonymous boolean NOT NULL DEFAULT false,
  status text NOT NULL DEFAULT 'New',
  ticket_reference text NOT NULL UNIQUE,
  created_at bigint NOT NULL DEFAULT now_ms(),
  CHECK ((kind = 'post') = (post_id IS NOT NULL))
);
CREATE INDEX reports_latest_idx ON reports (created_at DESC, id DESC);

CREATE TABLE feature_suggestions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  reference_number text NOT NULL UNIQUE,
  title text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 100),
  description text NOT NULL CHECK (char_length(description) BETWEEN 1 AND 1000),
  author_name text NOT NULL CHECK (char_length(author_name) BETWEEN 1 AND 50),
  email text CHECK (char_length(email) <= 200),
  contact_method text CHECK (char_length(contact_method) <= 200),
  priority text NOT NULL CHECK (priority IN ('Low', 'Medium', 'High')),
  is_anonymous boolean NOT NULL DEFAULT false,
  status text NOT NULL DEFAULT 'New',
  created_at bigint NOT NULL DEFAULT now_ms()
);
CREATE INDEX feature_suggestions_latest_idx ON feature_suggestions (created_at DESC, id DESC);

-- Uploaded files live in the database so every replica can serve them (no local disk): the kit's
-- upload tables (service-kit migrations-uploads), applied before this file since the definition says
-- `uploads: true`. Databases made before that got them here; the kit's migration keeps them.

-- Active members: one row per visitor (SHA-256 of x-anon-token), moved forward at most every few minutes.
CREATE TABLE visitor_activity (
  visitor_hash bytea PRIMARY KEY CHECK (octet_length(visitor_hash) = 32),
  last_seen_at bigint NOT NULL
);
CREATE INDEX visitor_activity_last_seen_idx ON visitor_activity (last_seen_at);

-- Down Migration

DROP TABLE visitor_activity;
DROP TABLE feature_suggestions;
DROP TABLE reports;
DROP TABLE post_upvotes;
DROP TABLE comments;
DROP TABLE posts;
DROP FUNCTION now_ms();
