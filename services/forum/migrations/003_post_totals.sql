-- Up Migration

-- How many posts there are of each type, kept by triggers in the same transaction as the change,
-- so the feed's `total` (a list without search, author or date filters) is one small read instead
-- of counting every post on each uncached list request.
CREATE TABLE post_totals (
  type text PRIMARY KEY CHECK (type IN ('Question', 'Idea', 'Tool')),
  n bigint NOT NULL CHECK (n >= 0)
);

INSERT INTO post_totals (type, n)
SELECT t, (SELECT count(*) FROM posts WHERE posts.type = t) FROM unnest(ARRAY['Question', 'Idea', 'Tool']) AS t;

-- Statement triggers with transition tables: a bulk insert or a cascade updates each counter once.
CREATE FUNCTION post_totals_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE post_totals t SET n = t.n + c.n
  FROM (SELECT type, count(*) AS n FROM changed_rows GROUP BY type) c
  WHERE t.type = c.type;
  RETURN NULL;
END $$;

CREATE FUNCTION post_totals_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE post_totals t SET n = t.n - c.n
  FROM (SELECT type, count(*) AS n FROM changed_rows GROUP BY type) c
  WHERE t.type = c.type;
  RETURN NULL;
END $$;

-- No code path changes a post's type; should one ever, the counters still follow.
CREATE FUNCTION post_totals_retype() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.type IS DISTINCT FROM NEW.type THEN
    UPDATE post_totals SET n = n - 1 WHERE type = OLD.type;
    UPDATE post_totals SET n = n + 1 WHERE type = NEW.type;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER posts_totals_insert AFTER INSERT ON posts
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION post_totals_add();
CREATE TRIGGER posts_totals_delete AFTER DELETE ON posts
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION post_totals_remove();
CREATE TRIGGER posts_totals_retype AFTER UPDATE OF type ON posts
  FOR EACH ROW EXECUTE FUNCTION post_totals_retype();

-- Down Migration

DROP TRIGGER posts_totals_retype ON posts;
DROP TRIGGER posts_totals_delete ON posts;
DROP TRIGGER posts_totals_insert ON posts;
DROP FUNCTION post_totals_retype();
DROP FUNCTION post_totals_remove();
DROP FUNCTION post_totals_add();
DROP TABLE post_totals;
