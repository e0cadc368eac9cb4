-- Up Migration

-- The catalog schema (Tools, templates, polls and benchmarks) starts with only the service kit's outbox;
-- each feature's tables arrive in the numbered migration of the change that introduces them.

-- Down Migration
