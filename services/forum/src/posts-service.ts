import type { Sql } from '@wfm/service-kit';
import { notFound, writeEvent } from '@wfm/service-kit';
import {
  COMMENT_PAGE,
  POST_MESSAGES,
  type Comment,
  type CommentPage,
  type CreatePostInput,
  type ListPostsResponse,
  type PostDetail,
  type PostSort,
  type PostType,
} from '@wfm/contracts/forum';
import * as posts from './post-repository.ts';

export const ANONYMOUS = 'Anonymous';
const DAY_MS = 86_400_000;

export async function createPost(sql: Sql, input: CreatePostInput, authorTokenHash: Buffer | null): Promise<number> {
  const toolLinks = input.tool_links.filter((link) => link.url !== '' || link.name !== '');
  if (input.tool_url) toolLinks.push({ name: input.tool_name ?? '', url: input.tool_url });
  const attachments = input.attachments.map((a) => ({
    url: a.url,
    originalName: a.originalName,
    mimetype: a.mimetype,
    size: a.size,
    ...(a.filename === undefined ? {} : { filename: a.filename }),
  }));
  return sql.begin(async (tx) => {
    const post = await posts.insertPost(tx, {
      type: input.type,
      title: input.title,
      body: input.body,
      authorName: input.isAnonymous ? ANONYMOUS : input.author_name,
      authorTokenHash,
      tags: input.tags,
      toolLinks: JSON.stringify(toolLinks),
      attachments: JSON.stringify(attachments),
      status: input.status,
    });
    await writeEvent(tx, 'forum.post.created', post);
    return post.id;
  });
}

export interface ListPostsInput {
  type?: PostType | undefined;
  sort: PostSort;
  q?: string | undefined;
  author_name?: string | undefined;
  anon_token?: string | undefined;
  start_date?: number | undefined;
  end_date?: number | undefined;
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
 * `visitorHashOf` is the kit's app.verifyVisitor: My Posts (anon_token) lists the posts of a token
 * identity issued; any other value lists nothing, never an error.
 */
export async function listPosts(
  sql: Sql,
  query: ListPostsInput,
  visitorHashOf: (token: string) => Buffer | null,
): Promise<ListPostsResponse> {
  const authorTokenHash = query.anon_token ? visitorHashOf(query.anon_token) : undefined;
  if (authorTokenHash === null) return { posts: [], total: 0 };
  return posts.listPosts(
    sql,
    {
      type: query.type,
      sort: query.sort,
      q: query.q || undefined,
      authorName: query.author_name || undefined,
      authorTokenHash,
      from: query.start_date,
      to: query.end_date === undefined ? undefined : inclusiveEnd(query.end_date),
    },
    { limit: query.limit, offset: query.offset },
  );
}

/** `<created_at>-<id>` of the last comment given, when more follow. */
const cursorAfter = (comments: Comment[], more: boolean): string | null => {
  const last = comments.at(-1);
  return more && last ? `${last.created_at}-${last.id}` : null;
};

/** The contract's regex has checked the shape; both parts are safe integers. */
function parseCursor(cursor: string): posts.CommentPosition {
  const [createdAt, id] = cursor.split('-');
  return { createdAt: Number(createdAt), id: Number(id) };
}

/** The post with the first page of its comments and the cursor of the next page. */
export async function getPost(sql: Sql, id: number): Promise<PostDetail> {
  const [post, page] = await Promise.all([
    posts.findPost(sql, id),
    posts.listComments(sql, id, { limit: COMMENT_PAGE.default }),
  ]);
  if (!post) throw notFound(POST_MESSAGES.notFound);
  return { ...post, comments: page.comments, comments_next_cursor: cursorAfter(page.comments, page.more) };
}

/** The comments after `after` (a cursor from the detail or the previous page); 404 without the post. */
export async function listPostComments(
  sql: Sql,
  id: number,
  query: { after?: string | undefined; limit: number },
): Promise<CommentPage> {
  const page = await posts.listComments(sql, id, {
    after: query.after === undefined ? undefined : parseCursor(query.after),
    limit: query.limit,
  });
  // A page with comments proves the post exists (comments go with their post).
  if (page.comments.length === 0 && (await posts.postTitle(sql, id)) === null) throw notFound(POST_MESSAGES.notFound);
  return { comments: page.comments, next_cursor: cursorAfter(page.comments, page.more) };
}

export async function upvotePost(sql: Sql, id: number, voterHash: Buffer): Promise<{ upvotes: number }> {
  return sql.begin(async (tx) => {
    const result = await posts.upvote(tx, id, voterHash);
    if (!result) throw notFound(POST_MESSAGES.notFound);
    if (result.added) await writeEvent(tx, 'forum.post.upvoted', { post_id: id, upvotes: result.upvotes });
    return { upvotes: result.upvotes };
  });
}

export async function addComment(
  sql: Sql,
  input: { post_id: number; body: string; author_name: string; isAnonymous: boolean },
  authorTokenHash: Buffer | null,
): Promise<Comment> {
  return sql.begin(async (tx) => {
    const comment = await posts.insertComment(tx, {
      postId: input.post_id,
      body: input.body,
      authorName: input.isAnonymous ? ANONYMOUS : input.author_name,
      authorTokenHash,
    });
    if (!comment) throw notFound(POST_MESSAGES.notFound);
    await writeEvent(tx, 'forum.comment.created', comment);
    return comment;
  });
}
