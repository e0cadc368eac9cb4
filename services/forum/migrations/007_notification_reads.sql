-- Up Migration

-- "Replies to me" (issue 16): when each visitor last looked at their replies (the bell). The replies
-- themselves are the comments on the visitor's posts (posts_author_token_idx, comments_post_idx),
-- so a deleted post or comment disappears from the list by itself.
CREATE TABLE notification_reads (
  visitor_hash bytea PRIMARY KEY CHECK (octet_length(visitor_hash) = 32),
  seen_at bigint NOT NULL
);

-- Down Migration

DROP TABLE notification_reads;
