-- Up Migration
-- Events waiting for the relay (src/relay.ts); a row is deleted once the bus has accepted it.
CREATE TABLE outbox (
  id bigserial PRIMARY KEY,
  subject text NOT NULL,
  payload jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The relay publishes with msgId '<schema>:<id>' and JetStream drops repeated msgIds for minutes.
-- Ids seeded from the clock keep a re-created database (tests, a fresh install) from reusing the
-- msgIds of the previous one.
SELECT setval(
  pg_get_serial_sequence('outbox', 'id'),
  (extract(epoch FROM clock_timestamp()) * 1000)::bigint * 1000 + floor(random() * 1000)::bigint
);

-- Down Migration
DROP TABLE outbox;
