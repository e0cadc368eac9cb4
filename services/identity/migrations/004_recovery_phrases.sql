-- Up Migration

-- Recovery phrases (portable pseudonym, issue 16; docs/decisions.md). One per visitor: a new phrase
-- replaces the row, so the old phrase ends. Nothing here gives the phrase back:
-- - lookup: HMAC-SHA256(key derived from VISITOR_TOKEN_SECRET, first 4 words), to find candidates
--   without trying every row; not unique (two phrases may share a prefix);
-- - verifier: the first 32 bytes of scrypt(phrase, salt) (the slow hash);
-- - sealed_id: the visitor's token id, AES-256-GCM under the other 32 bytes of that scrypt output,
--   so only someone holding the phrase can turn the row back into the visitor's token.
CREATE TABLE recovery_phrases (
  visitor_id bigint PRIMARY KEY REFERENCES visitors (id) ON DELETE CASCADE,
  lookup bytea NOT NULL CHECK (octet_length(lookup) = 32),
  salt bytea NOT NULL CHECK (octet_length(salt) = 16),
  verifier bytea NOT NULL CHECK (octet_length(verifier) = 32),
  sealed_id bytea NOT NULL CHECK (octet_length(sealed_id) BETWEEN 28 AND 128),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX recovery_phrases_lookup_idx ON recovery_phrases (lookup);

-- Down Migration

DROP TABLE recovery_phrases;
