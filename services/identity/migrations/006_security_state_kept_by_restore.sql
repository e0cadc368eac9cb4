-- Up Migration

-- Security state a database restore must never roll back (docs/backups.md, "What a restore keeps").
-- The admin service's restore replaces every table of the schema except those whose comment starts
-- with "restore: keep"; these tables only ever grow, so keeping the newer rows is always right.

-- Revoked tokens by their hash: visitors.revoked_at goes back with a restore (the visitors table is
-- the backup's), this does not. A token found here is revoked whatever visitors says.
CREATE TABLE revoked_tokens (
  token_hash bytea PRIMARY KEY CHECK (octet_length(token_hash) = 32),
  revoked_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO revoked_tokens (token_hash, revoked_at)
SELECT token_hash, revoked_at FROM visitors WHERE revoked_at IS NOT NULL
ON CONFLICT DO NOTHING;
COMMENT ON TABLE revoked_tokens IS 'restore: keep (a restore never un-revokes a token)';

-- Verifiers of recovery phrases that were replaced (a rotation): a restore brings the old row of
-- recovery_phrases back, and this keeps it dead.
CREATE TABLE ended_recovery_verifiers (
  verifier bytea PRIMARY KEY CHECK (octet_length(verifier) = 32),
  ended_at timestamptz NOT NULL DEFAULT now()
);
COMMENT ON TABLE ended_recovery_verifiers IS 'restore: keep (a restore never revives a rotated recovery phrase)';

COMMENT ON TABLE staff_names IS 'restore: keep (a restore never frees a staff name)';

-- Down Migration

COMMENT ON TABLE staff_names IS NULL;
DROP TABLE ended_recovery_verifiers;
DROP TABLE revoked_tokens;
