// Tools directory (document 2).
import { z } from 'zod';
import { emptyAsUndefined } from '../shared/common.ts';
import { HeldFields } from '../shared/held.ts';
import { categoryFilter, idParams, isHttpUrl, pagingQuery, SearchText, trimmed, URL_MAX } from './fields.ts';

export const TOOL_CATEGORIES = [
  'Forecasting',
  'Scheduling',
  'RTA',
  'Analytics/BI',
  'QA/Scoring',
  'Intraday',
  'Hiring/Training',
  'Data ETL',
  'Scripting',
  'Costing & Capacity',
] as const;
export type ToolCategory = (typeof TOOL_CATEGORIES)[number];

export const TOOL_SORTS = ['latest', 'votes', 'name'] as const;
export type ToolSort = (typeof TOOL_SORTS)[number];

export const TOOL_LIMITS = { name: 100, shortDesc: 180, submittedBy: 40, url: URL_MAX } as const;

export const TOOL_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: 'Name must be 100 characters or less',
  badCategory: `Category must be one of: ${TOOL_CATEGORIES.join(', ')}`,
  badUrl: 'URL must be a valid http(s) URL',
  descRequired: 'Description is required',
  descTooLong: 'Description must be 180 characters or less',
  submitterRequired: 'Submitted by is required',
  submitterTooLong: 'Submitted by must be 40 characters or less',
  badSort: 'Sort must be latest, votes or name',
  invalidId: 'Invalid tool ID',
  notFound: 'Tool not found',
  alreadyVoted: 'You have already voted for this tool',
} as const;

const HttpUrl = (message: string) =>
  z.string(message).trim().min(1, message).max(URL_MAX, message).refine(isHttpUrl, message);

/** POST /api/tools: answers 201 with the Tool. */
export const CreateToolBody = z.object({
  name: trimmed(TOOL_LIMITS.name, TOOL_MESSAGES.nameRequired, TOOL_MESSAGES.nameTooLong),
  category: z.enum(TOOL_CATEGORIES, TOOL_MESSAGES.badCategory),
  url: HttpUrl(TOOL_MESSAGES.badUrl),
  short_desc: trimmed(TOOL_LIMITS.shortDesc, TOOL_MESSAGES.descRequired, TOOL_MESSAGES.descTooLong),
  submitted_by: trimmed(TOOL_LIMITS.submittedBy, TOOL_MESSAGES.submitterRequired, TOOL_MESSAGES.submitterTooLong),
});
export type CreateToolBody = z.input<typeof CreateToolBody>;

export const Tool = z.object({
  id: z.number().int(),
  name: z.string(),
  category: z.enum(TOOL_CATEGORIES),
  url: z.string(),
  short_desc: z.string(),
  votes: z.number().int(),
  submitted_by: z.string(),
  created_at: z.number(),
  /** Community posts of type Tool that link to this tool's URL (beyond the spec). */
  linked_posts: z.number().int(),
});
export type Tool = z.infer<typeof Tool>;

/** The 201 answer of POST /api/tools: the tool, plus `held`/`message` when it was held for review (shared/held.ts). */
export const CreateToolResponse = Tool.extend(HeldFields);
export type CreateToolResponse = z.infer<typeof CreateToolResponse>;

export const ToolIdParams = idParams(TOOL_MESSAGES.invalidId);

/** GET /api/tools: empty values count as absent; q is a full-text search over name, description and category. */
export const ListToolsQuery = z.object({
  category: categoryFilter(TOOL_CATEGORIES, TOOL_MESSAGES.badCategory),
  q: SearchText,
  sort: z.preprocess(emptyAsUndefined, z.enum(TOOL_SORTS, TOOL_MESSAGES.badSort).default('latest')),
  ...pagingQuery,
});
export type ListToolsQuery = z.input<typeof ListToolsQuery>;

/** GET /api/tools answers the list itself. */
export const ListToolsResponse = z.array(Tool);
export type ListToolsResponse = z.infer<typeof ListToolsResponse>;

/** POST /api/tools/{id}/vote (no body): the tool's new count. */
export const ToolVoteResponse = z.object({ votes: z.number().int() });
export type ToolVoteResponse = z.infer<typeof ToolVoteResponse>;
