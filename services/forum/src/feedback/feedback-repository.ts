import type { Db } from '@wfm/service-kit';
import type { AdminFeatureSuggestion, AdminReport, PostSummary, ReportStatus } from '@wfm/contracts/forum';
import { SUMMARY_COLUMNS } from '../posts/posts-search-repository.ts';

export interface NewReport {
  kind: 'post' | 'comment' | 'help';
  postId: number | null;
  commentId: number | null;
  /** The reported content's author (keyed forum hash), for "the author's other recent reports". */
  contentAuthorHash: Buffer | null;
  title: string | null;
  category: string | null;
  priority: string | null;
  reason: string;
  contactInfo: string | null;
  reporterName: string;
  isAnonymous: boolean;
  ticketReference: string;
  /** Many visitors sent the same text within the hour (ctx.duplicates): flagged in the admin list. */
  duplicate: boolean;
  /** The reporter's forum hash and keyed address hash (content reports; auto-hide counts them). */
  reporterHash: Buffer | null;
  reporterAddressHash: Buffer | null;
}

export async function insertReport(db: Db, r: NewReport): Promise<{ id: number; created_at: number }> {
  const rows = await db<{ id: number; created_at: number }[]>`
    INSERT INTO reports (kind, post_id, comment_id, content_author_hash, title, category, priority, reason,
                         contact_info, reporter_name, is_anonymous, ticket_reference, duplicate, reporter_hash, reporter_address_hash)
    VALUES (${r.kind}, ${r.postId}, ${r.commentId}, ${r.contentAuthorHash}, ${r.title}, ${r.category}, ${r.priority}, ${r.reason}, ${r.contactInfo},
            ${r.reporterName}, ${r.isAnonymous}, ${r.ticketReference}, ${r.duplicate}, ${r.reporterHash}, ${r.reporterAddressHash})
    RETURNING id, created_at`;
  return rows[0]!;
}

const THIRTY_DAYS_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Newest first, optionally one status. A post or comment report shows the reported post's title
 * and the reported content while it exists, and how many other reports the content's author drew
 * in the last 30 days (other reports: not this one; any content of theirs).
 */
export async function listReports(
  db: Db,
  page: { limit: number; offset: number; status?: ReportStatus | undefined },
): Promise<AdminReport[]> {
  const status = page.status === undefined ? db`` : db`WHERE r.status = ${page.status}`;
  return db<AdminReport[]>`
    SELECT r.id, r.kind, r.post_id, r.comment_id, COALESCE(r.title, p.title) AS title,
           left(CASE WHEN r.kind = 'comment' THEN c.body ELSE p.body END, 500) AS content,
           r.category, r.priority, r.reason, r.contact_info, r.reporter_name, r.status, r.decided_by, r.decided_at,
           CASE WHEN r.content_author_hash IS NULL THEN 0 ELSE (
             SELECT count(*)::int FROM reports o
             WHERE o.content_author_hash = r.content_author_hash AND o.id <> r.id
               AND o.created_at > r.created_at - ${THIRTY_DAYS_MS}) END AS author_recent_reports,
           r.created_at, r.ticket_reference, r.duplicate,
           CASE r.kind WHEN 'comment' THEN c.hidden_reason WHEN 'post' THEN p.hidden_reason END AS content_hidden
    FROM reports r LEFT JOIN posts p ON p.id = r.post_id LEFT JOIN comments c ON c.id = r.comment_id
    ${status}
    ORDER BY r.created_at DESC, r.id DESC LIMIT ${page.limit} OFFSET ${page.offset}`;
}

export interface ReportTarget {
  id: number;
  kind: 'post' | 'comment' | 'help';
  post_id: number | null;
  comment_id: number | null;
  status: ReportStatus;
}

/** The report, locked for the decision (two moderators deciding at once take turns). */
export async function lockReport(db: Db, id: number): Promise<ReportTarget | null> {
  const rows = await db<ReportTarget[]>`
    SELECT id, kind, post_id, comment_id, status FROM reports WHERE id = ${id} FOR UPDATE`;
  return rows[0] ?? null;
}

export async function decideReport(
  db: Db,
  id: number,
  decision: { status: ReportStatus; decidedBy: string; at: number },
): Promise<void> {
  await db`UPDATE reports SET status = ${decision.status}, decided_by = ${decision.decidedBy}, decided_at = ${decision.at}
           WHERE id = ${id}`;
}

/** A comment's post and author, or null when there is no such comment. */
export async function commentForReport(db: Db, id: number): Promise<{ post_id: number; author_token_hash: Buffer | null } | null> {
  const rows = await db<{ post_id: number; author_token_hash: Buffer | null }[]>`
    SELECT post_id, author_token_hash FROM comments WHERE id = ${id}`;
  return rows[0] ?? null;
}

export async function postAuthorForReport(db: Db, id: number): Promise<{ author_token_hash: Buffer | null } | null> {
  const rows = await db<{ author_token_hash: Buffer | null }[]>`SELECT author_token_hash FROM posts WHERE id = ${id}`;
  return rows[0] ?? null;
}

export interface NewSuggestion {
  referenceNumber: string;
  title: string;
  description: string;
  authorName: string;
  email: string | null;
  contactMethod: string | null;
  priority: string;
  isAnonymous: boolean;
  /** Many visitors sent the same text within the hour (ctx.duplicates): flagged in the admin list. */
  duplicate: boolean;
}

export async function insertSuggestion(db: Db, s: NewSuggestion): Promise<{ id: number; created_at: number }> {
  const rows = await db<{ id: number; created_at: number }[]>`
    INSERT INTO feature_suggestions (reference_number, title, description, author_name, email, contact_method,
                                     priority, is_anonymous, duplicate)
    VALUES (${s.referenceNumber}, ${s.title}, ${s.description}, ${s.authorName}, ${s.email}, ${s.contactMethod},
            ${s.priority}, ${s.isAnonymous}, ${s.duplicate})
    RETURNING id, created_at`;
  return rows[0]!;
}

export async function listSuggestions(db: Db, page: { limit: number; offset: number }): Promise<AdminFeatureSuggestion[]> {
  return db<AdminFeatureSuggestion[]>`
    SELECT id, reference_number, title, description, author_name, email, contact_method, priority, status, created_at, duplicate
    FROM feature_suggestions
    ORDER BY created_at DESC, id DESC LIMIT ${page.limit} OFFSET ${page.offset}`;
}

/** Deletes a comment; its post's id and whether it was hidden (no longer counted), or null when it was already gone. */
export async function deleteCommentRow(tx: Db, id: number): Promise<{ post_id: number; hidden: boolean } | null> {
  const rows = await tx<{ post_id: number; hidden: boolean }[]>`
    DELETE FROM comments WHERE id = ${id} RETURNING post_id, hidden_at IS NOT NULL AS hidden`;
  return rows[0] ?? null;
}

/** One comment fewer on a post; the post's summary after it (null when the post is gone). */
export async function dropCommentCount(tx: Db, postId: number): Promise<PostSummary | null> {
  const summary = await tx<PostSummary[]>`
    UPDATE posts SET comment_count = greatest(comment_count - 1, 0) WHERE id = ${postId}
    RETURNING ${tx.unsafe(SUMMARY_COLUMNS)}`;
  return summary[0] ?? null;
}
