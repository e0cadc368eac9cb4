// Polls, their closing and anonymity-safe breakdowns (document 2, plus the closed polls).
import { z } from 'zod';
import { emptyAsUndefined } from '../shared/common.ts';
import { HeldFields } from '../shared/held.ts';
import { categoryFilter, idParams, pagingQuery, trimmed } from './fields.ts';

export const POLL_CATEGORIES = ['scheduling', 'tools', 'metrics', 'strategy', 'general'] as const;
export type PollCategory = (typeof POLL_CATEGORIES)[number];

export const POLL_SORTS = ['newest', 'popular', 'ending'] as const;
export type PollSort = (typeof POLL_SORTS)[number];

export const POLL_LIMITS = {
  title: 120,
  description: 500,
  createdBy: 40,
  optionText: 100,
  /** The schema's bounds; the web form offers 2-6 (POLL_FORM_OPTIONS). */
  minOptions: 2,
  maxOptions: 10,
} as const;

/** The Create Poll dialog: 2 to 6 option fields, blank ones dropped before sending. */
export const POLL_FORM_OPTIONS = { min: 2, max: 6 } as const;
/** Poll cards show this many options, then '+N more options'. */
export const POLL_CARD_OPTIONS = 3;

export const POLL_MESSAGES = {
  titleRequired: 'Title is required',
  titleTooLong: 'Title must be 120 characters or less',
  descriptionRequired: 'Description is required',
  descriptionTooLong: 'Description must be 500 characters or less',
  badCategory: 'Category must be one of: scheduling, tools, metrics, strategy, general',
  tooFewOptions: 'A poll needs at least 2 options',
  tooManyOptions: 'A poll can have at most 10 options',
  optionRequired: 'Options cannot be empty',
  optionTooLong: 'Each option must be 100 characters or less',
  duplicateOptions: 'Options must be different from each other',
  badExpiry: 'expires_at must be a time in milliseconds',
  expiryInPast: 'The closing date must be in the future',
  creatorRequired: 'Created by is required',
  creatorTooLong: 'Created by must be 40 characters or less',
  badProfileQuestion: 'Profile questions must be among: region, size, channel',
  badSort: 'Sort must be newest, popular or ending',
  invalidId: 'Invalid poll ID',
  notFound: 'Poll not found',
  badOption: 'option_id must be a positive integer',
  optionNotInPoll: 'That option does not belong to this poll',
  /** The spec's web checks for "already voted" in the message (document 2 §8). */
  alreadyVoted: 'You have already voted on this poll',
  closed: 'This poll is closed and no longer accepts votes',
  badProfileAnswer: 'Unknown answer to a profile question',
  badBreakdown: 'Breakdown must be by region, size or channel',
  notAsked: 'This poll did not ask that profile question',
} as const;

// --- Profile questions (beyond the spec: anonymity-safe benchmark breakdowns) ----------------

export const PROFILE_QUESTIONS = ['region', 'size', 'channel'] as const;
export type ProfileQuestion = (typeof PROFILE_QUESTIONS)[number];

/** Answer values per profile question (values are stored; labels are in labels.ts). */
export const PROFILE_ANSWERS = {
  region: ['north-america', 'latin-america', 'europe', 'middle-east-africa', 'asia-pacific'],
  size: ['under-50', '50-249', '250-999', '1000-plus'],
  channel: ['voice', 'digital', 'blended'],
} as const satisfies Record<ProfileQuestion, readonly [string, ...string[]]>;
export type ProfileAnswer<Q extends ProfileQuestion = ProfileQuestion> = (typeof PROFILE_ANSWERS)[Q][number];

/** A group of a breakdown is shown only with at least this many answers (enforced by the server). */
export const ANONYMITY_THRESHOLD = 5;
export const NOT_ENOUGH_ANSWERS = 'Not enough answers yet to show this group';

// --- Shapes ----------------------------------------------------------------------------------

/** expires_at: epoch ms (number or numeric string), or an ISO date-time; empty/null = no close date. */
const ExpiresAt = z.preprocess(
  (v) => {
    if (v === null || v === '' || v === undefined) return undefined;
    if (typeof v === 'string' && /^\d{1,15}$/.test(v)) return Number(v);
    if (typeof v === 'string') {
      const ms = Date.parse(v);
      return Number.isNaN(ms) ? v : ms;
    }
    return v;
  },
  z.number(POLL_MESSAGES.badExpiry).int(POLL_MESSAGES.badExpiry).positive(POLL_MESSAGES.badExpiry).max(8_640_000_000_000_000, POLL_MESSAGES.badExpiry).optional(),
);

/** POST /api/polls: answers 201 with the PollDetail. The future check of expires_at is the server's. */
export const CreatePollBody = z.object({
  title: trimmed(POLL_LIMITS.title, POLL_MESSAGES.titleRequired, POLL_MESSAGES.titleTooLong),
  description: trimmed(POLL_LIMITS.description, POLL_MESSAGES.descriptionRequired, POLL_MESSAGES.descriptionTooLong),
  category: z.enum(POLL_CATEGORIES, POLL_MESSAGES.badCategory),
  options: z
    .array(trimmed(POLL_LIMITS.optionText, POLL_MESSAGES.optionRequired, POLL_MESSAGES.optionTooLong), POLL_MESSAGES.tooFewOptions)
    .min(POLL_LIMITS.minOptions, POLL_MESSAGES.tooFewOptions)
    .max(POLL_LIMITS.maxOptions, POLL_MESSAGES.tooManyOptions)
    .refine((opts) => new Set(opts.map((o) => o.toLowerCase())).size === opts.length, POLL_MESSAGES.duplicateOptions),
  expires_at: ExpiresAt,
  created_by: trimmed(POLL_LIMITS.createdBy, POLL_MESSAGES.creatorRequired, POLL_MESSAGES.creatorTooLong),
  /** Optional profile questions voters may answer (beyond the spec). */
  profile_questions: z
    .array(z.enum(PROFILE_QUESTIONS, POLL_MESSAGES.badProfileQuestion), POLL_MESSAGES.badProfileQuestion)
    .max(PROFILE_QUESTIONS.length, POLL_MESSAGES.badProfileQuestion)
    .default([])
    .transform((qs) => [...new Set(qs)]),
});
export type CreatePollBody = z.input<typeof CreatePollBody>;

export const PollOption = z.object({
  id: z.number().int(),
  text: z.string(),
  votes: z.number().int(),
  /** Whole percent of total_votes; the options of a poll add up to exactly 100 (0 for all when no votes). */
  percentage: z.number().int(),
});
export type PollOption = z.infer<typeof PollOption>;

/**
 * A poll as lists, cards and events carry it (never anyone's vote). `status`: `closed` once
 * expires_at has passed (votes refused, results final), `active` while a close date lies ahead,
 * `open` without a close date (the spec's "Active if the poll has an expiry else Open").
 */
export const PollSummary = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  category: z.enum(POLL_CATEGORIES),
  created_by: z.string(),
  created_at: z.number(),
  expires_at: z.number().nullable(),
  status: z.enum(['open', 'active', 'closed']),
  options: z.array(PollOption),
  total_votes: z.number().int(),
  profile_questions: z.array(z.enum(PROFILE_QUESTIONS)),
});
export type PollSummary = z.infer<typeof PollSummary>;

/** GET /api/polls/{id}: with the caller's own choice (`userVote`: option id, or null). */
export const PollDetail = PollSummary.extend({ userVote: z.number().int().nullable() });
export type PollDetail = z.infer<typeof PollDetail>;

/**
 * The 201 answer of POST /api/polls: the poll, plus `held`/`message` when it was held for review
 * (shared/held.ts); a held poll's options have no ids yet (0).
 */
export const CreatePollResponse = PollDetail.extend(HeldFields);
export type CreatePollResponse = z.infer<typeof CreatePollResponse>;

export const PollIdParams = idParams(POLL_MESSAGES.invalidId);

/**
 * GET /api/polls. `anon_token` (My Polls): only the polls created by that visitor; a token
 * identity did not issue lists none. `ending` lists open polls by nearest future close first,
 * then polls without a close date, then closed ones.
 */
export const ListPollsQuery = z.object({
  category: categoryFilter(POLL_CATEGORIES, POLL_MESSAGES.badCategory),
  sort: z.preprocess(emptyAsUndefined, z.enum(POLL_SORTS, POLL_MESSAGES.badSort).default('newest')),
  anon_token: z.preprocess(emptyAsUndefined, z.string().max(200).optional()),
  ...pagingQuery,
});
export type ListPollsQuery = z.input<typeof ListPollsQuery>;

export const ListPollsResponse = z.array(PollSummary);
export type ListPollsResponse = z.infer<typeof ListPollsResponse>;

// Its own module: the web app's shell shows the count on every page, and this module's other schemas
// cost a long task to build there (docs/decisions.md, "The shell builds no schema it does not use").
export { PollStats } from './poll-stats.ts';

/** Optional answers to the poll's profile questions; questions the poll did not ask are refused. */
export const ProfileAnswers = z.object({
  region: z.enum(PROFILE_ANSWERS.region, POLL_MESSAGES.badProfileAnswer).optional(),
  size: z.enum(PROFILE_ANSWERS.size, POLL_MESSAGES.badProfileAnswer).optional(),
  channel: z.enum(PROFILE_ANSWERS.channel, POLL_MESSAGES.badProfileAnswer).optional(),
});
export type ProfileAnswers = z.infer<typeof ProfileAnswers>;

/** POST /api/polls/{id}/vote: answers 200 with the PollDetail (userVote set). */
export const PollVoteBody = z.object({
  option_id: z.coerce.number(POLL_MESSAGES.badOption).int(POLL_MESSAGES.badOption).positive(POLL_MESSAGES.badOption).max(Number.MAX_SAFE_INTEGER, POLL_MESSAGES.badOption),
  profile: ProfileAnswers.optional(),
});
export type PollVoteBody = z.input<typeof PollVoteBody>;

/** GET /api/polls/{id}/breakdown?by=region|size|channel */
export const PollBreakdownQuery = z.object({
  by: z.enum(PROFILE_QUESTIONS, POLL_MESSAGES.badBreakdown),
});
export type PollBreakdownQuery = z.input<typeof PollBreakdownQuery>;

/**
 * One group of a breakdown. `shown` false: fewer than ANONYMITY_THRESHOLD answers (or shown
 * groups would let the hidden ones be worked out by subtraction), so no counts at all and the
 * message NOT_ENOUGH_ANSWERS.
 */
export const BreakdownGroup = z.discriminatedUnion('shown', [
  z.object({
    value: z.string(),
    shown: z.literal(true),
    total_votes: z.number().int(),
    options: z.array(PollOption),
  }),
  z.object({ value: z.string(), shown: z.literal(false), message: z.literal(NOT_ENOUGH_ANSWERS) }),
]);
export type BreakdownGroup = z.infer<typeof BreakdownGroup>;

export const PollBreakdown = z.object({
  poll_id: z.number().int(),
  by: z.enum(PROFILE_QUESTIONS),
  threshold: z.number().int(),
  /** One entry per answer value of the question, in PROFILE_ANSWERS order. */
  groups: z.array(BreakdownGroup),
});
export type PollBreakdown = z.infer<typeof PollBreakdown>;
