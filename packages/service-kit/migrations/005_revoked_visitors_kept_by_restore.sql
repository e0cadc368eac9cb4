-- Up Migration
-- A database restore (admin service, docs/backups.md) replaces every table of a service schema
-- except those whose comment starts with "restore: keep": revocations only ever grow, and a restore
-- must never bring a revoked token back to life.
COMMENT ON TABLE kit_revoked_visitors IS 'restore: keep (security state: a restore never un-revokes a token)';

-- Down Migration
COMMENT ON TABLE kit_revoked_visitors IS NULL;
