// Hidden posts and comments (issue 26 item 4 and the "hide" of items 2, 3 and 5).
import { z } from 'zod';
import { SUSPENSION_REASON_MAX } from '../identity/suspensions.ts';

/** Why a post or comment is hidden: reports from visitors, a staff decision, or its author's suspension. */
export const HIDDEN_REASONS = ['reports', 'staff', 'suspension'] as const;
export type HiddenReason = (typeof HIDDEN_REASONS)[number];

/** What the author of hidden content reads beside it (nobody else sees it; staff see a badge). */
export const HIDDEN_NOTICES: Record<HiddenReason, string> = {
  reports: 'Hidden after reports from other visitors until a moderator reviews it.',
  staff: 'Hidden by a moderator. Only you can see it.',
  suspension: 'Hidden because your account was suspended. Only you can see it.',
};

/** The Hidden badge staff see on hidden content (admin lists). */
export const HIDDEN_BADGES: Record<HiddenReason, string> = {
  reports: 'Hidden by reports',
  staff: 'Hidden by staff',
  suspension: 'Hidden (author suspended)',
};

/** The hidden state as the author (viewer route) and staff read it; null when visible. */
export const HiddenState = z.object({ reason: z.enum(HIDDEN_REASONS), notice: z.string(), hidden_at: z.number() });
export type HiddenState = z.infer<typeof HiddenState>;

export const HIDE_MESSAGES = {
  postNotFound: 'Post not found',
  commentNotFound: 'Comment not found',
  helpHasNoContent: 'A help ticket has no reported content to hide',
  suspensionRequired: 'suspension is required when suspend_author is true',
  suspensionWithoutSuspend: 'suspension is only read when suspend_author is true',
  helpHasNoAuthor: 'A help ticket has no author to suspend',
} as const;

/** POST /api/admin/posts/:id/hide|unhide and /api/admin/comments/:id/hide|unhide. */
export const AdminHideResponse = z.object({
  success: z.literal(true),
  id: z.number().int(),
  /** The state now; `changed` is false when it already was (hiding hidden content changes nothing). */
  hidden: z.boolean(),
  changed: z.boolean(),
});
export type AdminHideResponse = z.infer<typeof AdminHideResponse>;

/**
 * POST /api/admin/posts/unhide-suspended: shows again everything a suspension hid of one author
 * (the forum's keyed hash of their token, as the Suspensions tab lists it).
 */
export const UnhideSuspendedBody = z
  .object({ visitor: z.string('visitor is required').regex(/^[A-Za-z0-9_-]{43}$/, 'visitor must be a suspension\'s visitor key') })
  .strict();
export type UnhideSuspendedBody = z.infer<typeof UnhideSuspendedBody>;
export const UnhideSuspendedResponse = z.object({ success: z.literal(true), posts: z.array(z.number().int()), comments: z.array(z.number().int()) });
export type UnhideSuspendedResponse = z.infer<typeof UnhideSuspendedResponse>;

/** The longest timed suspension staff can give in days (a year, as the kit's SUSPENSION_MAX_MS). */
export const SUSPENSION_MAX_DAYS = 365;

/** The suspension a report decision gives the reported content's author (suspend_author: true). */
export const DecisionSuspension = z
  .object({
    reason: z
      .string('suspension.reason is required')
      .trim()
      .min(1, 'suspension.reason is required')
      .max(SUSPENSION_REASON_MAX, `suspension.reason must be at most ${SUSPENSION_REASON_MAX} characters`),
    duration_days: z
      .number('suspension.duration_days must be a whole number of days from 1 to 365, or null for good')
      .int('suspension.duration_days must be a whole number of days from 1 to 365, or null for good')
      .min(1, 'suspension.duration_days must be a whole number of days from 1 to 365, or null for good')
      .max(SUSPENSION_MAX_DAYS, 'suspension.duration_days must be a whole number of days from 1 to 365, or null for good')
      .nullable(),
    hide_content: z.boolean('suspension.hide_content must be true or false').default(false),
  })
  .strict();
export type DecisionSuspension = z.input<typeof DecisionSuspension>;
