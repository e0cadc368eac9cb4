import type { Db } from '@wfm/service-kit';
import type { AdminTool, Tool, ToolCategory, ToolSort } from '@wfm/contracts/catalog';

const TOOL_COLUMNS = 'id, name, category, url, short_desc, votes, submitted_by, created_at, linked_posts';

export interface NewTool {
  name: string;
  category: ToolCategory;
  url: string;
  urlKey: string;
  shortDesc: string;
  submittedBy: string;
  submitterHash: Buffer | null;
  /** The id reserved when the tool was held for review (kit_held_items), given on its release. */
  id?: number | undefined;
}

/** Inserts the tool with the number of community posts already linking to its URL. */
export async function insertTool(db: Db, tool: NewTool): Promise<Tool> {
  const given = tool.id !== undefined;
  const rows = await db<Tool[]>`
    INSERT INTO tools (${given ? db`id, ` : db``}name, category, url, url_key, short_desc, submitted_by, submitter_hash, linked_posts)
    ${given ? db`OVERRIDING SYSTEM VALUE` : db``}
    VALUES (${given ? db`${tool.id!}, ` : db``}${tool.name}, ${tool.category}, ${tool.url}, ${tool.urlKey}, ${tool.shortDesc}, ${tool.submittedBy},
            ${tool.submitterHash}, (SELECT count(*) FROM tool_post_links WHERE url_key = ${tool.urlKey}))
    RETURNING ${db.unsafe(TOOL_COLUMNS)}`;
  return rows[0]!;
}

export interface ToolFilters {
  category?: ToolCategory | undefined;
  /** A to_tsquery('simple') text (search.ts). */
  tsquery?: string | undefined;
  sort: ToolSort;
  limit: number;
  offset: number;
}

function orderClause(db: Db, sort: ToolSort) {
  switch (sort) {
    case 'votes':
      return db`votes DESC, created_at DESC, id DESC`;
    case 'name':
      return db`lower(name), id`;
    case 'latest':
      return db`created_at DESC, id DESC`;
  }
}

/** The list query itself (awaitable; tests EXPLAIN it). */
export function listTools(db: Db, f: ToolFilters) {
  const conditions = [];
  if (f.category) conditions.push(db`category = ${f.category}`);
  if (f.tsquery) conditions.push(db`search @@ to_tsquery('simple', ${f.tsquery})`);
  const where = conditions.length === 0 ? db`TRUE` : conditions.reduce((all, c) => db`${all} AND ${c}`);
  return db<Tool[]>`
    SELECT ${db.unsafe(TOOL_COLUMNS)} FROM tools
    WHERE ${where}
    ORDER BY ${orderClause(db, f.sort)}
    LIMIT ${f.limit} OFFSET ${f.offset}`;
}

/**
 * Records the visitor's vote when the tool exists; false when it does not or this visitor had
 * already voted (the primary key decides, also under parallel requests).
 */
export async function insertToolVote(db: Db, toolId: number, visitorHash: Buffer): Promise<boolean> {
  const rows = await db`
    INSERT INTO tool_votes (tool_id, visitor_hash) SELECT id, ${visitorHash} FROM tools WHERE id = ${toolId}
    ON CONFLICT DO NOTHING RETURNING tool_id`;
  return rows.length === 1;
}

export async function toolExists(db: Db, id: number): Promise<boolean> {
  const rows = await db`SELECT 1 FROM tools WHERE id = ${id}`;
  return rows.length === 1;
}

export async function incrementToolVotes(db: Db, id: number): Promise<number> {
  const rows = await db<{ votes: number }[]>`UPDATE tools SET votes = votes + 1 WHERE id = ${id} RETURNING votes`;
  return rows[0]!.votes;
}

export async function listStaffTools(db: Db, limit: number, offset: number): Promise<{ tools: AdminTool[]; total: number }> {
  const [tools, count] = await Promise.all([
    db<AdminTool[]>`
      SELECT id, name, url, category, short_desc, votes, submitted_by, created_at FROM tools
      ORDER BY created_at DESC, id DESC LIMIT ${limit} OFFSET ${offset}`,
    db<{ total: number }[]>`SELECT count(*)::int AS total FROM tools`,
  ]);
  return { tools, total: count[0]!.total };
}

/** Deletes the tool and its votes; false when there was none. */
export async function deleteTool(db: Db, id: number): Promise<boolean> {
  const rows = await db`DELETE FROM tools WHERE id = ${id} RETURNING id`;
  return rows.length === 1;
}
