-- Up Migration

-- AMA sessions, their pricing, bookings, receipts, live-session questions and the waitlist, and the
-- email outbox (receipts and session images are uploads in the kit's tables: private and public files).
-- Times are epoch ms (bigint), like every other schema.

CREATE FUNCTION now_ms() RETURNS bigint LANGUAGE sql STABLE AS $$ SELECT (extract(epoch FROM now()) * 1000)::bigint $$;

CREATE TABLE sessions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  title text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 150),
  description text NOT NULL DEFAULT '' CHECK (char_length(description) <= 2000),
  host_name text NOT NULL CHECK (char_length(host_name) BETWEEN 1 AND 100),
  host_bio text NOT NULL DEFAULT '' CHECK (char_length(host_bio) <= 1000),
  scheduled_time bigint NOT NULL,
  duration_minutes integer NOT NULL DEFAULT 60 CHECK (duration_minutes BETWEEN 15 AND 240),
  max_participants integer CHECK (max_participants BETWEEN 1 AND 500),
  max_questions integer NOT NULL CHECK (max_questions BETWEEN 1 AND 100),
  zoom_link text,
  image_url text,
  status text NOT NULL DEFAULT 'scheduled' CHECK (status IN ('scheduled', 'live', 'completed', 'cancelled')),
  created_at bigint NOT NULL DEFAULT now_ms(),
  updated_at bigint NOT NULL DEFAULT now_ms()
);
-- Public and admin lists: by scheduled time.
CREATE INDEX sessions_schedule_idx ON sessions (scheduled_time DESC, id DESC);

CREATE TABLE pricing (
  session_id bigint PRIMARY KEY REFERENCES sessions (id) ON DELETE CASCADE,
  price numeric(12, 2) NOT NULL CHECK (price > 0),
  currency text NOT NULL CHECK (currency IN ('USD', 'PHP', 'EUR')),
  payment_methods jsonb NOT NULL,
  created_at bigint NOT NULL DEFAULT now_ms(),
  updated_at bigint NOT NULL DEFAULT now_ms()
);

CREATE TABLE bookings (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  session_id bigint NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  booking_reference text NOT NULL UNIQUE,
  participant_name text NOT NULL CHECK (char_length(participant_name) BETWEEN 1 AND 100),
  participant_email text NOT NULL CHECK (char_length(participant_email) BETWEEN 3 AND 200),
  participant_phone text NOT NULL CHECK (char_length(participant_phone) BETWEEN 1 AND 20),
  payment_method text NOT NULL CHECK (payment_method IN ('paypal', 'gcash', 'bank_transfer')),
  booking_status text NOT NULL DEFAULT 'pending' CHECK (booking_status IN ('pending', 'confirmed', 'cancelled')),
  seat_number integer CHECK (seat_number BETWEEN 1 AND 100),
  receipt_uploaded boolean NOT NULL DEFAULT false,
  -- The booking visitor's keyed ama hash (never the token), for receipts and realtime pushes.
  visitor_hash bytea CHECK (octet_length(visitor_hash) = 32),
  created_at bigint NOT NULL DEFAULT now_ms(),
  payment_deadline bigint NOT NULL,
  cancel_reason text,
  from_waitlist boolean NOT NULL DEFAULT false,
  -- A seat is unique within its session, decided here under parallel assignment.
  UNIQUE (session_id, seat_number),
  CHECK (seat_number IS NULL OR booking_status = 'confirmed')
);
-- Occupancy (confirmed + pending per session) and the per-session booking list.
CREATE INDEX bookings_session_idx ON bookings (session_id, booking_status);
CREATE INDEX bookings_session_created_idx ON bookings (session_id, created_at DESC, id DESC);
-- What the hold-expiry job looks for.
CREATE INDEX bookings_unpaid_holds_idx ON bookings (payment_deadline) WHERE booking_status = 'pending' AND NOT receipt_uploaded;

-- Upload storage is the kit's (service-kit migrations-uploads), applied before this file since the
-- definition says `uploads: true`; databases made before that got the tables here.

CREATE TABLE receipts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  booking_id bigint NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
  upload_name text NOT NULL REFERENCES uploads (name),
  receipt_filename text NOT NULL CHECK (char_length(receipt_filename) BETWEEN 1 AND 255),
  upload_date bigint NOT NULL DEFAULT now_ms(),
  validation_status text NOT NULL DEFAULT 'pending' CHECK (validation_status IN ('pending', 'approved', 'rejected')),
  validated_by text,
  notes text CHECK (char_length(notes) <= 1000)
);
CREATE INDEX receipts_booking_idx ON receipts (booking_id, upload_date DESC, id DESC);

-- A receipt's file goes with it (booking or session deleted): the cleanup job takes unreferenced files.
CREATE FUNCTION receipts_release_upload() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE uploads SET referenced = false WHERE name = OLD.upload_name;
  RETURN NULL;
END $$;
CREATE TRIGGER receipts_release_upload AFTER DELETE ON receipts FOR EACH ROW EXECUTE FUNCTION receipts_release_upload();

CREATE TABLE questions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  session_id bigint NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  question text NOT NULL CHECK (char_length(question) BETWEEN 1 AND 500),
  author_name text NOT NULL,
  is_anonymous boolean NOT NULL DEFAULT false,
  visitor_hash bytea CHECK (octet_length(visitor_hash) = 32),
  upvotes integer NOT NULL DEFAULT 0 CHECK (upvotes >= 0),
  answer text CHECK (char_length(answer) BETWEEN 1 AND 2000),
  answered_by text,
  answered_at bigint,
  created_at bigint NOT NULL DEFAULT now_ms()
);
CREATE INDEX questions_session_idx ON questions (session_id, created_at DESC, id DESC);
CREATE INDEX questions_visitor_idx ON questions (visitor_hash, created_at DESC) WHERE visitor_hash IS NOT NULL;

CREATE TABLE question_upvotes (
  question_id bigint NOT NULL REFERENCES questions (id) ON DELETE CASCADE,
  visitor_hash bytea NOT NULL CHECK (octet_length(visitor_hash) = 32),
  created_at bigint NOT NULL DEFAULT now_ms(),
  PRIMARY KEY (question_id, visitor_hash)
);

CREATE TABLE waitlist (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  session_id bigint NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  participant_name text NOT NULL,
  participant_email text NOT NULL,
  participant_phone text NOT NULL,
  payment_method text NOT NULL,
  visitor_hash bytea CHECK (octet_length(visitor_hash) = 32),
  created_at bigint NOT NULL DEFAULT now_ms(),
  promoted_booking_id bigint REFERENCES bookings (id) ON DELETE SET NULL,
  promoted_at bigint
);
-- The line of one session, first come first served; one place in line per email.
CREATE INDEX waitlist_line_idx ON waitlist (session_id, id) WHERE promoted_at IS NULL;
CREATE UNIQUE INDEX waitlist_email_idx ON waitlist (session_id, lower(participant_email)) WHERE promoted_at IS NULL;

-- Every mail the service writes; without SMTP_URL they stay here (delivery 'kept') for staff.
CREATE TABLE emails (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL,
  booking_id bigint REFERENCES bookings (id) ON DELETE SET NULL,
  session_id bigint REFERENCES sessions (id) ON DELETE SET NULL,
  to_address text NOT NULL,
  subject text NOT NULL,
  body text NOT NULL,
  delivery text NOT NULL DEFAULT 'kept' CHECK (delivery IN ('kept', 'queued', 'sent', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  created_at bigint NOT NULL DEFAULT now_ms(),
  sent_at bigint
);
CREATE INDEX emails_latest_idx ON emails (created_at DESC, id DESC);
CREATE INDEX emails_session_idx ON emails (session_id, created_at DESC);
CREATE INDEX emails_queued_idx ON emails (id) WHERE delivery = 'queued';

-- Down Migration

DROP TABLE emails;
DROP TABLE waitlist;
DROP TABLE question_upvotes;
DROP TABLE questions;
DROP TABLE receipts;
DROP FUNCTION receipts_release_upload();
DROP TABLE bookings;
DROP TABLE pricing;
DROP TABLE sessions;
DROP FUNCTION now_ms();
