// Staff calls of the forum (any staff role): reports, feature suggestions, posts.
import { z } from 'zod';
import { emptyAsUndefined } from '../shared/common.ts';
import { POST_STATUSES, POST_TYPES } from './posts.ts';

// ---------------------------------------------------------------------------------------------
// Admin (any staff role)
// ---------------------------------------------------------------------------------------------

/** A row of GET /api/admin/reports (newest first): post reports (kind 'post') and help tickets. */
export const AdminReport = z.object({
  id: z.number().int(),
  kind: z.enum(['post', 'help']),
  post_id: z.number().int().nullable(),
  /** Help ticket title; for a post report the reported post's title (null once deleted). */
  title: z.string().nullable(),
  category: z.string().nullable(),
  priority: z.string().nullable(),
  reason: z.string(),
  contact_info: z.string().nullable(),
  reporter_name: z.string(),
  status: z.string(),
  created_at: z.number(),
  ticket_reference: z.string(),
  /** A help ticket whose text several other visitors sent within the hour (duplicate-content check). */
  duplicate: z.boolean(),
});
export type AdminReport = z.infer<typeof AdminReport>;
export const AdminReportsResponse = z.array(AdminReport);
export type AdminReportsResponse = z.infer<typeof AdminReportsResponse>;

export const AdminFeatureSuggestion = z.object({
  id: z.number().int(),
  reference_number: z.string(),
  title: z.string(),
  description: z.string(),
  author_name: z.string(),
  email: z.string().nullable(),
  contact_method: z.string().nullable(),
  priority: z.string(),
  status: z.string(),
  created_at: z.number(),
  /** A suggestion whose text several other visitors sent within the hour (duplicate-content check). */
  duplicate: z.boolean(),
});
export type AdminFeatureSuggestion = z.infer<typeof AdminFeatureSuggestion>;
export const AdminFeatureSuggestionsResponse = z.array(AdminFeatureSuggestion);
export type AdminFeatureSuggestionsResponse = z.infer<typeof AdminFeatureSuggestionsResponse>;

/** Paging of the admin lists (reports, feature suggestions, posts), all newest first. */
export const AdminListQuery = z.object({
  limit: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(500).default(200)),
  offset: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).default(0)),
});
export const AdminPost = z.object({
  id: z.number().int(),
  title: z.string(),
  type: z.enum(POST_TYPES),
  status: z.enum(POST_STATUSES),
  author_name: z.string(),
  created_at: z.number(),
  upvotes: z.number().int(),
  comment_count: z.number().int(),
});
export type AdminPost = z.infer<typeof AdminPost>;
export const AdminPostsResponse = z.object({ posts: z.array(AdminPost), total: z.number().int() });
export type AdminPostsResponse = z.infer<typeof AdminPostsResponse>;

/** POST /api/admin/posts/{id}/delete and /resolve. */
export const AdminPostActionResponse = z.object({
  success: z.literal(true),
  id: z.number().int(),
  status: z.enum([...POST_STATUSES, 'deleted']),
});
export type AdminPostActionResponse = z.infer<typeof AdminPostActionResponse>;
