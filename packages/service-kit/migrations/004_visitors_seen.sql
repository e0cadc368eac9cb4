-- Up Migration
-- When this service first saw each visitor (src/established-visitors.ts): the service's own keyed
-- hash of the visitor and the clock's milliseconds, nothing else (no address, no token). Counts that
-- must not be fabricated on demand (a poll breakdown's groups, reporters) count only visitors first
-- seen long enough ago.
CREATE TABLE kit_visitors_seen (
  visitor_hash bytea PRIMARY KEY CHECK (octet_length(visitor_hash) = 32),
  first_seen bigint NOT NULL
);

-- Down Migration
DROP TABLE kit_visitors_seen;
