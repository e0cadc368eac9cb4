import type { Db } from '@wfm/service-kit';
import type { AdminFeatureSuggestion, AdminReport } from '@wfm/contracts/forum';

export interface NewReport {
  kind: 'post' | 'help';
  postId: number | null;
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
}

export async function insertReport(db: Db, r: NewReport): Promise<{ id: number; created_at: number }> {
  const rows = await db<{ id: number; created_at: number }[]>`
    INSERT INTO reports (kind, post_id, title, category, priority, reason, contact_info, reporter_name,
                         is_anonymous, ticket_reference, duplicate)
    VALUES (${r.kind}, ${r.postId}, ${r.title}, ${r.category}, ${r.priority}, ${r.reason}, ${r.contactInfo},
            ${r.reporterName}, ${r.isAnonymous}, ${r.ticketReference}, ${r.duplicate})
    RETURNING id, created_at`;
  return rows[0]!;
}

/** Newest first; a post report shows the reported post's title while the post exists. */
export async function listReports(db: Db, page: { limit: number; offset: number }): Promise<AdminReport[]> {
  return db<AdminReport[]>`
    SELECT r.id, r.kind, r.post_id, COALESCE(r.title, p.title) AS title, r.category, r.priority, r.reason,
           r.contact_info, r.reporter_name, r.status, r.created_at, r.ticket_reference, r.duplicate
    FROM reports r LEFT JOIN posts p ON p.id = r.post_id
    ORDER BY r.created_at DESC, r.id DESC LIMIT ${page.limit} OFFSET ${page.offset}`;
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
