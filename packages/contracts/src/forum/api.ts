import { z } from 'zod';
import { ANONYMOUS, emptyAsUndefined } from '../shared/common.ts';

// ---------------------------------------------------------------------------------------------
// Constants
// ---------------------------------------------------------------------------------------------

export const POST_TYPES = ['Question', 'Idea', 'Tool'] as const;
export type PostType = (typeof POST_TYPES)[number];

export const POST_STATUSES = ['open', 'resolved'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

export const POST_SORTS = ['latest', 'trending', 'upvotes'] as const;
export type PostSort = (typeof POST_SORTS)[number];

export const POST_LIMITS = {
  title: 120,
  body: 10_000,
  authorName: 40,
  /** Tags: at most this many, each at most tagLength characters. */
  tags: 20,
  tagLength: 50,
  toolLinks: 10,
  toolName: 100,
  toolUrl: 2000,
  attachments: 5,
} as const;

export const COMMENT_LIMITS = { body: 5000, authorName: 40 } as const;

// WFM post fields (issue 16): optional facts about the contact centre a post is about. Values are
// URL-safe slugs (the feed keeps them in its address); labels.ts has what the web app shows.
export const POST_CHANNELS = ['voice', 'chat', 'email', 'social', 'back-office'] as const;
export type PostChannel = (typeof POST_CHANNELS)[number];

export const WFM_PLATFORMS = ['nice-iex', 'verint', 'calabrio', 'genesys', 'aspect', 'teleopti', 'in-house', 'other'] as const;
export type WfmPlatform = (typeof WFM_PLATFORMS)[number];

/** Contact-centre size bands, in agents (seats in use at peak). */
export const CENTRE_SIZES = ['under-50', '50-249', '250-999', '1000-4999', '5000-plus'] as const;
export type CentreSize = (typeof CENTRE_SIZES)[number];

/** Regions, each standing for a span of time zones (labels.ts names both). */
export const POST_REGIONS = [
  'north-america',
  'latin-america',
  'uk-ireland',
  'europe',
  'middle-east-africa',
  'south-asia',
  'asia-pacific',
  'australia-nz',
] as const;
export type PostRegion = (typeof POST_REGIONS)[number];

export const WFM_FIELD_MESSAGES = {
  badChannel: 'Channel must be one of voice, chat, email, social or back-office',
  badPlatform: 'WFM platform must be one of nice-iex, verint, calabrio, genesys, aspect, teleopti, in-house or other',
  badCentreSize: 'Contact-centre size must be one of under-50, 50-249, 250-999, 1000-4999 or 5000-plus',
  badRegion:
    'Region must be one of north-america, latin-america, uk-ireland, europe, middle-east-africa, south-asia, asia-pacific or australia-nz',
} as const;

/** Accepted answers (issue 16): texts of the calls that mark, change or clear one. */
export const ACCEPTED_ANSWER_MESSAGES = {
  notAsker: 'Only the person who asked this question can accept an answer',
  notQuestion: 'Only questions can have an accepted answer',
  invalidComment: 'Invalid comment ID',
  commentNotFound: 'Comment not found on this post',
} as const;

/** Similar questions on /new (issue 16): at most this many, for titles of at most `title` characters. */
export const SIMILAR_POSTS = { max: 5, title: 120 } as const;
export const SIMILAR_POSTS_MESSAGES = { titleTooLong: 'Title must be 120 characters or less' } as const;

export const POST_MESSAGES = {
  badType: 'Type must be Question, Idea or Tool',
  titleRequired: 'Title is required',
  titleTooLong: 'Title must be 120 characters or less',
  bodyRequired: 'Content is required',
  bodyTooLong: 'Content must be 10,000 characters or less',
  authorRequired: 'Author name is required',
  authorTooLong: 'Author name must be 40 characters or less',
  badToolUrl: 'Tool URL must be a valid URL',
  tooManyTags: 'At most 20 tags are allowed',
  tagTooLong: 'Each tag must be 50 characters or less',
  badToolLinks: 'tool_links must be a list of {name, url}',
  badAttachments: 'attachments must be a list of {url, originalName, mimetype, size}',
  tooManyAttachments: 'At most 5 attachments are allowed',
  invalidId: 'Invalid post ID',
  notFound: 'Post not found',
  alreadyResolved: 'Post is already resolved',
} as const;

export const COMMENT_MESSAGES = {
  bodyRequired: 'Comment cannot be empty',
  bodyTooLong: 'Comment must be 5,000 characters or less',
  authorRequired: 'Author name is required',
  authorTooLong: 'Author name must be 40 characters or less',
} as const;

export const REPORT_REASONS = ['spam', 'abusive', 'off-topic', 'inappropriate', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const HELP_PRIORITIES = ['Low', 'Medium', 'High', 'Urgent'] as const;
export type HelpPriority = (typeof HELP_PRIORITIES)[number];
/** Server-side bounds of a help request (document 2 §5, "Report"). */
export const HELP_LIMITS = {
  titleMin: 3,
  title: 100,
  reason: 2000,
  reporterName: 40,
  category: 50,
  contactInfo: 200,
} as const;

/** The help request's texts (document 2 §5). */
export const HELP_FORM_MESSAGES = {
  titleTooShort: 'Title must be at least 3 characters',
  titleTooLong: 'Title must be less than 100 characters',
  descriptionTooShort: 'Description must be at least 10 characters',
  descriptionTooLong: 'Description must be less than 1000 characters',
  categoryRequired: 'Please select a category',
  priorityRequired: 'Please select a priority level',
} as const;

export const SUGGESTION_PRIORITIES = ['Low', 'Medium', 'High'] as const;
export type SuggestionPriority = (typeof SUGGESTION_PRIORITIES)[number];
export const SUGGESTION_LIMITS = { title: 100, description: 1000, contact: 200, authorName: 50 } as const;
export const SUGGESTION_MESSAGES = {
  missingHeader: 'Please provide both a title and description for your suggestion.',
  missingSidebar: 'Please fill in both title and description.',
  titleTooLong: 'Title must be 100 characters or less',
  descriptionTooLong: 'Description must be 1000 characters or less',
  contactTooLong: 'Contact must be 200 characters or less',
  badEmail: 'Please enter a valid email address',
} as const;

export const UPLOAD_LIMITS = { files: 5, fileBytes: 10 * 1024 * 1024 } as const;
/** `accept` list for the attachment picker; the server verifies the content, not the name. */
export const UPLOAD_ACCEPT = 'image/*,.pdf,.doc,.docx,.txt,.md';
/** Files are served from here; post cards only show attachments whose url starts with it. */
export const UPLOADS_PREFIX = '/uploads/';

// ---------------------------------------------------------------------------------------------
// Building blocks
// ---------------------------------------------------------------------------------------------

/** `/api/posts/{id}` and friends: a positive integer (0, -1, abc, 1.5 are refused with 400). */
export const PostIdParams = z.object({
  id: z
    .string()
    .regex(/^[1-9][0-9]{0,14}$/, POST_MESSAGES.invalidId)
    .transform(Number),
});

const trimmed = (min: number, max: number, required: string, tooLong: string) =>
  z.string(required).trim().min(min, required).max(max, tooLong);

/** Accepts a list or its JSON text (the spec's entity stores JSON text). */
const jsonList = <T extends z.ZodType>(item: T, message: string) =>
  z.preprocess((value, ctx) => {
    if (value === undefined || value === null || value === '') return [];
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
  }, z.array(item, message));

export const ToolLink = z.object({
  name: z.string().trim().max(POST_LIMITS.toolName, POST_MESSAGES.badToolLinks).default(''),
  url: z
    .string()
    .trim()
    .max(POST_LIMITS.toolUrl, POST_MESSAGES.badToolUrl)
    .refine((url) => url === '' || isHttpUrl(url), POST_MESSAGES.badToolUrl),
});
export type ToolLink = z.infer<typeof ToolLink>;

export const Attachment = z.object({
  url: z.string().max(500),
  originalName: z.string().max(255),
  mimetype: z.string().max(100),
  size: z.number().int().nonnegative(),
  filename: z.string().max(255).optional(),
});
export type Attachment = z.infer<typeof Attachment>;

/** True for an absolute http(s) URL. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** Tags as typed ("a, #b ,a") -> de-duplicated list without '#'. */
export function splitTags(tags: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of tags.split(',')) {
    const tag = raw.trim().replace(/^#+/, '').trim();
    if (tag && !seen.has(tag.toLowerCase())) {
      seen.add(tag.toLowerCase());
      out.push(tag);
    }
  }
  return out;
}

/** Tags accepted as a comma-separated string or a list; answered as "a,b,c". */
const TagsInput = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((v) => splitTags(Array.isArray(v) ? v.join(',') : (v ?? '')))
  .refine((tags) => tags.length <= POST_LIMITS.tags, POST_MESSAGES.tooManyTags)
  .refine((tags) => tags.every((t) => t.length <= POST_LIMITS.tagLength), POST_MESSAGES.tagTooLong)
  .transform((tags) => tags.join(','));

// ---------------------------------------------------------------------------------------------
// Posts
// ---------------------------------------------------------------------------------------------

/** An optional WFM field: absent, null or '' is none; anything else must be one of the values. */
const optionalChoice = <const T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(values, message).optional());

/** The WFM fields of a post as stored and answered: null when not given (absent in older events). */
const storedChoice = <const T extends readonly [string, ...string[]]>(values: T) => z.enum(values).nullable().default(null);

/**
 * POST /api/posts. tool_links and attachments may be lists or JSON text; `tool_name`/`tool_url`
 * (the form's single tool fields) are optional and join tool_links when a URL is given.
 * With isAnonymous the post is stored as ANONYMOUS.
 */
export const CreatePostBody = z.object({
  type: z.enum(POST_TYPES, POST_MESSAGES.badType),
  title: trimmed(1, POST_LIMITS.title, POST_MESSAGES.titleRequired, POST_MESSAGES.titleTooLong),
  body: trimmed(1, POST_LIMITS.body, POST_MESSAGES.bodyRequired, POST_MESSAGES.bodyTooLong),
  author_name: trimmed(1, POST_LIMITS.authorName, POST_MESSAGES.authorRequired, POST_MESSAGES.authorTooLong),
  tags: TagsInput,
  tool_links: jsonList(ToolLink, POST_MESSAGES.badToolLinks).refine(
    (links) => links.length <= POST_LIMITS.toolLinks,
    POST_MESSAGES.badToolLinks,
  ),
  tool_name: z.string().trim().max(POST_LIMITS.toolName, POST_MESSAGES.badToolLinks).optional(),
  tool_url: z
    .string()
    .trim()
    .max(POST_LIMITS.toolUrl, POST_MESSAGES.badToolUrl)
    .refine((url) => url === '' || isHttpUrl(url), POST_MESSAGES.badToolUrl)
    .optional(),
  attachments: jsonList(Attachment, POST_MESSAGES.badAttachments).refine(
    (list) => list.length <= POST_LIMITS.attachments,
    POST_MESSAGES.tooManyAttachments,
  ),
  status: z.enum(POST_STATUSES).default('open'),
  isAnonymous: z.boolean().optional().default(false),
  // Optional WFM fields (issue 16).
  channel: optionalChoice(POST_CHANNELS, WFM_FIELD_MESSAGES.badChannel),
  platform: optionalChoice(WFM_PLATFORMS, WFM_FIELD_MESSAGES.badPlatform),
  centre_size: optionalChoice(CENTRE_SIZES, WFM_FIELD_MESSAGES.badCentreSize),
  region: optionalChoice(POST_REGIONS, WFM_FIELD_MESSAGES.badRegion),
});
export type CreatePostBody = z.input<typeof CreatePostBody>;
export type CreatePostInput = z.output<typeof CreatePostBody>;

export const CreatePostResponse = z.object({ id: z.number().int().positive() });
export type CreatePostResponse = z.infer<typeof CreatePostResponse>;

/** A post as lists, cards and events carry it (no comments, never a token). */
export const PostSummary = z.object({
  id: z.number().int(),
  type: z.enum(POST_TYPES),
  title: z.string(),
  body: z.string(),
  author_name: z.string(),
  created_at: z.number(),
  upvotes: z.number().int(),
  status: z.enum(POST_STATUSES),
  /** Comma-separated. */
  tags: z.string(),
  /** JSON text of ToolLink[]. */
  tool_links: z.string(),
  /** JSON text of Attachment[]. */
  attachments: z.string(),
  comment_count: z.number().int(),
  // Additions of issue 16; defaults keep events written before them readable.
  /** The comment the asker accepted as the answer (Questions only), or null. */
  accepted_comment_id: z.number().int().nullable().default(null),
  channel: storedChoice(POST_CHANNELS),
  platform: storedChoice(WFM_PLATFORMS),
  centre_size: storedChoice(CENTRE_SIZES),
  region: storedChoice(POST_REGIONS),
});
export type PostSummary = z.infer<typeof PostSummary>;

export const Comment = z.object({
  id: z.number().int(),
  post_id: z.number().int(),
  body: z.string(),
  author_name: z.string(),
  created_at: z.number(),
});
export type Comment = z.infer<typeof Comment>;

/** Comments per page: a post's detail carries the first page, GET /api/posts/{id}/comments the next. */
export const COMMENT_PAGE = { default: 100, max: 100 } as const;

/** Opaque position after a comment (its created_at and id); null when no comment follows. */
const CommentCursor = z.string().regex(/^[0-9]{1,15}-[1-9][0-9]{0,14}$/, 'Invalid comments cursor');

/**
 * GET /api/posts/{id}: the post with the first page of its comments, oldest first
 * (`comment_count` is the total); `comments_next_cursor` fetches the next page when there is one.
 */
export const PostDetail = PostSummary.extend({
  comments: z.array(Comment),
  // Absent in answers from before paging: the comments given are then all of them.
  comments_next_cursor: CommentCursor.nullable().default(null),
  /** The accepted answer itself (wherever it is in the pages), pinned under the question; null without one. */
  accepted_answer: Comment.nullable().default(null),
});
export type PostDetail = z.infer<typeof PostDetail>;

/** GET /api/posts/{id}/comments?after=&limit=: the comments after the cursor, oldest first. */
export const ListCommentsQuery = z.object({
  after: z.preprocess(emptyAsUndefined, CommentCursor.optional()),
  limit: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1).max(COMMENT_PAGE.max).default(COMMENT_PAGE.default),
  ),
});
export type ListCommentsQuery = z.input<typeof ListCommentsQuery>;

export const CommentPage = z.object({ comments: z.array(Comment), next_cursor: CommentCursor.nullable() });
export type CommentPage = z.infer<typeof CommentPage>;

/** A date filter: ms timestamp, or a YYYY-MM-DD day. */
const DateParam = z.union([
  z.coerce.number().int().nonnegative(),
  z.iso.date().transform((day) => Date.parse(`${day}T00:00:00Z`)),
]);

/**
 * GET /api/posts. Empty values count as absent. end_date is inclusive; a value that is exactly a
 * UTC midnight (a bare day) covers that whole day.
 */
export const ListPostsQuery = z.object({
  type: z.preprocess(emptyAsUndefined, z.enum(POST_TYPES, POST_MESSAGES.badType).optional()),
  sort: z.preprocess(emptyAsUndefined, z.enum(POST_SORTS).default('latest')),
  q: z.preprocess(emptyAsUndefined, z.string().trim().max(200).optional()),
  author_name: z.preprocess(emptyAsUndefined, z.string().trim().max(POST_LIMITS.authorName).optional()),
  anon_token: z.preprocess(emptyAsUndefined, z.string().max(200).optional()),
  start_date: z.preprocess(emptyAsUndefined, DateParam.optional()),
  end_date: z.preprocess(emptyAsUndefined, DateParam.optional()),
  limit: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(100).default(20)),
  offset: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(10_000).default(0)),
  /** `true`/`1`: only open Questions without an accepted answer ("Unanswered"). */
  unanswered: z.preprocess(
    emptyAsUndefined,
    z
      .enum(['true', 'false', '1', '0'], 'unanswered must be true or false')
      .transform((v) => v === 'true' || v === '1')
      .optional(),
  ),
  channel: z.preprocess(emptyAsUndefined, z.enum(POST_CHANNELS, WFM_FIELD_MESSAGES.badChannel).optional()),
  platform: z.preprocess(emptyAsUndefined, z.enum(WFM_PLATFORMS, WFM_FIELD_MESSAGES.badPlatform).optional()),
  centre_size: z.preprocess(emptyAsUndefined, z.enum(CENTRE_SIZES, WFM_FIELD_MESSAGES.badCentreSize).optional()),
  region: z.preprocess(emptyAsUndefined, z.enum(POST_REGIONS, WFM_FIELD_MESSAGES.badRegion).optional()),
});
export type ListPostsQuery = z.input<typeof ListPostsQuery>;

export const ListPostsResponse = z.object({ posts: z.array(PostSummary), total: z.number().int() });
export type ListPostsResponse = z.infer<typeof ListPostsResponse>;

// ---------------------------------------------------------------------------------------------
// Accepted answers and similar questions (issue 16)
// ---------------------------------------------------------------------------------------------

/** PUT /api/posts/{id}/accepted-answer: the asker marks (or changes) the accepted comment. */
export const AcceptAnswerBody = z.object({
  comment_id: z
    .number(ACCEPTED_ANSWER_MESSAGES.invalidComment)
    .int(ACCEPTED_ANSWER_MESSAGES.invalidComment)
    .positive(ACCEPTED_ANSWER_MESSAGES.invalidComment)
    .max(Number.MAX_SAFE_INTEGER, ACCEPTED_ANSWER_MESSAGES.invalidComment),
});
export type AcceptAnswerBody = z.infer<typeof AcceptAnswerBody>;

/** Answer of PUT and DELETE /api/posts/{id}/accepted-answer: the post's accepted comment now (null: none). */
export const AcceptedAnswerResponse = z.object({
  post_id: z.number().int(),
  accepted_comment_id: z.number().int().nullable(),
});
export type AcceptedAnswerResponse = z.infer<typeof AcceptedAnswerResponse>;

/** GET /api/posts/{id}/viewer: what the calling visitor may do on the post (never cached). */
export const PostViewerResponse = z.object({
  /** True when the verified caller asked this Question: they may accept an answer. */
  can_accept_answer: z.boolean(),
});
export type PostViewerResponse = z.infer<typeof PostViewerResponse>;

/** GET /api/posts/similar?title=: posts whose titles share words with the title being typed. */
export const SimilarPostsQuery = z.object({
  title: z.preprocess(
    (v) => (v === undefined ? '' : v),
    z.string('title must be text').trim().max(SIMILAR_POSTS.title, SIMILAR_POSTS_MESSAGES.titleTooLong),
  ),
});
export type SimilarPostsQuery = z.input<typeof SimilarPostsQuery>;

export const SimilarPost = PostSummary.pick({
  id: true,
  type: true,
  title: true,
  status: true,
  created_at: true,
  comment_count: true,
  accepted_comment_id: true,
});
export type SimilarPost = z.infer<typeof SimilarPost>;

/** Best match first; at most SIMILAR_POSTS.max. */
export const SimilarPostsResponse = z.object({ posts: z.array(SimilarPost) });
export type SimilarPostsResponse = z.infer<typeof SimilarPostsResponse>;

export const UpvoteResponse = z.object({ upvotes: z.number().int() });
export type UpvoteResponse = z.infer<typeof UpvoteResponse>;

// ---------------------------------------------------------------------------------------------
// Comments
// ---------------------------------------------------------------------------------------------

/** POST /api/comments; answers 201 with the Comment. With isAnonymous it is stored as ANONYMOUS. */
export const CreateCommentBody = z.object({
  post_id: z.coerce.number(POST_MESSAGES.invalidId).int(POST_MESSAGES.invalidId).positive(POST_MESSAGES.invalidId),
  body: trimmed(1, COMMENT_LIMITS.body, COMMENT_MESSAGES.bodyRequired, COMMENT_MESSAGES.bodyTooLong),
  author_name: trimmed(1, COMMENT_LIMITS.authorName, COMMENT_MESSAGES.authorRequired, COMMENT_MESSAGES.authorTooLong),
  isAnonymous: z.boolean().optional().default(false),
});
export type CreateCommentBody = z.input<typeof CreateCommentBody>;

// ---------------------------------------------------------------------------------------------
// Reports and help requests (both POST /api/report)
// ---------------------------------------------------------------------------------------------

/** Report of a post: the body has post_id. */
export const PostReportBody = z.object({
  post_id: z.coerce.number(POST_MESSAGES.invalidId).int(POST_MESSAGES.invalidId).positive(POST_MESSAGES.invalidId),
  reason: z.enum(REPORT_REASONS, 'Please select a reason: spam, abusive, off-topic, inappropriate or other'),
  reporter_name: z.string().trim().min(1).max(HELP_LIMITS.reporterName).optional(),
});
export type PostReportBody = z.input<typeof PostReportBody>;

/** Help request from /help: the body has no post_id. Empty contact_info counts as none. */
export const HelpRequestBody = z.object({
  title: z
    .string('Title is required')
    .trim()
    .min(HELP_LIMITS.titleMin, HELP_FORM_MESSAGES.titleTooShort)
    .max(HELP_LIMITS.title, HELP_FORM_MESSAGES.titleTooLong),
  category: z
    .string(HELP_FORM_MESSAGES.categoryRequired)
    .trim()
    .min(1, HELP_FORM_MESSAGES.categoryRequired)
    .max(HELP_LIMITS.category, 'Category must be 50 characters or less'),
  priority: z.enum(HELP_PRIORITIES, HELP_FORM_MESSAGES.priorityRequired),
  reason: z
    .string('Description is required')
    .trim()
    .min(1, 'Description is required')
    .max(HELP_LIMITS.reason, 'Description must be 2000 characters or less'),
  contact_info: z.string().trim().max(HELP_LIMITS.contactInfo, 'Contact info must be 200 characters or less').optional(),
  reporter_name: z
    .string()
    .trim()
    .min(1, 'Name is required')
    .max(HELP_LIMITS.reporterName, 'Name must be 40 characters or less')
    .default(ANONYMOUS),
  isAnonymous: z.boolean().optional().default(false),
});
export type HelpRequestBody = z.input<typeof HelpRequestBody>;

/**
 * POST /api/report: a post report when the body has a post_id (not null), else a help request.
 * Each kind is checked against its own contract, so the answer names the rule that failed
 * (a plain union would answer "Invalid input").
 */
export const ReportBody = z.looseObject({}).transform((body, ctx) => {
  const kind = body.post_id === undefined || body.post_id === null ? HelpRequestBody : PostReportBody;
  const result = kind.safeParse(body);
  if (result.success) return result.data;
  for (const issue of result.error.issues) ctx.addIssue({ ...issue });
  return z.NEVER;
});
export type ReportBody = PostReportBody | HelpRequestBody;

/** Both kinds answer 201 with a reference a person can read out, e.g. HLP-7K3Q9 or RPT-4MX2D. */
export const ReportResponse = z.object({ ticket_reference: z.string() });
export type ReportResponse = z.infer<typeof ReportResponse>;

// ---------------------------------------------------------------------------------------------
// Feature suggestions
// ---------------------------------------------------------------------------------------------

const optionalText = (max: number, message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.string().trim().max(max, message).optional(),
  );

/**
 * POST /api/feature-suggestions from either dialog: the header one sends contact_method, the
 * sidebar one email and isAnonymous. author_name defaults to ANONYMOUS.
 */
export const FeatureSuggestionBody = z.object({
  title: z
    .string(SUGGESTION_MESSAGES.missingHeader)
    .trim()
    .min(1, SUGGESTION_MESSAGES.missingHeader)
    .max(SUGGESTION_LIMITS.title, SUGGESTION_MESSAGES.titleTooLong),
  description: z
    .string(SUGGESTION_MESSAGES.missingHeader)
    .trim()
    .min(1, SUGGESTION_MESSAGES.missingHeader)
    .max(SUGGESTION_LIMITS.description, SUGGESTION_MESSAGES.descriptionTooLong),
  author_name: z.preprocess(
    (v) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? ANONYMOUS : v),
    z.string().trim().max(SUGGESTION_LIMITS.authorName, 'Name must be 50 characters or less'),
  ),
  priority: z.enum(SUGGESTION_PRIORITIES, 'Priority must be Low, Medium or High').default('Medium'),
  contact_method: optionalText(SUGGESTION_LIMITS.contact, SUGGESTION_MESSAGES.contactTooLong),
  email: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.email(SUGGESTION_MESSAGES.badEmail).max(SUGGESTION_LIMITS.contact, SUGGESTION_MESSAGES.badEmail).optional(),
  ),
  isAnonymous: z.boolean().optional().default(false),
});
export type FeatureSuggestionBody = z.input<typeof FeatureSuggestionBody>;

/** Answers 201 with e.g. FS-8H2KQ. */
export const FeatureSuggestionResponse = z.object({ reference_number: z.string() });
export type FeatureSuggestionResponse = z.infer<typeof FeatureSuggestionResponse>;

// ---------------------------------------------------------------------------------------------
// Uploads
// ---------------------------------------------------------------------------------------------

/** One stored file; `url` is `/uploads/<filename>` (the name is generated by the server). */
export const UploadedFile = z.object({
  filename: z.string(),
  originalName: z.string(),
  mimetype: z.string(),
  size: z.number().int(),
  url: z.string(),
});
export type UploadedFile = z.infer<typeof UploadedFile>;

/** POST /api/upload (multipart, field `files` repeated) answers 201 with the stored files. */
export const UploadResponse = z.object({ files: z.array(UploadedFile) });
export type UploadResponse = z.infer<typeof UploadResponse>;

// ---------------------------------------------------------------------------------------------
// Stats
// ---------------------------------------------------------------------------------------------

/** GET /api/stats: the sidebar's community figures. */
export const StatsResponse = z.object({
  activeMembers: z.number().int().nonnegative(),
  todaysPosts: z.number().int().nonnegative(),
  livePolls: z.number().int().nonnegative(),
});
export type StatsResponse = z.infer<typeof StatsResponse>;
