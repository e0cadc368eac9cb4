// Writes held for staff review (issue 25: duplicate content). A held write is stored in its
// service's kit_held_items queue, not in its content table: it is in no list, search, sitemap,
// count or event until a Moderator releases it.
import { z } from 'zod';

/** What a create answer adds when the write was held (its spec'd fields are unchanged). */
export const HELD_FOR_REVIEW_MESSAGE =
  'Your submission looks the same as several recent ones from other people, so it is held for review. A moderator will publish it shortly if it is fine.';

/** Optional fields of a create answer: present only when the write was held. */
export const HeldFields = {
  held: z.literal(true).optional(),
  message: z.string().optional(),
};

/**
 * The kinds of write the duplicate-content check holds, one queue per owning service. Jobs, help
 * tickets and suggestions are not among them: staff read each of those before anyone else does
 * (jobs wait for approval), so a duplicate is flagged in their staff list instead.
 */
export const HELD_KINDS = ['post', 'comment', 'poll', 'tool', 'template'] as const;
export type HeldKind = (typeof HELD_KINDS)[number];

/** Why an item is in the queue. The report queue (hidden after reports) is meant to add 'reports'. */
export const HELD_REASONS = ['duplicate'] as const;
export type HeldReason = (typeof HELD_REASONS)[number];

/** The services that keep a held queue (GET /api/admin/held/<service>). */
export const HELD_SERVICES = ['forum', 'catalog'] as const;
export type HeldService = (typeof HELD_SERVICES)[number];

export const HeldItemParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

export const AdminHeldItem = z.object({
  /** The queue entry's id (release/delete take it). */
  id: z.number().int(),
  kind: z.enum(HELD_KINDS),
  /** The id the item gets when released (reserved from its table when it was held). */
  item_id: z.number().int(),
  reason: z.enum(HELD_REASONS),
  /** The title (when the kind has one) and the text as written. */
  title: z.string(),
  body: z.string(),
  author_name: z.string(),
  /** How many distinct visitors had posted the same text within the hour when this one was held. */
  copies: z.number().int(),
  held_at: z.number(),
});
export type AdminHeldItem = z.infer<typeof AdminHeldItem>;

export const AdminHeldListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});

export const AdminHeldListResponse = z.object({ items: z.array(AdminHeldItem), total: z.number().int() });
export type AdminHeldListResponse = z.infer<typeof AdminHeldListResponse>;

export const AdminHeldActionResponse = z.object({
  success: z.literal(true),
  id: z.number().int(),
  item_id: z.number().int(),
  status: z.enum(['released', 'deleted']),
});
export type AdminHeldActionResponse = z.infer<typeof AdminHeldActionResponse>;

export const HELD_MESSAGES = {
  notFound: 'Held item not found',
  /** Release of an item whose parent (a comment's post) was deleted meanwhile. */
  parentGone: 'The item this was written under no longer exists; delete it instead',
} as const;
