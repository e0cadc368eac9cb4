-- Up Migration

-- Suspensions and address blocks (issue 26 item 5), kept for good here; the kit of every service
-- holds a copy of the decisions in force (service-kit suspensions.ts), Redis only says when to reload.
-- Marked "restore: keep" (docs/backups.md): a restore never rolls a suspension or a block back.

-- A visitor as the service holding their content knows them: (service, keyed hash, base64url).
CREATE TABLE visitor_suspensions (
  service text NOT NULL CHECK (service ~ '^[a-z][a-z0-9-]{0,39}$'),
  visitor text NOT NULL CHECK (visitor ~ '^[A-Za-z0-9_-]{43}$'),
  until timestamptz,
  reason text NOT NULL,
  staff text NOT NULL,
  at timestamptz NOT NULL,
  PRIMARY KEY (service, visitor)
);
COMMENT ON TABLE visitor_suspensions IS 'restore: keep (a restore never lifts a suspension)';
COMMENT ON COLUMN visitor_suspensions.until IS 'null: suspended for good';

-- An IPv4 address or an IPv6 /64 (the kit''s clientAddressKey form).
CREATE TABLE address_blocks (
  address text PRIMARY KEY CHECK (length(address) BETWEEN 2 AND 64),
  until timestamptz NOT NULL,
  reason text NOT NULL,
  staff text NOT NULL,
  at timestamptz NOT NULL
);
COMMENT ON TABLE address_blocks IS 'restore: keep (a restore never lifts an address block)';

-- Down Migration

DROP TABLE address_blocks;
DROP TABLE visitor_suspensions;
