import { timingSafeEqual } from 'node:crypto';
import type { ServiceContext } from '@wfm/service-kit';
import { badRequest, conflict, createPgUploadStore, forbidden, heldAnswer, holdWrite, notFound, ownedUploads, recordVisitorSeen, writeEvent, type HeldRelease } from '@wfm/service-kit';
import {
  ACCEPTED_ANSWER_MESSAGES,
  SIMILAR_POSTS,
  type AcceptedAnswerResponse,
  type CentreSize,
  type PostChannel,
  type PostRegion,
  type SimilarPost,
  type WfmPlatform,
  COMMENT_PAGE,
  POST_MESSAGES,
  type Comment,
  type CommentPage,
  type CreateCommentResponse,
  type CreatePostInput,
  type CreatePostResponse,
  type ListPostsResponse,
  type PostDetail,
  type PostSort,
  type PostType,
  type PostViewerResponse,
  UPLOADS_PREFIX,
} from '@wfm/contracts/forum';
import { ANONYMOUS, HELD_MESSAGES } from '@wfm/contracts/shared';
import * as postComments from './posts-comments-repository.ts';
import * as posts from './posts-repository.ts';
import * as postLists from './posts-search-repository.ts';
import * as authorEdits from '../author-edits/author-edits-service.ts';
import type { FeedListCache } from './posts-list-cache.ts';
import type { SummaryJsonCache } from './posts-summary-cache.ts';
import { authorHiddenView } from '../hidden/hidden-service.ts';

const DAY_MS = 86_400_000;

/**
 * The row a create input makes (also what a held post keeps to be inserted on release). Its
 * attachments are files its author uploaded (issue 25 item 11): the request names them by url, and
 * the name, type and size stored with the post are the upload store's, never the request's; an
 * attachment that is not the author's upload is a 400. (Body links to /uploads/ files are allowed,
 * but only the author's own files are pinned by them: migration 008.)
 */
async function newPostOf(ctx: ServiceContext, input: CreatePostInput, authorTokenHash: Buffer | null): Promise<posts.NewPost> {
  const toolLinks = input.tool_links.filter((link) => link.url !== '' || link.name !== '');
  if (input.tool_url) toolLinks.push({ name: input.tool_name ?? '', url: input.tool_url });
  const stored = await ownedUploads(
    createPgUploadStore(ctx.sql),
    input.attachments.map((a) => a.url),
    authorTokenHash,
    UPLOADS_PREFIX,
  );
  if (stored === null) throw badRequest(POST_MESSAGES.attachmentNotOwned);
  const attachments = stored.map((file) => ({
    url: `${UPLOADS_PREFIX}${file.name}`,
    originalName: file.originalName,
    mimetype: file.mimetype,
    size: file.size,
    filename: file.name,
  }));
  return {
    type: input.type,
    title: input.title,
    body: input.body,
    authorName: input.isAnonymous ? ANONYMOUS : input.author_name,
    authorTokenHash,
    tags: input.tags,
    toolLinks: JSON.stringify(toolLinks),
    attachments: JSON.stringify(attachments),
    status: input.status,
    wfm: { channel: input.channel, platform: input.platform, centre_size: input.centre_size, region: input.region },
  };
}

/**
 * Creates a post, or holds it for staff review when many visitors are posting the same body
 * (ctx.duplicates): a held post is kept in the review queue under the id it will have, with no
 * event, so it is in no feed, search, count or realtime message until released (releasePost).
 * `writer` is who the duplicate check counts (byVisitor: the verified visitor, else the address).
 */
export async function createPost(
  ctx: ServiceContext,
  input: CreatePostInput,
  authorTokenHash: Buffer | null,
  writer: string,
): Promise<CreatePostResponse> {
  const row = await newPostOf(ctx, input, authorTokenHash);
  const verdict = await ctx.duplicates.check(input.body, writer);
  return ctx.sql.begin(async (tx) => {
    // The forum's first sight of a writer: their reports count towards auto-hide a day later.
    if (authorTokenHash) await recordVisitorSeen(tx, authorTokenHash, ctx.now());
    if (verdict.held) {
      const { authorTokenHash: _hash, ...payload } = row;
      const id = await holdWrite(tx, ctx, {
        kind: 'post',
        table: 'posts',
        payload,
        authorTokenHash,
        title: row.title,
        body: row.body,
        authorName: row.authorName,
        copies: verdict.copies,
      });
      await posts.keepHeldPostFiles(tx, row);
      return { id, ...heldAnswer };
    }
    const post = await posts.insertPost(tx, row);
    await writeEvent(tx, 'forum.post.created', post);
    return { id: post.id };
  });
}

/** A deleted held post lets go of its files (unless a post or another held post names them). */
export const forgetHeldPost: HeldRelease = async (tx, item) => {
  await posts.releaseHeldPostFiles(tx, item.id, item.payload as { attachments: string; body: string });
};

/** Publishes a held post under its reserved id, as createPost would have (staff release). */
export const releasePost: HeldRelease = async (tx, item) => {
  const post = await posts.insertPost(tx, {
    ...(item.payload as Omit<posts.NewPost, 'authorTokenHash'>),
    authorTokenHash: item.author_token_hash,
    id: item.item_id,
  });
  await writeEvent(tx, 'forum.post.created', post);
};

export interface ListPostsInput {
  type?: PostType | undefined;
  sort: PostSort;
  q?: string | undefined;
  author_name?: string | undefined;
  anon_token?: string | undefined;
  start_date?: number | undefined;
  end_date?: number | undefined;
  unanswered?: boolean | undefined;
  channel?: PostChannel | undefined;
  platform?: WfmPlatform | undefined;
  centre_size?: CentreSize | undefined;
  region?: PostRegion | undefined;
  limit: number;
  offset: number;
}

/**
 * end_date is inclusive. A bare day (exactly a UTC midnight, as a date picker without time gives)
 * stands for that whole day, so "To Date" includes the posts written on it.
 */
export function inclusiveEnd(endDate: number): number {
  return endDate % DAY_MS === 0 ? endDate + DAY_MS - 1 : endDate;
}

/**
 * `visitorHashOf` is the kit's app.visitorOf: My Posts (anon_token) lists the posts of a token
 * identity issued and did not revoke; any other value lists nothing, never an error.
 */
export async function listPosts(
  ctx: ServiceContext,
  query: ListPostsInput,
  visitorHashOf: (token: string) => Buffer | null | Promise<Buffer | null>,
  summaries: SummaryJsonCache,
  lists: FeedListCache | null = null,
): Promise<string> {
  const authorTokenHash = query.anon_token ? await visitorHashOf(query.anon_token) : undefined;
  if (authorTokenHash === null) return listAnswer({ posts: [], total: 0 });
  const filters: postLists.PostFilters = {
    type: query.type,
    sort: query.sort,
    q: query.q || undefined,
    authorName: query.author_name || undefined,
    authorTokenHash,
    from: query.start_date,
    to: query.end_date === undefined ? undefined : inclusiveEnd(query.end_date),
    unanswered: query.unanswered,
    channel: query.channel,
    platform: query.platform,
    centreSize: query.centre_size,
    region: query.region,
  };
  const page = { limit: query.limit, offset: query.offset };
  let keys: postLists.PageKeys | null = null;
  if (postLists.countedByType(filters)) {
    keys = (await lists?.page(ctx.sql, filters, page)) ?? postLists.pageKeysOf(await postLists.pageKeysWithTypeTotalQuery(ctx.sql, filters, page));
  } else if (postLists.isRankedSearchPage(filters, page)) {
    keys = postLists.pageKeysOf(await postLists.searchPageKeysQuery(ctx.sql, filters, page));
  }
  const answer = keys && (await heldPageJson(ctx, keys, summaries));
  return answer ?? listAnswer(await postLists.listPosts(ctx.sql, filters, page));
}

/**
 * A page (a feed page of all posts or one type, or a ranked search page) from the JSON text this
 * process holds for each post at its current row version: PostgreSQL answers ids, versions and the
 * total (a few hundred bytes, not 40 KB of columns), and only posts not held at that version are
 * read whole. The same text as listAnswer makes of whole rows (feed-page-text.test.ts holds it).
 * A feed page's ids and versions may come from the list's order held under the current list
 * revision (posts-list-cache.ts), without asking PostgreSQL at all when every post is held.
 * Null when a listed post was deleted between the two reads: the caller then reads the page whole.
 */
async function heldPageJson(ctx: ServiceContext, { total, listed }: postLists.PageKeys, summaries: SummaryJsonCache): Promise<string | null> {
  const texts = listed.map((key) => summaries.get(key.id, key.version));
  const missing = listed.filter((_key, i) => texts[i] === undefined).map((key) => key.id);
  if (missing.length > 0) {
    const rows = await postLists.summariesWithVersions(ctx.sql, missing);
    const fresh = new Map<number, string>();
    for (const { version, ...summary } of rows) {
      const json = JSON.stringify(summary);
      summaries.set(summary.id, version, json);
      fresh.set(summary.id, json);
    }
    for (let i = 0; i < listed.length; i++) {
      if (texts[i] !== undefined) continue;
      const json = fresh.get(listed[i]!.id);
      if (json === undefined) return null;
      texts[i] = json;
    }
  }
  return `{"posts":[${texts.join(',')}],"total":${total}}`;
}

/**
 * A ListPostsResponse as JSON text, which the route sends as it is. The rows hold exactly the
 * summary's columns (SUMMARY_COLUMNS in the repository), so they are serialized as they are,
 * without the contract's check of every field of every post on the way out: on the bench's feed
 * pages (40 KB) that check cost a third as much as JSON.stringify itself. list-json.test.ts holds
 * the answer to the contract field for field. (PostgreSQL's row_to_json was tried and cost more
 * than it saved: its escaping is slower than V8's.)
 */
const listAnswer = (answer: ListPostsResponse): string => JSON.stringify(answer);

/** `<created_at>-<id>` of the last comment given, when more follow. */
const cursorAfter = (comments: Comment[], more: boolean): string | null => {
  const last = comments.at(-1);
  return more && last ? `${last.created_at}-${last.id}` : null;
};

/** The contract's regex has checked the shape; both parts are safe integers. */
function parseCursor(cursor: string): postComments.CommentPosition {
  const [createdAt, id] = cursor.split('-');
  return { createdAt: Number(createdAt), id: Number(id) };
}

/** The post with the first page of its comments and the cursor of the next page. */
export async function getPost(ctx: ServiceContext, id: number): Promise<PostDetail> {
  const [post, page] = await Promise.all([
    posts.findPost(ctx.sql, id),
    postComments.listComments(ctx.sql, id, { limit: COMMENT_PAGE.default }),
  ]);
  if (!post) {
    // A post its author deleted under others' comments keeps its page as a placeholder.
    const placeholder = await authorEdits.placeholderDetail(ctx, id);
    if (placeholder) return placeholder;
    throw notFound(POST_MESSAGES.notFound);
  }
  const acceptedId = post.accepted_comment_id;
  const accepted =
    acceptedId === null ? null : (page.comments.find((c) => c.id === acceptedId) ?? (await postComments.findComment(ctx.sql, id, acceptedId)));
  return {
    ...post,
    comments: page.comments,
    comments_next_cursor: cursorAfter(page.comments, page.more),
    accepted_answer: accepted,
    deleted: false,
  };
}

/** The comments after `after` (a cursor from the detail or the previous page); 404 without the post. */
export async function listPostComments(
  ctx: ServiceContext,
  id: number,
  query: { after?: string | undefined; limit: number },
): Promise<CommentPage> {
  const [page, title] = await Promise.all([
    postComments.listComments(ctx.sql, id, {
      after: query.after === undefined ? undefined : parseCursor(query.after),
      limit: query.limit,
    }),
    // The post must exist and not be hidden (a hidden post's thread is hidden with it).
    posts.postTitle(ctx.sql, id),
  ]);
  if (title === null && !(await authorEdits.isPlaceholder(ctx, id))) throw notFound(POST_MESSAGES.notFound);
  return { comments: page.comments, next_cursor: cursorAfter(page.comments, page.more) };
}

export async function upvotePost(ctx: ServiceContext, id: number, voterHash: Buffer): Promise<{ upvotes: number }> {
  return ctx.sql.begin(async (tx) => {
    const result = await posts.upvote(tx, id, voterHash);
    if (!result) throw notFound(POST_MESSAGES.notFound);
    if (result.added) await writeEvent(tx, 'forum.post.upvoted', { post_id: id, upvotes: result.upvotes });
    return { upvotes: result.upvotes };
  });
}

/** The comment, or (many visitors writing the same text) the comment held for review as it will read once released. */
export async function addComment(
  ctx: ServiceContext,
  input: { post_id: number; body: string; author_name: string; isAnonymous: boolean },
  authorTokenHash: Buffer | null,
  writer: string,
): Promise<CreateCommentResponse> {
  const row = {
    postId: input.post_id,
    body: input.body,
    authorName: input.isAnonymous ? ANONYMOUS : input.author_name,
  };
  const verdict = await ctx.duplicates.check(input.body, writer);
  return ctx.sql.begin(async (tx) => {
    if (authorTokenHash) await recordVisitorSeen(tx, authorTokenHash, ctx.now());
    if (verdict.held) {
      if ((await posts.postTitle(tx, input.post_id)) === null) throw notFound(POST_MESSAGES.notFound);
      const id = await holdWrite(tx, ctx, {
        kind: 'comment',
        table: 'comments',
        payload: row,
        authorTokenHash,
        body: row.body,
        authorName: row.authorName,
        copies: verdict.copies,
      });
      return { id, post_id: row.postId, body: row.body, author_name: row.authorName, created_at: ctx.now(), edited_at: null, deleted: false, ...heldAnswer };
    }
    const comment = await postComments.insertComment(tx, { ...row, authorTokenHash });
    if (!comment) throw notFound(POST_MESSAGES.notFound);
    await writeEvent(tx, 'forum.comment.created', comment);
    return comment;
  });
}

/** Publishes a held comment under its reserved id; 409 when its post was deleted meanwhile. */
export const releaseComment: HeldRelease = async (tx, item) => {
  const row = item.payload as { postId: number; body: string; authorName: string };
  const comment = await postComments.insertComment(tx, { ...row, authorTokenHash: item.author_token_hash, id: item.item_id });
  if (!comment) throw conflict(HELD_MESSAGES.parentGone);
  await writeEvent(tx, 'forum.comment.created', comment);
};

const sameVisitor = (stored: Buffer | null, caller: Buffer): boolean =>
  stored !== null && stored.length === caller.length && timingSafeEqual(stored, caller);

/**
 * Marks, changes (commentId) or clears (null) the accepted answer of a Question. Only the verified
 * visitor who asked it may (403 otherwise, also for posts nobody verified wrote); the comment must
 * be on this post (404). The post's status is not touched (staff resolve posts). A change is
 * published as forum.post.updated, which drops the gateway's cached lists and detail and makes
 * open pages refetch.
 */
export async function setAcceptedAnswer(
  ctx: ServiceContext,
  postId: number,
  commentId: number | null,
  askerHash: Buffer,
): Promise<AcceptedAnswerResponse> {
  return ctx.sql.begin(async (tx) => {
    const target = await posts.lockPostForAnswer(tx, postId);
    if (!target) throw notFound(POST_MESSAGES.notFound);
    if (!sameVisitor(target.author_token_hash, askerHash)) throw forbidden(ACCEPTED_ANSWER_MESSAGES.notAsker);
    if (target.type !== 'Question') throw badRequest(ACCEPTED_ANSWER_MESSAGES.notQuestion);
    if (commentId !== null && !(await postComments.isCommentOfPost(tx, postId, commentId))) {
      throw notFound(ACCEPTED_ANSWER_MESSAGES.commentNotFound);
    }
    if (target.accepted_comment_id !== commentId) {
      const post = await posts.setAcceptedComment(tx, postId, commentId);
      await writeEvent(tx, 'forum.post.updated', post);
    }
    return { post_id: postId, accepted_comment_id: commentId };
  });
}

/** What the calling visitor may do on a post: accept an answer when they asked this Question, edit what they wrote. 404 without the post. */
export async function viewerOf(
  ctx: ServiceContext,
  postId: number,
  visitorHash: Buffer | null,
): Promise<PostViewerResponse> {
  const post = await posts.postAuthorHash(ctx.sql, postId);
  // On an author's placeholder nobody edits the post, but commenters still may edit their comments.
  if (!post && !(await authorEdits.isPlaceholder(ctx, postId))) throw notFound(POST_MESSAGES.notFound);
  const author = post !== null && visitorHash !== null && sameVisitor(post.author_token_hash, visitorHash);
  // A hidden post is no post for anyone but its author (issue 26 item 4).
  const hidden = await authorHiddenView(ctx, postId, visitorHash, author);
  if (post?.hidden && !author) throw notFound(POST_MESSAGES.notFound);
  return {
    can_accept_answer: author && post.type === 'Question',
    can_edit: author,
    own_comment_ids: visitorHash === null ? [] : await postComments.commentIdsBy(ctx.sql, postId, visitorHash),
    ...hidden,
  };
}

/** Words of a typed title that search can use: letters and digits only (no tsquery syntax), at most a dozen. */
export function titleWords(title: string): string[] {
  const words = title.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words.filter((word) => word.length >= 2).map((word) => word.slice(0, 40)))].slice(0, 12);
}

/** Up to SIMILAR_POSTS.max posts whose titles share words with `title`, best match first. */
export async function similarPosts(ctx: ServiceContext, title: string): Promise<SimilarPost[]> {
  const words = titleWords(title);
  if (words.length === 0) return [];
  return postLists.similarPostsQuery(ctx.sql, words, SIMILAR_POSTS.max);
}
