-- Up Migration

-- Failed password checks per (attempted username, network: an IPv4 address or an IPv6 /48), for the
-- per-username ceiling: once a username's failures from all addresses reach it, only networks with
-- no failure on that username within the hour (and browsers with a device cookie) may still try,
-- so addresses filling the ceiling cannot lock the owner out (issue 25 item 8).
CREATE TABLE login_network_failures (
  username_hash bytea NOT NULL CHECK (octet_length(username_hash) = 32),
  network text NOT NULL,
  failures integer NOT NULL CHECK (failures > 0),
  last_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (username_hash, network)
);
CREATE INDEX login_network_failures_last_at_idx ON login_network_failures (last_at);

-- Login attempts per address over all usernames in a fixed one-minute window, counted before the
-- password check (a parallel burst is counted in full) and given back by a successful login:
-- password spraying from one address is refused by the 7th attempt.
CREATE TABLE login_address_attempts (
  ip text PRIMARY KEY,
  window_start timestamptz NOT NULL,
  attempts integer NOT NULL CHECK (attempts >= 0)
);
CREATE INDEX login_address_attempts_window_start_idx ON login_address_attempts (window_start);

-- Down Migration

DROP TABLE login_address_attempts;
DROP TABLE login_network_failures;
