-- Up Migration

-- The fields of a post that never change once it is written (everything but upvotes, status,
-- comment_count and accepted_comment_id), as the members of a JSON object: `"id":1,...,"region":null}`
-- (the closing brace included, the opening one not). A list adds the changing fields in front
-- (posts-repository.ts, POST_JSON) and answers the text as it is: the forum no longer decodes every
-- column of every listed row and encodes it again as JSON, and PostgreSQL escapes a post's text
-- once, when it is written, instead of on every read.
ALTER TABLE posts ADD COLUMN fixed_fields_json text;

CREATE FUNCTION post_fixed_fields_json(p posts) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT substr(row_to_json(fixed)::text, 2)
  FROM (SELECT p.id, p.type, p.title, p.body, p.author_name, p.created_at, p.tags, p.tool_links, p.attachments,
               p.channel, p.platform, p.centre_size, p.region) AS fixed
$$;

-- Kept by the row itself, so every way a post is written (the service, seeds, a restore) has it.
CREATE FUNCTION posts_fixed_fields_json() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.fixed_fields_json := post_fixed_fields_json(NEW);
  RETURN NEW;
END $$;

CREATE TRIGGER posts_fixed_fields_json BEFORE INSERT OR UPDATE OF
  id, type, title, body, author_name, created_at, tags, tool_links, attachments, channel, platform, centre_size, region, fixed_fields_json
  ON posts FOR EACH ROW EXECUTE FUNCTION posts_fixed_fields_json();

UPDATE posts SET fixed_fields_json = post_fixed_fields_json(posts);
ALTER TABLE posts ALTER COLUMN fixed_fields_json SET NOT NULL;

-- Down Migration

DROP TRIGGER posts_fixed_fields_json ON posts;
DROP FUNCTION posts_fixed_fields_json();
DROP FUNCTION post_fixed_fields_json(posts);
ALTER TABLE posts DROP COLUMN fixed_fields_json;
