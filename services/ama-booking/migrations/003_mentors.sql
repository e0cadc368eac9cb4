-- Up Migration

-- Mentors (spec 3 §3-§5): applications (one per verified visitor), requests to approved mentors and
-- the private messages of accepted requests. Visitors are kept as their keyed ama hash, never a token.

CREATE TABLE mentors (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
  years_experience integer NOT NULL CHECK (years_experience BETWEEN 0 AND 50),
  bio text NOT NULL CHECK (char_length(bio) BETWEEN 1 AND 1000),
  -- As typed (display); tag_keys holds them lower-cased for the directory filter.
  expertise_tags text[] NOT NULL CHECK (cardinality(expertise_tags) BETWEEN 1 AND 10),
  tag_keys text[] NOT NULL,
  timezone text NOT NULL CHECK (char_length(timezone) BETWEEN 1 AND 50),
  availability_hours text NOT NULL DEFAULT '' CHECK (char_length(availability_hours) <= 200),
  contact_info text NOT NULL DEFAULT '' CHECK (char_length(contact_info) <= 200),
  linkedin_url text CHECK (char_length(linkedin_url) <= 300),
  -- The applicant's username as identity knew it when they applied.
  submitted_by text NOT NULL CHECK (char_length(submitted_by) BETWEEN 1 AND 50),
  visitor_hash bytea NOT NULL UNIQUE CHECK (octet_length(visitor_hash) = 32),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected', 'suspended')),
  created_at bigint NOT NULL DEFAULT now_ms(),
  updated_at bigint NOT NULL DEFAULT now_ms()
);
-- The staff list (every status, newest first) and the public directory (approved, newest first).
CREATE INDEX mentors_latest_idx ON mentors (created_at DESC, id DESC);
CREATE INDEX mentors_approved_idx ON mentors (created_at DESC, id DESC) WHERE status = 'approved';
-- The directory's expertise filter.
CREATE INDEX mentors_tags_idx ON mentors USING gin (tag_keys) WHERE status = 'approved';

CREATE TABLE mentor_requests (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  mentor_id bigint NOT NULL REFERENCES mentors (id) ON DELETE CASCADE,
  requester_name text NOT NULL CHECK (char_length(requester_name) BETWEEN 1 AND 100),
  requester_contact text NOT NULL CHECK (char_length(requester_contact) BETWEEN 1 AND 200),
  message text NOT NULL CHECK (char_length(message) BETWEEN 1 AND 1000),
  goals text NOT NULL CHECK (char_length(goals) BETWEEN 1 AND 500),
  requester_hash bytea NOT NULL CHECK (octet_length(requester_hash) = 32),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'accepted', 'declined')),
  created_at bigint NOT NULL DEFAULT now_ms(),
  updated_at bigint NOT NULL DEFAULT now_ms()
);
-- A mentor's inbox and a requester's sent list, newest first.
CREATE INDEX mentor_requests_mentor_idx ON mentor_requests (mentor_id, created_at DESC, id DESC);
CREATE INDEX mentor_requests_requester_idx ON mentor_requests (requester_hash, created_at DESC, id DESC);
-- One open (pending or accepted) request per visitor and mentor.
CREATE UNIQUE INDEX mentor_requests_open_idx ON mentor_requests (mentor_id, requester_hash) WHERE status IN ('pending', 'accepted');

CREATE TABLE mentor_messages (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  request_id bigint NOT NULL REFERENCES mentor_requests (id) ON DELETE CASCADE,
  sender text NOT NULL CHECK (sender IN ('mentor', 'requester')),
  sender_name text NOT NULL CHECK (char_length(sender_name) BETWEEN 1 AND 100),
  message text NOT NULL CHECK (char_length(message) BETWEEN 1 AND 2000),
  is_anonymous boolean NOT NULL DEFAULT false,
  created_at bigint NOT NULL DEFAULT now_ms()
);
-- A thread, newest first (the answer carries the newest 500, oldest first).
CREATE INDEX mentor_messages_thread_idx ON mentor_messages (request_id, id DESC);

-- Down Migration
DROP TABLE mentor_messages;
DROP TABLE mentor_requests;
DROP TABLE mentors;
