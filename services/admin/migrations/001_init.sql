-- Up Migration

-- The admin schema (Staff accounts and sessions, mentors, backups and the audit log) starts with only the service kit's outbox;
-- each feature's tables arrive in the numbered migration of the change that introduces them.

-- Down Migration
