import { TOOL_MESSAGES, type CreateToolResponse, type Tool, type ToolCategory, type ToolSort } from '@wfm/contracts/catalog';
import {
  badRequest,
  conflict,
  heldAnswer,
  holdWrite,
  notFound,
  recordStaffAction,
  writeEvent,
  type Db,
  type HeldRelease,
  type ServiceContext,
  type StaffIdentity,
} from '@wfm/service-kit';
import { prefixQuery } from '../search/search-query.ts';
import { urlKey } from '../links/links-url-key.ts';
import * as tools from './tools-repository.ts';

export interface NewToolInput {
  name: string;
  category: ToolCategory;
  url: string;
  short_desc: string;
  submitted_by: string;
}

/**
 * Lists the tool, or holds it for staff review when many visitors submit the same description
 * (ctx.duplicates; `writer` is who it counts): a held tool waits in the review queue under the id it
 * will have, answered as it will read once released, and is in no list or event until then.
 */
export async function createTool(ctx: ServiceContext, input: NewToolInput, submitterHash: Buffer | null, writer: string): Promise<CreateToolResponse> {
  const key = urlKey(input.url);
  if (key === null) throw badRequest(TOOL_MESSAGES.badUrl);
  const row = {
    name: input.name,
    category: input.category,
    url: input.url,
    urlKey: key,
    shortDesc: input.short_desc,
    submittedBy: input.submitted_by,
  };
  const verdict = await ctx.duplicates.check(input.short_desc, writer);
  return ctx.sql.begin(async (tx) => {
    if (verdict.held) {
      const id = await holdWrite(tx, ctx, {
        kind: 'tool',
        table: 'tools',
        payload: row,
        authorTokenHash: submitterHash,
        title: `${row.name} (${row.url})`,
        body: row.shortDesc,
        authorName: row.submittedBy,
        copies: verdict.copies,
      });
      const tool: Tool = {
        id,
        name: row.name,
        category: row.category,
        url: row.url,
        short_desc: row.shortDesc,
        votes: 0,
        submitted_by: row.submittedBy,
        created_at: ctx.now(),
        linked_posts: 0,
      };
      return { ...tool, ...heldAnswer };
    }
    const tool = await tools.insertTool(tx, { ...row, submitterHash });
    await writeEvent(tx, 'catalog.tool.created', tool);
    return tool;
  });
}

/** Publishes a held tool under its reserved id, as createTool would have (staff release). */
export const releaseTool: HeldRelease = async (tx, item) => {
  const row = item.payload as Omit<tools.NewTool, 'submitterHash' | 'id'>;
  const tool = await tools.insertTool(tx, { ...row, submitterHash: item.author_token_hash, id: item.item_id });
  await writeEvent(tx, 'catalog.tool.created', tool);
};

export interface ListToolsInput {
  category?: ToolCategory | undefined;
  q?: string | undefined;
  sort: ToolSort;
  limit: number;
  offset: number;
}

export function listTools(ctx: ServiceContext, input: ListToolsInput): Promise<Tool[]> {
  return tools.listTools(ctx.sql, { ...input, tsquery: prefixQuery(input.q) });
}

/** One vote per verified visitor per tool: 404 unknown tool, 409 on a second vote. */
export async function voteTool(ctx: ServiceContext, id: number, visitorHash: Buffer): Promise<{ votes: number }> {
  return ctx.sql.begin(async (tx) => {
    if (!(await tools.insertToolVote(tx, id, visitorHash))) {
      throw (await tools.toolExists(tx, id)) ? conflict(TOOL_MESSAGES.alreadyVoted) : notFound(TOOL_MESSAGES.notFound);
    }
    const votes = await tools.incrementToolVotes(tx, id);
    await writeEvent(tx, 'catalog.tool.voted', { tool_id: id, votes });
    return { votes };
  });
}

export function listStaffTools(ctx: ServiceContext, limit: number, offset: number) {
  return tools.listStaffTools(ctx.sql, limit, offset);
}

/** Deletes the tool with its event (lists drop it); false when there was none. Staff and "Your data" erase share it. */
export async function removeTool(tx: Db, ctx: ServiceContext, id: number): Promise<boolean> {
  if (!(await tools.deleteTool(tx, id))) return false;
  await writeEvent(tx, 'catalog.tool.deleted', { id, at: ctx.now() });
  return true;
}

export async function deleteTool(ctx: ServiceContext, staff: StaffIdentity, id: number): Promise<{ success: true; id: number }> {
  return ctx.sql.begin(async (tx) => {
    if (!(await removeTool(tx, ctx, id))) throw notFound(TOOL_MESSAGES.notFound);
    await recordStaffAction(tx, ctx, staff, { action: 'tool.delete', target: { type: 'tool', id } });
    return { success: true as const, id };
  });
}
