import { TOOL_MESSAGES, type Tool, type ToolCategory, type ToolSort } from '@wfm/contracts/catalog';
import {
  badRequest,
  conflict,
  notFound,
  recordStaffAction,
  writeEvent,
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

export async function createTool(ctx: ServiceContext, input: NewToolInput, submitterHash: Buffer | null): Promise<Tool> {
  const key = urlKey(input.url);
  if (key === null) throw badRequest(TOOL_MESSAGES.badUrl);
  return ctx.sql.begin(async (tx) => {
    const tool = await tools.insertTool(tx, {
      name: input.name,
      category: input.category,
      url: input.url,
      urlKey: key,
      shortDesc: input.short_desc,
      submittedBy: input.submitted_by,
      submitterHash,
    });
    await writeEvent(tx, 'catalog.tool.created', tool);
    return tool;
  });
}

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

export async function deleteTool(ctx: ServiceContext, staff: StaffIdentity, id: number): Promise<{ success: true; id: number }> {
  return ctx.sql.begin(async (tx) => {
    if (!(await tools.deleteTool(tx, id))) throw notFound(TOOL_MESSAGES.notFound);
    await writeEvent(tx, 'catalog.tool.deleted', { id, at: ctx.now() });
    await recordStaffAction(tx, ctx, staff, { action: 'tool.delete', target: { type: 'tool', id } });
    return { success: true as const, id };
  });
}
