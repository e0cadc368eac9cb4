-- Up Migration

-- Failed logins become atomic counters (one row per key, incremented with INSERT ... ON CONFLICT
-- DO UPDATE ... RETURNING) instead of one row per failure read back with a count: a burst of
-- parallel attempts is counted in full, and every replica shares the counters.
DROP TABLE login_failures;

-- Per (attempted username, client address): every attempt that did not log in, and the lock that
-- grows with them. The username is hashed (people type passwords into the username field).
CREATE TABLE login_source_failures (
  username_hash bytea NOT NULL CHECK (octet_length(username_hash) = 32),
  ip text NOT NULL,
  failures integer NOT NULL CHECK (failures > 0),
  -- Attempts of this pair are refused until then (NULL: not locked).
  locked_until timestamptz,
  -- Whether the last attempt was refused because of the lock (read back by the same statement).
  last_refused boolean NOT NULL DEFAULT false,
  last_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (username_hash, ip)
);
CREATE INDEX login_source_failures_last_at_idx ON login_source_failures (last_at);

-- Ceilings over fixed one-hour windows: failed password checks per attempted username across all
-- addresses, and per address across all usernames.
CREATE TABLE login_failure_windows (
  scope text NOT NULL CHECK (scope IN ('username', 'ip')),
  key text NOT NULL,
  window_start timestamptz NOT NULL,
  failures integer NOT NULL CHECK (failures > 0),
  PRIMARY KEY (scope, key)
);
CREATE INDEX login_failure_windows_window_start_idx ON login_failure_windows (window_start);

-- Down Migration

DROP TABLE login_failure_windows;
DROP TABLE login_source_failures;
CREATE TABLE login_failures (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  ip text NOT NULL,
  username_hash bytea NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_failures_ip_at_idx ON login_failures (ip, at);
CREATE INDEX login_failures_username_hash_at_idx ON login_failures (username_hash, at);
CREATE INDEX login_failures_at_idx ON login_failures (at);
