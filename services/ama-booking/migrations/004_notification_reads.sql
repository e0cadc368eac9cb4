-- Up Migration

-- "Replies to me" (issue 16): when each visitor last looked at their replies (the bell, in the AMA
-- service's clock). The replies are the answered questions of the visitor (questions_visitor_idx).
CREATE TABLE notification_reads (
  visitor_hash bytea PRIMARY KEY CHECK (octet_length(visitor_hash) = 32),
  seen_at bigint NOT NULL
);

-- Down Migration

DROP TABLE notification_reads;
