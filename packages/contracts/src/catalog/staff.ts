// Staff calls of the catalog (right 'polls' / 'tools': Moderator and up): lists and deletes.
import { z } from 'zod';
import { emptyAsUndefined } from '../shared/common.ts';
import { POLL_CATEGORIES } from './polls.ts';
import { TOOL_CATEGORIES } from './tools.ts';

/** GET /api/admin/polls and /api/admin/tools: newest first. */
export const CatalogAdminListQuery = z.object({
  limit: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(500).default(200)),
  offset: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).default(0)),
});
export type CatalogAdminListQuery = z.input<typeof CatalogAdminListQuery>;

/** A row of the polls tab (document 3 §3, plus what the row also shows). */
export const AdminPoll = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  total_votes: z.number().int(),
  created_at: z.number(),
  category: z.enum(POLL_CATEGORIES),
  created_by: z.string(),
  expires_at: z.number().nullable(),
  options_count: z.number().int(),
});
export type AdminPoll = z.infer<typeof AdminPoll>;
export const AdminPollsResponse = z.object({ polls: z.array(AdminPoll), total: z.number().int() });
export type AdminPollsResponse = z.infer<typeof AdminPollsResponse>;

/** A row of the tools tab (document 3 §3). */
export const AdminTool = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
  category: z.enum(TOOL_CATEGORIES),
  short_desc: z.string(),
  votes: z.number().int(),
  submitted_by: z.string(),
  created_at: z.number(),
});
export type AdminTool = z.infer<typeof AdminTool>;
export const AdminToolsResponse = z.object({ tools: z.array(AdminTool), total: z.number().int() });
export type AdminToolsResponse = z.infer<typeof AdminToolsResponse>;

/** DELETE /api/admin/polls/{id} (the poll and all its votes) and /api/admin/tools/{id}. 404 when unknown. */
export const AdminCatalogDeleteResponse = z.object({ success: z.literal(true), id: z.number().int() });
export type AdminCatalogDeleteResponse = z.infer<typeof AdminCatalogDeleteResponse>;
