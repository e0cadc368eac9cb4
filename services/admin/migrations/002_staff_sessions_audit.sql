-- Up Migration

-- Staff accounts. Usernames are unique regardless of case, as they are matched at login.
CREATE TABLE staff (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  username text NOT NULL CHECK (char_length(username) BETWEEN 1 AND 50),
  email text NOT NULL CHECK (char_length(email) BETWEEN 1 AND 100),
  -- argon2id, PHC string format
  password_hash text NOT NULL CHECK (password_hash LIKE '$argon2id$%'),
  role text NOT NULL DEFAULT 'Moderator' CHECK (role IN ('Moderator', 'Admin', 'Super Admin')),
  permissions jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(permissions) = 'object'),
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX staff_username_lower_key ON staff (lower(username));

-- Server-side staff sessions. The cookie holds a random id; only its SHA-256 is stored.
CREATE TABLE staff_sessions (
  id_hash bytea PRIMARY KEY CHECK (octet_length(id_hash) = 32),
  staff_id bigint NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX staff_sessions_staff_id_idx ON staff_sessions (staff_id);
CREATE INDEX staff_sessions_last_seen_at_idx ON staff_sessions (last_seen_at);

-- Failed logins, counted per client address and per attempted username (hashed: people type
-- passwords into the username field) to slow down password guessing.
CREATE TABLE login_failures (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  ip text NOT NULL,
  username_hash bytea NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_failures_ip_at_idx ON login_failures (ip, at);
CREATE INDEX login_failures_username_hash_at_idx ON login_failures (username_hash, at);
CREATE INDEX login_failures_at_idx ON login_failures (at);

-- Every staff action on the platform (who, what, when, target). staff_id is not a foreign key:
-- the record outlives the account.
CREATE TABLE audit_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  service text NOT NULL,
  staff_id bigint NOT NULL,
  staff_username text NOT NULL,
  role text NOT NULL,
  action text NOT NULL,
  target_type text NOT NULL,
  target_id text NOT NULL,
  at timestamptz NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT now()
);
-- A redelivered event is the same action by the same person on the same target at the same instant.
CREATE UNIQUE INDEX audit_log_event_key ON audit_log (service, staff_id, action, target_type, target_id, at);

-- Down Migration

DROP TABLE audit_log;
DROP TABLE login_failures;
DROP TABLE staff_sessions;
DROP TABLE staff;
