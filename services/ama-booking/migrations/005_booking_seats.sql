-- Up Migration

-- Seat squatting (issue 25 item 1): one active booking per visitor and per normalised email in a
-- session (unique indexes, so parallel requests cannot both win), the client address keys a booking
-- was made from (the per-address share of a session's unpaid seats is counted on them), receipts
-- compared by content hash, and mails a recipient address did not get because of the daily cap.

-- The normalised email (bookings-email-key.ts): lower case, no +tag, Gmail without dots. Rows made
-- before this migration get the lower-cased, trimmed address (the +tag and dots rules apply to new
-- bookings).
ALTER TABLE bookings ADD COLUMN email_key text;
UPDATE bookings SET email_key = lower(btrim(participant_email));
ALTER TABLE bookings ALTER COLUMN email_key SET NOT NULL;

-- The client address the booking came from, as per-address limits count it (IPv4 address or IPv6
-- /64) and, for IPv6, its /48. NULL for bookings made before this migration and for waitlist
-- promotions of entries made before it: those count against no address.
ALTER TABLE bookings ADD COLUMN address_key text, ADD COLUMN network_key text;
ALTER TABLE waitlist ADD COLUMN address_key text, ADD COLUMN network_key text;

-- Active bookings that already shared a visitor or an email with an older active booking of their
-- session when this migration ran stay as they are, outside the unique indexes.
ALTER TABLE bookings ADD COLUMN legacy_duplicate boolean NOT NULL DEFAULT false;
UPDATE bookings b SET legacy_duplicate = true
WHERE b.booking_status <> 'cancelled'
  AND EXISTS (
    SELECT 1 FROM bookings o
    WHERE o.session_id = b.session_id AND o.booking_status <> 'cancelled' AND o.id < b.id
      AND (o.email_key = b.email_key OR (o.visitor_hash IS NOT NULL AND o.visitor_hash = b.visitor_hash)));

CREATE UNIQUE INDEX bookings_one_per_visitor_idx ON bookings (session_id, visitor_hash)
  WHERE booking_status <> 'cancelled' AND visitor_hash IS NOT NULL AND NOT legacy_duplicate;
CREATE UNIQUE INDEX bookings_one_per_email_idx ON bookings (session_id, email_key)
  WHERE booking_status <> 'cancelled' AND NOT legacy_duplicate;

-- The receipt file's SHA-256 (the uploads row's), so identical files on different bookings are found.
ALTER TABLE receipts ADD COLUMN content_sha256 bytea CHECK (octet_length(content_sha256) = 32);
UPDATE receipts r SET content_sha256 = u.sha256 FROM uploads u WHERE u.name = r.upload_name;
CREATE INDEX receipts_content_idx ON receipts (content_sha256) WHERE content_sha256 IS NOT NULL;

-- 'capped': the recipient address had its day's mails already (AMA_MAILS_PER_ADDRESS_DAY); kept for
-- staff, never sent.
ALTER TABLE emails DROP CONSTRAINT emails_delivery_check;
ALTER TABLE emails ADD CONSTRAINT emails_delivery_check CHECK (delivery IN ('kept', 'queued', 'sent', 'failed', 'capped'));

-- Down Migration

DELETE FROM emails WHERE delivery = 'capped';
ALTER TABLE emails DROP CONSTRAINT emails_delivery_check;
ALTER TABLE emails ADD CONSTRAINT emails_delivery_check CHECK (delivery IN ('kept', 'queued', 'sent', 'failed'));
DROP INDEX receipts_content_idx;
ALTER TABLE receipts DROP COLUMN content_sha256;
DROP INDEX bookings_one_per_email_idx;
DROP INDEX bookings_one_per_visitor_idx;
ALTER TABLE bookings DROP COLUMN legacy_duplicate, DROP COLUMN address_key, DROP COLUMN network_key, DROP COLUMN email_key;
ALTER TABLE waitlist DROP COLUMN address_key, DROP COLUMN network_key;
