-- Up Migration

-- Staff may rename a visitor (spec: "Username edit by admin", 1-50 characters, kept as typed).
-- Visitors still choose names under the stricter public rules, checked by the Username contract.
ALTER TABLE profiles DROP CONSTRAINT profiles_username_check;
ALTER TABLE profiles ADD CONSTRAINT profiles_username_check CHECK (
  char_length(username) BETWEEN 1 AND 50
  AND username = btrim(username)
  AND username !~ '[[:cntrl:]]'
);

-- When the username last changed.
ALTER TABLE profiles ADD COLUMN updated_at timestamptz;
UPDATE profiles SET updated_at = created_at;
ALTER TABLE profiles ALTER COLUMN updated_at SET NOT NULL, ALTER COLUMN updated_at SET DEFAULT now();

-- The admin list, newest first.
CREATE INDEX profiles_created_at_idx ON profiles (created_at);

-- Down Migration

DROP INDEX profiles_created_at_idx;
ALTER TABLE profiles DROP COLUMN updated_at;
ALTER TABLE profiles DROP CONSTRAINT profiles_username_check;
ALTER TABLE profiles ADD CONSTRAINT profiles_username_check CHECK (
  username = lower(username)
  AND char_length(username) BETWEEN 3 AND 20
  AND username ~ '^[a-z0-9_-]+$'
);
