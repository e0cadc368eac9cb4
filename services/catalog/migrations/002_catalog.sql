-- Up Migration

-- Tools directory, template library, polls and benchmarks. Times are ms since the epoch (what every
-- answer carries). Every list order has an index, with and without the category filter; search is
-- full text (prefix match on every word, so a half-typed word already finds).
CREATE FUNCTION now_ms() RETURNS bigint LANGUAGE sql STABLE AS $$ SELECT (extract(epoch FROM now()) * 1000)::bigint $$;

CREATE TABLE tools (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
  category text NOT NULL CHECK (category IN ('Forecasting', 'Scheduling', 'RTA', 'Analytics/BI', 'QA/Scoring',
    'Intraday', 'Hiring/Training', 'Data ETL', 'Scripting', 'Costing & Capacity')),
  url text NOT NULL CHECK (char_length(url) BETWEEN 1 AND 2000),
  -- The URL as compared with community posts' tool links (host without www, path without trailing slash).
  url_key text NOT NULL,
  short_desc text NOT NULL CHECK (char_length(short_desc) BETWEEN 1 AND 180),
  submitted_by text NOT NULL CHECK (char_length(submitted_by) BETWEEN 1 AND 40),
  -- The kit's keyed catalog hash of the submitter's verified token; never answered.
  submitter_hash bytea CHECK (octet_length(submitter_hash) = 32),
  votes integer NOT NULL DEFAULT 0 CHECK (votes >= 0),
  linked_posts integer NOT NULL DEFAULT 0 CHECK (linked_posts >= 0),
  created_at bigint NOT NULL DEFAULT now_ms(),
  search tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('simple'::regconfig, name), 'A')
    || setweight(to_tsvector('simple'::regconfig, category), 'B')
    || setweight(to_tsvector('simple'::regconfig, short_desc), 'C')
  ) STORED
);
CREATE INDEX tools_latest_idx ON tools (created_at DESC, id DESC);
CREATE INDEX tools_category_latest_idx ON tools (category, created_at DESC, id DESC);
CREATE INDEX tools_votes_idx ON tools (votes DESC, created_at DESC, id DESC);
CREATE INDEX tools_category_votes_idx ON tools (category, votes DESC, created_at DESC, id DESC);
CREATE INDEX tools_name_idx ON tools (lower(name), id);
CREATE INDEX tools_category_name_idx ON tools (category, lower(name), id);
CREATE INDEX tools_search_idx ON tools USING gin (search);
CREATE INDEX tools_url_key_idx ON tools (url_key);

-- One vote per verified visitor per tool: the primary key decides, also under parallel requests.
CREATE TABLE tool_votes (
  tool_id bigint NOT NULL REFERENCES tools (id) ON DELETE CASCADE,
  visitor_hash bytea NOT NULL CHECK (octet_length(visitor_hash) = 32),
  created_at bigint NOT NULL DEFAULT now_ms(),
  PRIMARY KEY (tool_id, visitor_hash)
);

-- Tool posts of the forum and the tool URLs they link to (from forum.post.* events).
CREATE TABLE tool_post_links (
  post_id bigint NOT NULL,
  url_key text NOT NULL,
  PRIMARY KEY (post_id, url_key)
);
CREATE INDEX tool_post_links_url_idx ON tool_post_links (url_key);

-- Uploaded template files live in the kit's upload tables (service-kit migrations-uploads), applied
-- before this file since the definition says `uploads: true`; databases made before that got them here.

CREATE TABLE templates (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
  category text NOT NULL CHECK (category IN ('Forecasting Models', 'Scheduling Templates', 'RTA Dashboards',
    'Capacity Planning', 'Shrinkage Analysis', 'Performance Reports', 'Budget Planning', 'Staff Planning',
    'Data Analysis', 'Process Documentation')),
  short_desc text NOT NULL CHECK (char_length(short_desc) BETWEEN 1 AND 250),
  url text CHECK (char_length(url) BETWEEN 1 AND 2000),
  -- The stored file (uploads.name); its original name and size are copied for the answers.
  file_name text REFERENCES uploads (name) ON UPDATE CASCADE,
  file_original_name text,
  file_size integer,
  downloads integer NOT NULL DEFAULT 0 CHECK (downloads >= 0),
  submitted_by text NOT NULL CHECK (char_length(submitted_by) BETWEEN 1 AND 40),
  submitter_hash bytea CHECK (octet_length(submitter_hash) = 32),
  created_at bigint NOT NULL DEFAULT now_ms(),
  search tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('simple'::regconfig, name), 'A')
    || setweight(to_tsvector('simple'::regconfig, category), 'B')
    || setweight(to_tsvector('simple'::regconfig, short_desc), 'C')
  ) STORED,
  CHECK (num_nonnulls(url, file_name) = 1)
);
CREATE INDEX templates_latest_idx ON templates (created_at DESC, id DESC);
CREATE INDEX templates_category_latest_idx ON templates (category, created_at DESC, id DESC);
CREATE INDEX templates_downloads_idx ON templates (downloads DESC, created_at DESC, id DESC);
CREATE INDEX templates_category_downloads_idx ON templates (category, downloads DESC, created_at DESC, id DESC);
CREATE INDEX templates_name_idx ON templates (lower(name), id);
CREATE INDEX templates_category_name_idx ON templates (category, lower(name), id);
CREATE INDEX templates_search_idx ON templates USING gin (search);
CREATE INDEX templates_file_idx ON templates (file_name) WHERE file_name IS NOT NULL;

CREATE TABLE polls (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  title text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 120),
  description text NOT NULL CHECK (char_length(description) BETWEEN 1 AND 500),
  category text NOT NULL CHECK (category IN ('scheduling', 'tools', 'metrics', 'strategy', 'general')),
  created_by text NOT NULL CHECK (char_length(created_by) BETWEEN 1 AND 40),
  -- My Polls: the creator's keyed hash; never answered.
  creator_hash bytea CHECK (octet_length(creator_hash) = 32),
  expires_at bigint,
  profile_questions text[] NOT NULL DEFAULT '{}' CHECK (profile_questions <@ ARRAY['region', 'size', 'channel']),
  total_votes integer NOT NULL DEFAULT 0 CHECK (total_votes >= 0),
  created_at bigint NOT NULL DEFAULT now_ms()
);
CREATE INDEX polls_newest_idx ON polls (created_at DESC, id DESC);
CREATE INDEX polls_category_newest_idx ON polls (category, created_at DESC, id DESC);
CREATE INDEX polls_popular_idx ON polls (total_votes DESC, created_at DESC, id DESC);
CREATE INDEX polls_category_popular_idx ON polls (category, total_votes DESC, created_at DESC, id DESC);
CREATE INDEX polls_expires_idx ON polls (expires_at, id) WHERE expires_at IS NOT NULL;
CREATE INDEX polls_category_expires_idx ON polls (category, expires_at, id) WHERE expires_at IS NOT NULL;
CREATE INDEX polls_creator_idx ON polls (creator_hash, created_at DESC, id DESC) WHERE creator_hash IS NOT NULL;

CREATE TABLE poll_options (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  poll_id bigint NOT NULL REFERENCES polls (id) ON DELETE CASCADE,
  position smallint NOT NULL CHECK (position BETWEEN 0 AND 9),
  text text NOT NULL CHECK (char_length(text) BETWEEN 1 AND 100),
  votes integer NOT NULL DEFAULT 0 CHECK (votes >= 0),
  UNIQUE (poll_id, position),
  -- Target of poll_votes' foreign key: a vote's option belongs to the vote's poll.
  UNIQUE (poll_id, id)
);

-- One vote per verified visitor per poll: the primary key decides, also under parallel requests.
CREATE TABLE poll_votes (
  poll_id bigint NOT NULL REFERENCES polls (id) ON DELETE CASCADE,
  visitor_hash bytea NOT NULL CHECK (octet_length(visitor_hash) = 32),
  option_id bigint NOT NULL,
  -- Optional profile answers (benchmark breakdowns, shown only for groups of 5 or more).
  region text,
  size text,
  channel text,
  created_at bigint NOT NULL DEFAULT now_ms(),
  PRIMARY KEY (poll_id, visitor_hash),
  FOREIGN KEY (poll_id, option_id) REFERENCES poll_options (poll_id, id) ON DELETE CASCADE
);

-- Down Migration

DROP TABLE poll_votes;
DROP TABLE poll_options;
DROP TABLE polls;
DROP TABLE templates;
DROP TABLE tool_post_links;
DROP TABLE tool_votes;
DROP TABLE tools;
DROP FUNCTION now_ms();
