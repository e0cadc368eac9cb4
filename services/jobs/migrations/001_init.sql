-- Up Migration

-- The jobs schema (Job postings) starts with only the service kit's outbox;
-- each feature's tables arrive in the numbered migration of the change that introduces them.

-- Down Migration
