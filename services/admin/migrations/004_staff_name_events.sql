-- Up Migration

-- Staff account names reach the identity service as events (admin.staff.created, admin.staff.renamed),
-- which keeps them for good and refuses them as usernames and author names (no impersonation).
-- Triggers write the events into the outbox in the transaction that changes the row, so every path
-- that creates or renames an account (the staff routes, the first Super Admin at start-up, a script)
-- reports it; the relay publishes them like any other event.
CREATE FUNCTION staff_name_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    EXECUTE format('INSERT INTO %I.outbox (subject, payload) VALUES ($1, $2)', TG_TABLE_SCHEMA)
      USING 'admin.staff.created', jsonb_build_object('id', NEW.id, 'username', NEW.username);
  ELSE
    EXECUTE format('INSERT INTO %I.outbox (subject, payload) VALUES ($1, $2)', TG_TABLE_SCHEMA)
      USING 'admin.staff.renamed',
            jsonb_build_object('id', NEW.id, 'username', NEW.username, 'previous_username', OLD.username);
  END IF;
  PERFORM pg_notify('wfm_outbox_' || TG_TABLE_SCHEMA, '');
  RETURN NULL;
END $$;

CREATE TRIGGER staff_created_event AFTER INSERT ON staff
  FOR EACH ROW EXECUTE FUNCTION staff_name_event();
CREATE TRIGGER staff_renamed_event AFTER UPDATE OF username ON staff
  FOR EACH ROW WHEN (OLD.username IS DISTINCT FROM NEW.username) EXECUTE FUNCTION staff_name_event();

-- The accounts that exist already are reported once.
INSERT INTO outbox (subject, payload)
SELECT 'admin.staff.created', jsonb_build_object('id', id, 'username', username) FROM staff ORDER BY id;

-- Down Migration

DROP TRIGGER staff_renamed_event ON staff;
DROP TRIGGER staff_created_event ON staff;
DROP FUNCTION staff_name_event();
