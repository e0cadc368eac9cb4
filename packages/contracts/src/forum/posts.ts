import { z } from 'zod';
import { emptyAsUndefined } from '../shared/common.ts';
import { HeldFields } from '../shared/held.ts';
import { trimmed } from './fields.ts';
import { HiddenState } from './hidden.ts';

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
  /** An attachment that is not a file the author uploaded (someone else's, unknown, or not an upload). */
  attachmentNotOwned: 'Attach only files you uploaded yourself.',
  invalidId: 'Invalid post ID',
  notFound: 'Post not found',
  alreadyResolved: 'Post is already resolved',
} as const;

/** `/api/posts/{id}` and friends: a positive integer (0, -1, abc, 1.5 are refused with 400). */
export const PostIdParams = z.object({
  id: z
    .string()
    .regex(/^[1-9][0-9]{0,14}$/, POST_MESSAGES.invalidId)
    .transform(Number),
});

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

/** `held`/`message` only when the duplicate-content check held the post for review (shared/held.ts). */
export const CreatePostResponse = z.object({ id: z.number().int().positive(), ...HeldFields });
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
  /** When its author last edited it (issue 26), ms; null when never edited. */
  edited_at: z.number().int().nullable().default(null),
});
export type PostSummary = z.infer<typeof PostSummary>;

/** Author edits and deletions (issue 26 item 1): texts of refusals the creation messages do not cover. */
export const AUTHOR_EDIT_MESSAGES = {
  notAuthorPost: 'Only the author of this post can change or delete it',
  notAuthorComment: 'Only the author of this comment can change or delete it',
  commentNotFound: 'Comment not found',
  invalidCommentId: 'Invalid comment ID',
} as const;

/** PATCH /api/posts/{id}: the author replaces title, body and tags (validated as on creation). */
export const EditPostBody = CreatePostBody.pick({ title: true, body: true, tags: true });
export type EditPostBody = z.input<typeof EditPostBody>;

/** DELETE /api/posts/{id} and /api/comments/{id} by their author. */
export const AuthorDeleteResponse = z.object({ success: z.literal(true), id: z.number().int() });
export type AuthorDeleteResponse = z.infer<typeof AuthorDeleteResponse>;

/** One earlier version of a post, replaced by its author at `replaced_at` (staff only). */
export const PostRevision = z.object({
  id: z.number().int(),
  post_id: z.number().int(),
  title: z.string(),
  body: z.string(),
  tags: z.string(),
  replaced_at: z.number().int(),
});
export const CommentRevision = z.object({
  id: z.number().int(),
  comment_id: z.number().int(),
  post_id: z.number().int(),
  body: z.string(),
  replaced_at: z.number().int(),
});
/** GET /api/admin/posts/{id}/revisions: earlier versions of the post and of its comments, oldest first. */
export const AdminRevisionsResponse = z.object({ post: z.array(PostRevision), comments: z.array(CommentRevision) });
export type AdminRevisionsResponse = z.infer<typeof AdminRevisionsResponse>;

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
  /** True when the verified caller wrote the post: they may edit or delete it (issue 26). */
  can_edit: z.boolean().default(false),
  /** The post's comments the verified caller wrote (they may edit or delete those). */
  own_comment_ids: z.array(z.number().int()).default([]),
  /**
   * For the author of a hidden post (nobody else): why it is hidden, and the post itself, since its
   * public detail answers 404 to everyone (issue 26 item 4).
   */
  hidden: HiddenState.nullable().default(null),
  hidden_post: PostSummary.nullable().default(null),
  /** The caller's own hidden comments on this post (left out of the public thread), oldest first. */
  own_hidden_comments: z
    .array(z.object({ id: z.number().int(), body: z.string(), author_name: z.string(), created_at: z.number(), hidden: HiddenState }))
    .default([]),
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
