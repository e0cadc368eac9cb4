import type { Db } from '@wfm/service-kit';

type Row = Record<string, unknown>;

/** The visitor's own catalog rows for "Your data"; hashes are matched, never answered. */
export async function recordsOf(db: Db, visitor: Buffer) {
  const [tools, templates, polls, options, tool_votes, poll_votes] = await Promise.all([
    db<Row[]>`SELECT id, name, category, url, short_desc, submitted_by, votes, created_at FROM tools WHERE submitter_hash = ${visitor} ORDER BY id`,
    db<Row[]>`
      SELECT id, name, category, short_desc, url, file_original_name, file_size, downloads, submitted_by, created_at
      FROM templates WHERE submitter_hash = ${visitor} ORDER BY id`,
    db<Row[]>`
      SELECT id, title, description, category, created_by, expires_at, profile_questions, total_votes, created_at
      FROM polls WHERE creator_hash = ${visitor} ORDER BY id`,
    db<{ poll_id: number; text: string; votes: number }[]>`
      SELECT o.poll_id, o.text, o.votes FROM poll_options o JOIN polls p ON p.id = o.poll_id
      WHERE p.creator_hash = ${visitor} ORDER BY o.poll_id, o.position`,
    db<Row[]>`SELECT tool_id, created_at FROM tool_votes WHERE visitor_hash = ${visitor} ORDER BY created_at, tool_id`,
    // The visitor's own answer and the profile they gave with it (their own data, not others').
    db<Row[]>`
      SELECT v.poll_id, o.text AS option, v.region, v.size, v.channel, v.created_at
      FROM poll_votes v JOIN poll_options o ON o.id = v.option_id
      WHERE v.visitor_hash = ${visitor} ORDER BY v.created_at, v.poll_id`,
  ]);
  const withOptions = polls.map((p) => ({ ...p, options: options.filter((o) => o.poll_id === p.id).map(({ text, votes }) => ({ text, votes })) }));
  return { tools, templates, polls: withOptions, tool_votes, poll_votes };
}

export async function contentIdsOf(db: Db, visitor: Buffer): Promise<{ tools: number[]; templates: number[]; polls: number[] }> {
  const ids = (rows: { id: number }[]) => rows.map((r) => Number(r.id));
  const [tools, templates, polls] = await Promise.all([
    db<{ id: number }[]>`SELECT id FROM tools WHERE submitter_hash = ${visitor} ORDER BY id`,
    db<{ id: number }[]>`SELECT id FROM templates WHERE submitter_hash = ${visitor} ORDER BY id`,
    db<{ id: number }[]>`SELECT id FROM polls WHERE creator_hash = ${visitor} ORDER BY id`,
  ]);
  return { tools: ids(tools), templates: ids(templates), polls: ids(polls) };
}
