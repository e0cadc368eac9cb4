-- Up Migration

-- Visitor columns now hold the service kit's keyed per-service hash of a verified visitor
-- (request.visitor.hash: HMAC under a key derived from VISITOR_TOKEN_SECRET for the forum alone),
-- no longer SHA-256 of whatever x-anon-token was sent. Old values simply stop matching: old-format
-- tokens are no visitors any more. Activity rows of old tokens would count as active members for
-- another day, so they go.
COMMENT ON COLUMN posts.author_token_hash IS 'keyed forum hash of the verified author visitor (service kit request.visitor.hash); never answered';
COMMENT ON COLUMN comments.author_token_hash IS 'keyed forum hash of the verified author visitor (service kit request.visitor.hash)';
COMMENT ON COLUMN post_upvotes.voter_hash IS 'keyed forum hash of the verified voter (service kit request.visitor.hash); no address fallback';
COMMENT ON COLUMN visitor_activity.visitor_hash IS 'keyed forum hash of a verified visitor (service kit request.visitor.hash)';
DELETE FROM visitor_activity;

-- Down Migration

COMMENT ON COLUMN posts.author_token_hash IS NULL;
COMMENT ON COLUMN comments.author_token_hash IS NULL;
COMMENT ON COLUMN post_upvotes.voter_hash IS NULL;
COMMENT ON COLUMN visitor_activity.visitor_hash IS NULL;
