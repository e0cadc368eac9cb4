-- Up Migration

-- Bookings under a rush (issue 29 item 4). A booking used to lock its session row first and then
-- count the session's active bookings (and the address's unpaid ones) under that lock, so every
-- statement of the booking's transaction, and its commit, was serialised per session. The counts
-- are now kept as counters by a trigger on bookings, the only writer of them, so no path (cancel,
-- staff delete, hold expiry, receipt rejection, waitlist promotion, a future one) can leave them
-- drifting. Inserting an active booking takes a place with
-- `UPDATE sessions SET seats_taken = seats_taken + 1 WHERE seats_taken < max_participants`: the
-- session row is locked from that insert to the commit only, and the booking path makes the insert
-- its last statement.

-- Pending + confirmed bookings of the session.
ALTER TABLE sessions ADD COLUMN seats_taken integer NOT NULL DEFAULT 0;
UPDATE sessions s SET seats_taken = (
  SELECT count(*) FROM bookings b WHERE b.session_id = s.id AND b.booking_status IN ('pending', 'confirmed'));

-- Pending-payment bookings of a session per client address ('a': IPv4 address or IPv6 /64) and per
-- IPv6 /48 ('n'): the seat share (bookings-address-share.ts) is counted on them.
CREATE TABLE booking_address_holds (
  session_id bigint NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  kind char(1) NOT NULL CHECK (kind IN ('a', 'n')),
  key text NOT NULL,
  pending integer NOT NULL,
  PRIMARY KEY (session_id, kind, key)
);
INSERT INTO booking_address_holds (session_id, kind, key, pending)
SELECT session_id, 'a', address_key, count(*) FROM bookings
WHERE booking_status = 'pending' AND address_key IS NOT NULL GROUP BY session_id, address_key;
INSERT INTO booking_address_holds (session_id, kind, key, pending)
SELECT session_id, 'n', network_key, count(*) FROM bookings
WHERE booking_status = 'pending' AND network_key IS NOT NULL GROUP BY session_id, network_key;

-- The booking path writes the booking's mail before the booking itself (the insert is its last
-- statement), so the mail's reference to the booking is checked at commit.
ALTER TABLE emails ALTER CONSTRAINT emails_booking_id_fkey DEFERRABLE INITIALLY DEFERRED;

-- Adds (+1) or removes (-1) a booking's unpaid hold on its address and /48. On adding, the
-- transaction's `ama.seat_share` setting ('<address>,<network>', set by the booking path; unset for
-- waitlist promotion, which checks the share itself) refuses a hold beyond the share.
CREATE FUNCTION booking_address_hold(b bookings, delta integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  share text[] := string_to_array(nullif(current_setting('ama.seat_share', true), ''), ',');
  held integer;
BEGIN
  IF delta < 0 THEN
    -- An update, never an insert: a session's delete cascades to its bookings after its own row is gone.
    UPDATE booking_address_holds SET pending = pending - 1
    WHERE session_id = b.session_id AND ((kind = 'a' AND key = b.address_key) OR (kind = 'n' AND key = b.network_key));
    RETURN;
  END IF;
  IF b.address_key IS NOT NULL THEN
    INSERT INTO booking_address_holds AS h (session_id, kind, key, pending) VALUES (b.session_id, 'a', b.address_key, 1)
    ON CONFLICT (session_id, kind, key) DO UPDATE SET pending = h.pending + 1 RETURNING h.pending INTO held;
    IF share IS NOT NULL AND held > share[1]::integer THEN
      RAISE EXCEPTION 'the address holds its share of session %', b.session_id
        USING ERRCODE = 'check_violation', CONSTRAINT = 'bookings_address_share';
    END IF;
  END IF;
  IF b.network_key IS NOT NULL THEN
    INSERT INTO booking_address_holds AS h (session_id, kind, key, pending) VALUES (b.session_id, 'n', b.network_key, 1)
    ON CONFLICT (session_id, kind, key) DO UPDATE SET pending = h.pending + 1 RETURNING h.pending INTO held;
    IF share IS NOT NULL AND held > share[2]::integer THEN
      RAISE EXCEPTION 'the network holds its share of session %', b.session_id
        USING ERRCODE = 'check_violation', CONSTRAINT = 'bookings_address_share';
    END IF;
  END IF;
END $$;

-- BEFORE the row is written, so a new booking waits for the session's place before it enters the
-- unique indexes: a waitlist promotion (which holds the session row) never waits on the unique
-- entry of a booking that waits for that session row (a deadlock).
CREATE FUNCTION bookings_count_places() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was_active boolean := TG_OP <> 'INSERT' AND OLD.booking_status IN ('pending', 'confirmed');
  is_active boolean := TG_OP <> 'DELETE' AND NEW.booking_status IN ('pending', 'confirmed');
  was_pending boolean := TG_OP <> 'INSERT' AND OLD.booking_status = 'pending';
  is_pending boolean := TG_OP <> 'DELETE' AND NEW.booking_status = 'pending';
  same_session boolean := TG_OP = 'UPDATE' AND OLD.session_id = NEW.session_id;
  same_hold boolean := same_session AND OLD.address_key IS NOT DISTINCT FROM NEW.address_key
                       AND OLD.network_key IS NOT DISTINCT FROM NEW.network_key;
  session_status text;
BEGIN
  IF was_active AND NOT (is_active AND same_session) THEN
    UPDATE sessions SET seats_taken = seats_taken - 1 WHERE id = OLD.session_id;
  END IF;
  IF is_active AND NOT (was_active AND same_session) THEN
    UPDATE sessions SET seats_taken = seats_taken + 1
    WHERE id = NEW.session_id AND (max_participants IS NULL OR seats_taken < max_participants)
    RETURNING status INTO session_status;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'session % is full', NEW.session_id USING ERRCODE = 'check_violation', CONSTRAINT = 'bookings_session_full';
    END IF;
    IF session_status IN ('cancelled', 'completed') THEN
      RAISE EXCEPTION 'session % is %', NEW.session_id, session_status
        USING ERRCODE = 'check_violation', CONSTRAINT = 'bookings_session_not_bookable';
    END IF;
  END IF;
  IF was_pending AND NOT (is_pending AND same_hold) THEN
    PERFORM booking_address_hold(OLD, -1);
  END IF;
  IF is_pending AND NOT (was_pending AND same_hold) THEN
    PERFORM booking_address_hold(NEW, 1);
  END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END $$;

CREATE TRIGGER bookings_count_places BEFORE INSERT OR UPDATE OF booking_status, session_id, address_key, network_key OR DELETE
  ON bookings FOR EACH ROW EXECUTE FUNCTION bookings_count_places();

-- Down Migration

DROP TRIGGER bookings_count_places ON bookings;
DROP FUNCTION bookings_count_places();
DROP FUNCTION booking_address_hold(bookings, integer);
ALTER TABLE emails ALTER CONSTRAINT emails_booking_id_fkey NOT DEFERRABLE;
DROP TABLE booking_address_holds;
ALTER TABLE sessions DROP COLUMN seats_taken;
