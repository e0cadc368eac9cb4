-- Up Migration

CREATE FUNCTION now_ms() RETURNS bigint LANGUAGE sql STABLE AS $$ SELECT (extract(epoch FROM now()) * 1000)::bigint $$;

CREATE TABLE job_postings (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  title text NOT NULL,
  company text NOT NULL,
  location text NOT NULL,
  job_type text NOT NULL,
  category text NOT NULL,
  description text NOT NULL,
  requirements text NOT NULL,
  salary_range text,
  apply_url text NOT NULL,
  -- The apply URL reduced to what makes two postings point at the same page (repeated-URL flagging).
  apply_url_key text NOT NULL,
  tags jsonb NOT NULL DEFAULT '[]'::jsonb,
  submitted_by text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected', 'expired')),
  -- The kit's keyed jobs hash of the poster's verified visitor token (never the token); null when none.
  poster_hash bytea,
  flagged boolean NOT NULL DEFAULT false,
  created_at bigint NOT NULL DEFAULT now_ms(),
  updated_at bigint NOT NULL DEFAULT now_ms(),
  approved_at bigint,
  expires_at bigint,
  -- Search over title, company and location; 'simple' keeps names and places unstemmed.
  search tsvector GENERATED ALWAYS AS (
    to_tsvector('simple'::regconfig, title || ' ' || company || ' ' || location)
  ) STORED
);

-- The public list: approved jobs, newest first.
CREATE INDEX job_postings_public_idx ON job_postings (created_at DESC, id DESC) WHERE status = 'approved';
CREATE INDEX job_postings_search_idx ON job_postings USING gin (search) WHERE status = 'approved';
-- Staff list (every status) and My job posts.
CREATE INDEX job_postings_staff_idx ON job_postings (created_at DESC, id DESC);
CREATE INDEX job_postings_poster_idx ON job_postings (poster_hash, created_at DESC) WHERE poster_hash IS NOT NULL;
CREATE INDEX job_postings_url_idx ON job_postings (apply_url_key);
-- The expiry job.
CREATE INDEX job_postings_expiry_idx ON job_postings (expires_at) WHERE status = 'approved';

-- Down Migration
DROP TABLE job_postings;
DROP FUNCTION now_ms();
