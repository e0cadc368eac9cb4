-- Up Migration
-- Visitor tokens identity revoked (event identity.visitor.revoked, fed by a durable subscription of
-- the kit in every service). Only the token's revocation key is kept (HMAC under the shared
-- VISITOR_TOKEN_SECRET, see src/visitor.ts), never the token. Per-visitor writes look a token up here.
CREATE TABLE kit_revoked_visitors (
  revocation text PRIMARY KEY CHECK (char_length(revocation) = 43),
  revoked_at timestamptz NOT NULL DEFAULT now()
);

-- Down Migration
DROP TABLE kit_revoked_visitors;
