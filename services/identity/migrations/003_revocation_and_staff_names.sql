-- Up Migration

-- A token its holder ended (DELETE /api/session, "forget this device"): the visitor row stays, so
-- its username stays taken, but the token no longer finds it. Other services learn of it through
-- the identity.visitor.revoked event (service kit, kit_revoked_visitors).
ALTER TABLE visitors ADD COLUMN revoked_at timestamptz;

-- Every staff account name identity has seen (admin.staff.created / admin.staff.renamed), lower-cased.
-- Kept forever: a former staff name never becomes a username or an author name.
CREATE TABLE staff_names (
  name_lower text PRIMARY KEY CHECK (name_lower = lower(name_lower)),
  first_seen_at timestamptz NOT NULL DEFAULT now()
);

-- Down Migration

DROP TABLE staff_names;
ALTER TABLE visitors DROP COLUMN revoked_at;
