import { establishedVisitor, type Db } from '@wfm/service-kit';
import type { HiddenReason, PostSummary } from '@wfm/contracts/forum';
import { SUMMARY_COLUMNS } from '../posts/posts-search-repository.ts';

/** Why, by whom (staff username; null for reports) and when a post or comment is hidden. */
export interface HideMark {
  reason: HiddenReason;
  by: string | null;
  at: number;
}

/** A hidden row's state as its author and staff read it. */
export interface HiddenRow {
  hidden_at: number | null;
  hidden_reason: HiddenReason | null;
}

type Change<T> = T | 'unchanged' | null;

/** Hides a visible post: 'hidden', 'unchanged' when it already was, null when there is no such post. */
export async function hidePost(db: Db, id: number, mark: HideMark): Promise<Change<'hidden'>> {
  const rows = await db`
    UPDATE posts SET hidden_at = ${mark.at}, hidden_reason = ${mark.reason}, hidden_by = ${mark.by}
    WHERE id = ${id} AND hidden_at IS NULL RETURNING id`;
  if (rows.length > 0) return 'hidden';
  return (await db`SELECT 1 FROM posts WHERE id = ${id}`).length > 0 ? 'unchanged' : null;
}

/** Shows a hidden post again: its summary, 'unchanged' when it was visible, null when there is no such post. */
export async function unhidePost(db: Db, id: number): Promise<Change<PostSummary>> {
  const rows = await db<PostSummary[]>`
    UPDATE posts SET hidden_at = NULL, hidden_reason = NULL, hidden_by = NULL
    WHERE id = ${id} AND hidden_at IS NOT NULL RETURNING ${db.unsafe(SUMMARY_COLUMNS)}`;
  if (rows[0]) return rows[0];
  return (await db`SELECT 1 FROM posts WHERE id = ${id}`).length > 0 ? 'unchanged' : null;
}

/** Hides a visible comment: its post's id, 'unchanged' when it already was hidden, null when there is no such comment. */
export async function hideComment(db: Db, id: number, mark: HideMark): Promise<Change<{ post_id: number }>> {
  const rows = await db<{ post_id: number }[]>`
    UPDATE comments SET hidden_at = ${mark.at}, hidden_reason = ${mark.reason}, hidden_by = ${mark.by}
    WHERE id = ${id} AND hidden_at IS NULL RETURNING post_id`;
  if (rows[0]) return rows[0];
  return (await db`SELECT 1 FROM comments WHERE id = ${id}`).length > 0 ? 'unchanged' : null;
}

export async function unhideComment(db: Db, id: number): Promise<Change<{ post_id: number }>> {
  const rows = await db<{ post_id: number }[]>`
    UPDATE comments SET hidden_at = NULL, hidden_reason = NULL, hidden_by = NULL
    WHERE id = ${id} AND hidden_at IS NOT NULL RETURNING post_id`;
  if (rows[0]) return rows[0];
  return (await db`SELECT 1 FROM comments WHERE id = ${id}`).length > 0 ? 'unchanged' : null;
}

/** A post's public comment count moves with its visible comments; the post's summary after it (null when gone). */
export async function moveCommentCount(db: Db, postId: number, delta: 1 | -1): Promise<PostSummary | null> {
  const rows = await db<PostSummary[]>`
    UPDATE posts SET comment_count = greatest(comment_count + ${delta}, 0) WHERE id = ${postId}
    RETURNING ${db.unsafe(SUMMARY_COLUMNS)}`;
  return rows[0] ?? null;
}

/**
 * Locks the reported post or comment for the auto-hide count (parallel reports of one target take
 * turns, so exactly one of them hides it); its hidden state, or null when it is gone.
 */
export async function lockForCount(db: Db, target: { kind: 'post' | 'comment'; id: number }): Promise<HiddenRow | null> {
  const rows =
    target.kind === 'post'
      ? await db<HiddenRow[]>`SELECT hidden_at, hidden_reason FROM posts WHERE id = ${target.id} FOR UPDATE`
      : await db<HiddenRow[]>`SELECT hidden_at, hidden_reason FROM comments WHERE id = ${target.id} FOR UPDATE`;
  return rows[0] ?? null;
}

/**
 * Reporters of a post or comment that count towards auto-hide, among its New reports: each
 * established reporter (kit established-visitors) counts once, with the address of their first
 * report, and each address (keyed hash of an IPv4 address or IPv6 /64) counts once. So many
 * tokens on one address count one, and tokens minted today count from tomorrow.
 */
export async function countingReporters(db: Db, target: { kind: 'post' | 'comment'; id: number }, now: number): Promise<number> {
  const about = target.kind === 'post' ? db`r.kind = 'post' AND r.post_id = ${target.id}` : db`r.kind = 'comment' AND r.comment_id = ${target.id}`;
  const rows = await db<{ n: number }[]>`
    SELECT count(DISTINCT address)::int AS n FROM (
      SELECT DISTINCT ON (r.reporter_hash) r.reporter_address_hash AS address
      FROM reports r
      WHERE ${about} AND r.status = 'New' AND r.reporter_hash IS NOT NULL AND r.reporter_address_hash IS NOT NULL
        AND ${establishedVisitor(db, 'r.reporter_hash', now)}
      ORDER BY r.reporter_hash, r.id
    ) AS firsts`;
  return rows[0]!.n;
}

/** The visible posts and comments of one author (a suspension that hides their content). */
export async function visibleContentOf(db: Db, authorHash: Buffer): Promise<{ posts: number[]; comments: number[] }> {
  const [posts, comments] = await Promise.all([
    db<{ id: number }[]>`SELECT id FROM posts WHERE author_token_hash = ${authorHash} AND hidden_at IS NULL ORDER BY id`,
    db<{ id: number }[]>`SELECT id FROM comments WHERE author_token_hash = ${authorHash} AND hidden_at IS NULL ORDER BY id`,
  ]);
  return { posts: posts.map((r) => r.id), comments: comments.map((r) => r.id) };
}

/** The posts and comments of one author that a suspension hid (reason 'suspension'). */
export async function suspensionHiddenContentOf(db: Db, authorHash: Buffer): Promise<{ posts: number[]; comments: number[] }> {
  const [posts, comments] = await Promise.all([
    db<{ id: number }[]>`SELECT id FROM posts WHERE author_token_hash = ${authorHash} AND hidden_reason = 'suspension' ORDER BY id`,
    db<{ id: number }[]>`SELECT id FROM comments WHERE author_token_hash = ${authorHash} AND hidden_reason = 'suspension' ORDER BY id`,
  ]);
  return { posts: posts.map((r) => r.id), comments: comments.map((r) => r.id) };
}

/** Closes the other New reports of the same content (a moderator reviewed it and dismissed the reports). */
export async function dismissSiblingReports(
  db: Db,
  report: { id: number; kind: 'post' | 'comment'; post_id: number | null; comment_id: number | null },
  decision: { decidedBy: string; at: number },
): Promise<void> {
  const about =
    report.kind === 'post' ? db`kind = 'post' AND post_id = ${report.post_id}` : db`kind = 'comment' AND comment_id = ${report.comment_id}`;
  await db`
    UPDATE reports SET status = 'Dismissed', decided_by = ${decision.decidedBy}, decided_at = ${decision.at}
    WHERE ${about} AND status = 'New' AND id <> ${report.id}`;
}

/** A post with its hidden state, for its author's viewer answer (hidden ones only). */
export async function hiddenPost(db: Db, id: number): Promise<(PostSummary & HiddenRow) | null> {
  const rows = await db<(PostSummary & HiddenRow)[]>`
    SELECT ${db.unsafe(SUMMARY_COLUMNS)}, hidden_at, hidden_reason FROM posts WHERE id = ${id} AND hidden_at IS NOT NULL`;
  return rows[0] ?? null;
}

/** One author's hidden comments on a post, oldest first. */
export async function hiddenCommentsBy(db: Db, postId: number, authorHash: Buffer) {
  return db<Array<{ id: number; body: string; author_name: string; created_at: number; hidden_at: number; hidden_reason: HiddenReason }>>`
    SELECT id, body, author_name, created_at, hidden_at, hidden_reason FROM comments
    WHERE post_id = ${postId} AND author_token_hash = ${authorHash} AND hidden_at IS NOT NULL
    ORDER BY created_at, id`;
}

/** Why a post or comment is hidden now (null: visible or gone). */
export async function hiddenReasonOf(db: Db, target: { kind: 'post' | 'comment'; id: number }): Promise<HiddenReason | null> {
  const rows =
    target.kind === 'post'
      ? await db<HiddenRow[]>`SELECT hidden_at, hidden_reason FROM posts WHERE id = ${target.id}`
      : await db<HiddenRow[]>`SELECT hidden_at, hidden_reason FROM comments WHERE id = ${target.id}`;
  return rows[0]?.hidden_reason ?? null;
}
