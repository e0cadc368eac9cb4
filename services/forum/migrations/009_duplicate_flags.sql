-- Up Migration
-- Help tickets and feature suggestions whose text many visitors sent within the hour (the kit's
-- duplicate-content check): staff alone read them, so a duplicate is flagged in the admin lists
-- rather than held.
ALTER TABLE reports ADD COLUMN duplicate boolean NOT NULL DEFAULT false;
ALTER TABLE feature_suggestions ADD COLUMN duplicate boolean NOT NULL DEFAULT false;

-- Down Migration
ALTER TABLE feature_suggestions DROP COLUMN duplicate;
ALTER TABLE reports DROP COLUMN duplicate;
