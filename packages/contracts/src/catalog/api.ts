// Public calls of the catalog service: tools directory, template library, polls and benchmarks
// (document 2 §1-§9, plus the issue's closed polls and anonymity-safe breakdowns).
import { z } from 'zod';
import { emptyAsUndefined } from '../shared/common.ts';

// ---------------------------------------------------------------------------------------------
// Shared building blocks
// ---------------------------------------------------------------------------------------------

/** True for an absolute http(s) URL. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

const trimmed = (max: number, required: string, tooLong: string) =>
  z.string(required).trim().min(1, required).max(max, tooLong);

const idParams = (message: string) =>
  z.object({
    id: z
      .string()
      .regex(/^[1-9][0-9]{0,14}$/, message)
      .transform(Number),
  });

/** Lists answer at most this many rows per call (`limit`), newest/sorted first; `offset` pages on. */
export const CATALOG_PAGE = { default: 100, max: 200, maxOffset: 10_000 } as const;

const pagingQuery = {
  limit: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(CATALOG_PAGE.max).default(CATALOG_PAGE.default)),
  offset: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(CATALOG_PAGE.maxOffset).default(0)),
};

/** Full-text search text (`q`): empty counts as absent. */
const SearchText = z.preprocess(emptyAsUndefined, z.string().trim().max(200, 'Search must be 200 characters or less').optional());

/** A category filter; empty and `all` count as absent (the spec's web leaves 'all' out). */
const categoryFilter = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess((v) => (v === '' || v === 'all' ? undefined : v), z.enum(values, message).optional());

export const URL_MAX = 2000;

// ---------------------------------------------------------------------------------------------
// Tools
// ---------------------------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------------------------
// Templates
// ---------------------------------------------------------------------------------------------

export const TEMPLATE_CATEGORIES = [
  'Forecasting Models',
  'Scheduling Templates',
  'RTA Dashboards',
  'Capacity Planning',
  'Shrinkage Analysis',
  'Performance Reports',
  'Budget Planning',
  'Staff Planning',
  'Data Analysis',
  'Process Documentation',
] as const;
export type TemplateCategory = (typeof TEMPLATE_CATEGORIES)[number];

export const TEMPLATE_SORTS = ['latest', 'downloads', 'name'] as const;
export type TemplateSort = (typeof TEMPLATE_SORTS)[number];

export const TEMPLATE_LIMITS = {
  name: 100,
  /** Spec 2 §5: any category of 1-50 characters (the Add Template dialog offers TEMPLATE_CATEGORIES). */
  category: 50,
  shortDesc: 250,
  submittedBy: 40,
  url: URL_MAX,
  fileBytes: 10 * 1024 * 1024,
} as const;

/** `accept` of the file picker; the server checks the content, not the name. */
export const TEMPLATE_FILE_ACCEPT = '.xlsx,.xls,.csv';
export const TEMPLATE_FILE_EXTENSIONS = ['xlsx', 'xls', 'csv'] as const;

/** Toast title and description pairs of document 2 §5 (the dialog shows them as they are). */
export const TEMPLATE_FORM_MESSAGES = {
  missingInformation: { title: 'Missing information', description: 'Please fill in all required fields.' },
  urlRequired: { title: 'URL required', description: 'Please provide a URL for the template.' },
  fileRequired: { title: 'File required', description: 'Please select a file to upload.' },
} as const;

const joined = (m: { title: string; description: string }) => `${m.title}: ${m.description}`;

export const TEMPLATE_MESSAGES = {
  /** Empty name, category or description. */
  missingInformation: joined(TEMPLATE_FORM_MESSAGES.missingInformation),
  /** The dialog in URL mode without a URL (the API takes a template with neither URL nor file). */
  urlRequired: joined(TEMPLATE_FORM_MESSAGES.urlRequired),
  /** Multipart (file mode) without a file. */
  fileRequired: joined(TEMPLATE_FORM_MESSAGES.fileRequired),
  nameTooLong: 'Name must be 100 characters or less',
  /** The dialog's category outside its list (the API takes any category of 1-50 characters). */
  badCategory: `Category must be one of: ${TEMPLATE_CATEGORIES.join(', ')}`,
  categoryTooLong: 'Category must be 50 characters or less',
  descTooLong: 'Description must be 250 characters or less',
  submitterRequired: 'Submitted by is required',
  submitterTooLong: 'Submitted by must be 40 characters or less',
  badUrl: 'URL must be a valid http(s) URL',
  badFileType: 'File must be an Excel workbook (.xlsx, .xls) or a CSV file',
  fileTooLarge: 'File must be 10 MB or less',
  oneFile: 'Send one file in the field "file"',
  badSort: 'Sort must be latest, downloads or name',
  invalidId: 'Invalid template ID',
  notFound: 'Template not found',
  nothingToDownload: 'This template has neither a URL nor a file',
} as const;

const requiredText = (max: number, tooLong: string) =>
  z.string(TEMPLATE_MESSAGES.missingInformation).trim().min(1, TEMPLATE_MESSAGES.missingInformation).max(max, tooLong);

/**
 * The text fields of both modes (JSON and multipart) as the API takes them: category is any text of
 * 1-50 characters (spec 2 §5). The Add Template dialog is stricter: TemplateFormFields.
 */
export const TemplateFields = z.object({
  name: requiredText(TEMPLATE_LIMITS.name, TEMPLATE_MESSAGES.nameTooLong),
  category: requiredText(TEMPLATE_LIMITS.category, TEMPLATE_MESSAGES.categoryTooLong),
  short_desc: requiredText(TEMPLATE_LIMITS.shortDesc, TEMPLATE_MESSAGES.descTooLong),
  submitted_by: trimmed(TEMPLATE_LIMITS.submittedBy, TEMPLATE_MESSAGES.submitterRequired, TEMPLATE_MESSAGES.submitterTooLong),
});

/** The dialog's text fields: the category is one of its ten (TEMPLATE_CATEGORIES). */
export const TemplateFormFields = TemplateFields.extend({
  category: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.enum(TEMPLATE_CATEGORIES, {
      error: (issue) => (issue.input === undefined ? TEMPLATE_MESSAGES.missingInformation : TEMPLATE_MESSAGES.badCategory),
    }),
  ),
});

const TemplateUrl = z
  .string({ error: (issue) => (issue.input === undefined ? TEMPLATE_MESSAGES.urlRequired : TEMPLATE_MESSAGES.badUrl) })
  .trim()
  .max(URL_MAX, TEMPLATE_MESSAGES.badUrl)
  .refine(isHttpUrl, TEMPLATE_MESSAGES.badUrl);
const blankAsUndefined = (v: unknown) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v);

/**
 * POST /api/templates as JSON. `url` is optional (spec 2 §5): absent, null or blank stores a
 * template with neither URL nor file, whose card shows its button disabled (spec 2 §2).
 * Multipart (File Upload) sends the same text fields plus `file`.
 */
export const CreateTemplateBody = TemplateFields.extend({
  url: z.preprocess(blankAsUndefined, TemplateUrl.optional()).transform((url) => url ?? null),
});
export type CreateTemplateBody = z.input<typeof CreateTemplateBody>;

/** The Add Template dialog in URL Link mode: one of its categories and a URL ('URL required: ...'). */
export const CreateTemplateFormBody = TemplateFormFields.extend({
  url: z.preprocess(blankAsUndefined, TemplateUrl),
});
export type CreateTemplateFormBody = z.input<typeof CreateTemplateFormBody>;

/**
 * A template has `url` (a link) or `file_path` (a stored file, served as an attachment from
 * GET /api/templates/{id}/file), or neither; never both.
 */
export const Template = z.object({
  id: z.number().int(),
  name: z.string(),
  /** One of TEMPLATE_CATEGORIES for templates added through the dialog; any 1-50 characters otherwise. */
  category: z.string(),
  short_desc: z.string(),
  url: z.string().nullable(),
  file_path: z.string().nullable(),
  /** The uploaded file's name as sent (for the Download button), null for links. */
  file_name: z.string().nullable(),
  file_size: z.number().int().nullable(),
  downloads: z.number().int(),
  submitted_by: z.string(),
  created_at: z.number(),
});
export type Template = z.infer<typeof Template>;

export const TemplateIdParams = idParams(TEMPLATE_MESSAGES.invalidId);

/** GET /api/templates. */
export const ListTemplatesQuery = z.object({
  /** Any category a template can have (1-50 characters); empty and `all` count as absent. */
  category: z.preprocess(
    (v) => (v === 'all' || (typeof v === 'string' && v.trim() === '') ? undefined : v),
    z.string(TEMPLATE_MESSAGES.categoryTooLong).trim().max(TEMPLATE_LIMITS.category, TEMPLATE_MESSAGES.categoryTooLong).optional(),
  ),
  q: SearchText,
  sort: z.preprocess(emptyAsUndefined, z.enum(TEMPLATE_SORTS, TEMPLATE_MESSAGES.badSort).default('latest')),
  ...pagingQuery,
});
export type ListTemplatesQuery = z.input<typeof ListTemplatesQuery>;

export const ListTemplatesResponse = z.array(Template);
export type ListTemplatesResponse = z.infer<typeof ListTemplatesResponse>;

/** POST /api/templates/{id}/download (no body): the new count and where to get the file or page. */
export const TemplateDownloadResponse = z.object({
  downloads: z.number().int(),
  /** The template's link, or its file path (`/api/templates/{id}/file`). */
  location: z.string(),
  kind: z.enum(['url', 'file']),
  name: z.string(),
});
export type TemplateDownloadResponse = z.infer<typeof TemplateDownloadResponse>;

/** Where a stored template file is served (always `Content-Disposition: attachment`). */
export const templateFilePath = (id: number) => `/api/templates/${id}/file`;

// ---------------------------------------------------------------------------------------------
// Polls
// ---------------------------------------------------------------------------------------------

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

/**
 * GET /api/polls/stats. activePolls: polls not closed. totalVotes: votes on all polls.
 * participationRate: percent (0-100, one decimal) — of the visitors who voted on any active
 * poll, the average share that voted on each active poll
 * (= votes on active polls / (activePolls x distinct voters on active polls) x 100; 0 when none).
 */
export const PollStats = z.object({
  activePolls: z.number().int().nonnegative(),
  totalVotes: z.number().int().nonnegative(),
  participationRate: z.number().min(0).max(100),
});
export type PollStats = z.infer<typeof PollStats>;

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

// ---------------------------------------------------------------------------------------------
// Benchmarks (document 2 §9): reference ranges, shown as they are.
// ---------------------------------------------------------------------------------------------

export const BENCHMARKS = [
  { key: 'adherence', label: 'Schedule Adherence', min: 85, max: 95, unit: '%' },
  { key: 'forecast-accuracy', label: 'Forecast Accuracy', min: 80, max: 90, unit: '%' },
  { key: 'occupancy', label: 'Occupancy', min: 75, max: 85, unit: '%' },
  { key: 'attrition', label: 'Annual Attrition', min: 15, max: 25, unit: '%' },
  { key: 'service-level', label: 'Service Level', min: 80, max: 90, unit: '%' },
  { key: 'aht', label: 'Average Handle Time', min: 3, max: 8, unit: 'min' },
  { key: 'fcr', label: 'First Call Resolution', min: 70, max: 85, unit: '%' },
  { key: 'csat', label: 'Customer Satisfaction', min: 4.0, max: 4.5, unit: 'of 5' },
] as const;
