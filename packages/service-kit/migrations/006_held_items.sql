-- Up Migration
-- Writes held for staff review (issue 25, duplicate content: src/held-items.ts). A held write is
-- kept here, not in its content table, so no list, search, sitemap, count, cache or event sees it
-- until staff release it; release inserts it into its table under item_id (reserved from that
-- table's id sequence when it was held, so the author's 201 answer already names it) and publishes
-- it as any new write. `reason` and `state` are meant for more queues than duplicates (the report
-- queue: 'reports'); decided rows are kept as the queue's history (the audit log has who and when).
CREATE TABLE kit_held_items (
  id bigserial PRIMARY KEY,
  kind text NOT NULL CHECK (char_length(kind) BETWEEN 1 AND 40),
  item_id bigint NOT NULL,
  reason text NOT NULL CHECK (reason IN ('duplicate')),
  state text NOT NULL DEFAULT 'held' CHECK (state IN ('held', 'released', 'deleted')),
  -- The validated create input, as the service's release function reads it back.
  payload jsonb NOT NULL,
  author_token_hash bytea,
  -- What staff read in the queue.
  title text NOT NULL DEFAULT '',
  body text NOT NULL,
  author_name text NOT NULL DEFAULT '',
  copies integer NOT NULL DEFAULT 0,
  held_at bigint NOT NULL,
  decided_at bigint,
  decided_by text,
  UNIQUE (kind, item_id)
);
CREATE INDEX kit_held_items_queue ON kit_held_items (held_at DESC, id DESC) WHERE state = 'held';

-- Down Migration
DROP TABLE kit_held_items;
