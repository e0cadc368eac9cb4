-- Up Migration

-- Look-alike names (issue 25 item 6): names are compared on their key (service-kit names.ts
-- nameKey: NFKC, invisible characters removed, TS #39 confusables skeleton, case, accents and
-- separators folded), written by identity with every profile and staff rename. For a username of
-- only [a-z0-9_-] (every name visitors choose) the key is: m -> rn, 0 -> o, 1 -> l, _ and -
-- dropped, so those rows get it here (identity's tests check this expression against nameKey for
-- every such character); the others (staff renames kept as typed) get it from identity when it
-- starts. Not unique: names that collided before this rule stay; new profiles and staff renames
-- take an advisory lock on the key, then look for it.
ALTER TABLE profiles ADD COLUMN name_key text;
UPDATE profiles SET name_key = translate(replace(username, 'm', 'rn'), '01_-', 'ol')
  WHERE username ~ '^[a-z0-9_-]+$';
CREATE INDEX profiles_name_key_idx ON profiles (name_key);

-- Down Migration

DROP INDEX profiles_name_key_idx;
ALTER TABLE profiles DROP COLUMN name_key;
