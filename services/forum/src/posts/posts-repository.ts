import type { Db } from '@wfm/service-kit';
import type { CentreSize, PostChannel, PostRegion, PostStatus, PostSummary, PostType, WfmPlatform } from '@wfm/contracts/forum';
import { SUMMARY_COLUMNS } from './posts-search-repository.ts';

// posts-service.ts reads every posts repository through one namespace (`posts.listComments`), so
// the comment and list/search queries it calls are re-exported here; each is defined (and imported
// by everything else) in its own module.
export { findComment, insertComment, isCommentOfPost, listComments, type CommentPosition } from './posts-comments-repository.ts';
export {
  countedByType,
  isRankedSearchPage,
  listPosts,
  pageKeysOf,
  pageKeysWithTypeTotalQuery,
  searchPageKeysQuery,
  similarPostsQuery,
  summariesWithVersions,
  type PageKeys,
  type PostFilters,
} from './posts-search-repository.ts';

/** The optional WFM fields of a post (issue 16); null or absent: not given. */
export interface WfmFields {
  channel?: PostChannel | null | undefined;
  platform?: WfmPlatform | null | undefined;
  centre_size?: CentreSize | null | undefined;
  region?: PostRegion | null | undefined;
}

export interface NewPost {
  type: PostType;
  title: string;
  body: string;
  authorName: string;
  authorTokenHash: Buffer | null;
  tags: string;
  toolLinks: string;
  attachments: string;
  status: PostStatus;
  wfm: WfmFields;
  /** The id reserved when the post was held for review (kit_held_items), given on its release. */
  id?: number | undefined;
}

export async function insertPost(db: Db, post: NewPost): Promise<PostSummary> {
  const given = post.id !== undefined;
  const rows = await db<PostSummary[]>`
    INSERT INTO posts (${given ? db`id, ` : db``}type, title, body, author_name, author_token_hash, tags, tool_links, attachments, status,
                       channel, platform, centre_size, region)
    ${given ? db`OVERRIDING SYSTEM VALUE` : db``}
    VALUES (${given ? db`${post.id!}, ` : db``}${post.type}, ${post.title}, ${post.body}, ${post.authorName}, ${post.authorTokenHash},
            ${post.tags}, ${post.toolLinks}, ${post.attachments}, ${post.status},
            ${post.wfm.channel ?? null}, ${post.wfm.platform ?? null}, ${post.wfm.centre_size ?? null}, ${post.wfm.region ?? null})
    RETURNING ${db.unsafe(SUMMARY_COLUMNS)}`;
  return rows[0]!;
}

export async function findPost(db: Db, id: number): Promise<PostSummary | null> {
  const rows = await db<PostSummary[]>`SELECT ${db.unsafe(SUMMARY_COLUMNS)} FROM posts WHERE id = ${id} AND hidden_at IS NULL`;
  return rows[0] ?? null;
}

/** Who asked the post and what it is, locked until the transaction ends (accepting an answer). */
export async function lockPostForAnswer(
  db: Db,
  id: number,
): Promise<{ type: PostType; author_token_hash: Buffer | null; accepted_comment_id: number | null } | null> {
  const rows = await db<{ type: PostType; author_token_hash: Buffer | null; accepted_comment_id: number | null }[]>`
    SELECT type, author_token_hash, accepted_comment_id FROM posts WHERE id = ${id} FOR UPDATE`;
  return rows[0] ?? null;
}

/** Sets (or clears, with null) the post's accepted comment; answers the post as it is now. */
export async function setAcceptedComment(db: Db, postId: number, commentId: number | null): Promise<PostSummary> {
  const rows = await db<PostSummary[]>`
    UPDATE posts SET accepted_comment_id = ${commentId} WHERE id = ${postId}
    RETURNING ${db.unsafe(SUMMARY_COLUMNS)}`;
  return rows[0]!;
}

/** The verified author of a post and whether it is hidden (null for no such post). */
export async function postAuthorHash(db: Db, id: number): Promise<{ type: PostType; author_token_hash: Buffer | null; hidden: boolean } | null> {
  const rows = await db<{ type: PostType; author_token_hash: Buffer | null; hidden: boolean }[]>`
    SELECT type, author_token_hash, hidden_at IS NOT NULL AS hidden FROM posts WHERE id = ${id}`;
  return rows[0] ?? null;
}

export async function postTitle(db: Db, id: number): Promise<string | null> {
  const rows = await db<{ title: string }[]>`SELECT title FROM posts WHERE id = ${id} AND hidden_at IS NULL`;
  return rows[0]?.title ?? null;
}

/**
 * Records the visitor's upvote. `added` is false when the visitor had already upvoted (the primary
 * key of post_upvotes decides, also between parallel requests). null when the post does not exist.
 */
export async function upvote(db: Db, postId: number, voterHash: Buffer): Promise<{ upvotes: number; added: boolean } | null> {
  const added = await db<{ upvotes: number }[]>`
    WITH vote AS (
      INSERT INTO post_upvotes (post_id, voter_hash)
      SELECT id, ${voterHash} FROM posts WHERE id = ${postId} AND hidden_at IS NULL
      ON CONFLICT DO NOTHING
      RETURNING post_id
    )
    UPDATE posts SET upvotes = upvotes + 1 FROM vote WHERE posts.id = vote.post_id RETURNING posts.upvotes`;
  if (added[0]) return { upvotes: added[0].upvotes, added: true };
  const current = await db<{ upvotes: number }[]>`SELECT upvotes FROM posts WHERE id = ${postId} AND hidden_at IS NULL`;
  return current[0] ? { upvotes: current[0].upvotes, added: false } : null;
}

export async function countPostsSince(db: Db, since: number): Promise<number> {
  const rows = await db<{ n: number }[]>`SELECT count(*)::int AS n FROM posts WHERE created_at >= ${since} AND hidden_at IS NULL`;
  return rows[0]!.n;
}

/**
 * A held post's files (attachments and /uploads/ links, as the posts trigger reads them) stay
 * referenced while it waits for review, so the cleanup job does not collect them before a release;
 * as for posts (migration 008), only files its verified author uploaded are pinned.
 */
export async function keepHeldPostFiles(db: Db, post: { attachments: string; body: string; authorTokenHash: Buffer | null }): Promise<void> {
  if (post.authorTokenHash === null) return;
  await db`
    UPDATE uploads SET referenced = true
    WHERE name = ANY(upload_names_in(${post.attachments}, ${post.body})) AND NOT referenced AND uploader_hash = ${post.authorTokenHash}`;
}

/**
 * After held post `heldId` is deleted: its files stay referenced only while a post or another held
 * post still names them (the cleanup job collects the rest).
 */
export async function releaseHeldPostFiles(db: Db, heldId: number, post: { attachments: string; body: string }): Promise<void> {
  await db`
    UPDATE uploads u SET referenced = EXISTS (
        SELECT 1 FROM posts p
        WHERE p.author_token_hash = u.uploader_hash AND u.name = ANY(upload_names_in(p.attachments, p.body)))
      OR EXISTS (
        SELECT 1 FROM kit_held_items h
        WHERE h.kind = 'post' AND h.state = 'held' AND h.id <> ${heldId} AND h.author_token_hash = u.uploader_hash
          AND u.name = ANY(upload_names_in(h.payload->>'attachments', h.payload->>'body')))
    WHERE u.name = ANY(upload_names_in(${post.attachments}, ${post.body}))`;
}

