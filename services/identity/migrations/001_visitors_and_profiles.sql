-- Up Migration

-- One row per anonymous session. Only SHA-256(token) is kept: the token itself never reaches the database.
CREATE TABLE visitors (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  token_hash bytea NOT NULL CHECK (octet_length(token_hash) = 32),
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX visitors_token_hash_key ON visitors (token_hash);
-- "Active members" counts visitors seen since a point in time.
CREATE INDEX visitors_last_seen_at_idx ON visitors (last_seen_at);

-- A visitor's public username; at most one per visitor (the primary key), never changed by the visitor.
CREATE TABLE profiles (
  visitor_id bigint PRIMARY KEY REFERENCES visitors (id) ON DELETE CASCADE,
  username text NOT NULL CHECK (
    username = lower(username)
    AND char_length(username) BETWEEN 3 AND 20
    AND username ~ '^[a-z0-9_-]+$'
  ),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX profiles_username_lower_key ON profiles (lower(username));

-- Down Migration

DROP TABLE profiles;
DROP TABLE visitors;
