import type { Db } from '@wfm/service-kit';
import { templateFilePath, type Template, type TemplateSort } from '@wfm/contracts/catalog';

interface TemplateRow {
  id: number;
  name: string;
  category: string;
  short_desc: string;
  url: string | null;
  file_name: string | null;
  file_original_name: string | null;
  file_size: number | null;
  downloads: number;
  submitted_by: string;
  created_at: number;
}

const TEMPLATE_COLUMNS =
  'id, name, category, short_desc, url, file_name, file_original_name, file_size, downloads, submitted_by, created_at';

/** The stored file's name stays inside the service: answers carry the file's own path. */
function toTemplate(row: TemplateRow): Template {
  return {
    id: row.id,
    name: row.name,
    category: row.category,
    short_desc: row.short_desc,
    url: row.url,
    file_path: row.file_name === null ? null : templateFilePath(row.id),
    file_name: row.file_original_name,
    file_size: row.file_size,
    downloads: row.downloads,
    submitted_by: row.submitted_by,
    created_at: row.created_at,
  };
}

export interface NewTemplate {
  name: string;
  category: string;
  shortDesc: string;
  submittedBy: string;
  submitterHash: Buffer | null;
  url: string | null;
  file: { name: string; originalName: string; size: number } | null;
  /** The id reserved when the template was held for review (kit_held_items), given on its release. */
  id?: number | undefined;
}

/** Marks an uploaded file as referenced (kept by the cleanup job) or not (collected after its grace period). */
export async function markFileReferenced(db: Db, name: string, referenced: boolean): Promise<void> {
  await db`UPDATE uploads SET referenced = ${referenced} WHERE name = ${name}`;
}

/** Inserts the template and marks its file as referenced (so the cleanup job keeps it). */
export async function insertTemplate(db: Db, t: NewTemplate): Promise<Template> {
  const given = t.id !== undefined;
  const rows = await db<TemplateRow[]>`
    INSERT INTO templates (${given ? db`id, ` : db``}name, category, short_desc, url, file_name, file_original_name, file_size, submitted_by, submitter_hash)
    ${given ? db`OVERRIDING SYSTEM VALUE` : db``}
    VALUES (${given ? db`${t.id!}, ` : db``}${t.name}, ${t.category}, ${t.shortDesc}, ${t.url}, ${t.file?.name ?? null}, ${t.file?.originalName ?? null},
            ${t.file?.size ?? null}, ${t.submittedBy}, ${t.submitterHash})
    RETURNING ${db.unsafe(TEMPLATE_COLUMNS)}`;
  if (t.file) await db`UPDATE uploads SET referenced = true WHERE name = ${t.file.name}`;
  return toTemplate(rows[0]!);
}

export interface TemplateFilters {
  category?: string | undefined;
  tsquery?: string | undefined;
  sort: TemplateSort;
  limit: number;
  offset: number;
}

function orderClause(db: Db, sort: TemplateSort) {
  switch (sort) {
    case 'downloads':
      return db`downloads DESC, created_at DESC, id DESC`;
    case 'name':
      return db`lower(name), id`;
    case 'latest':
      return db`created_at DESC, id DESC`;
  }
}

/** The list query itself (tests EXPLAIN it). */
export function listTemplatesQuery(db: Db, f: TemplateFilters) {
  const conditions = [];
  if (f.category) conditions.push(db`category = ${f.category}`);
  if (f.tsquery) conditions.push(db`search @@ to_tsquery('simple', ${f.tsquery})`);
  const where = conditions.length === 0 ? db`TRUE` : conditions.reduce((all, c) => db`${all} AND ${c}`);
  return db<TemplateRow[]>`
    SELECT ${db.unsafe(TEMPLATE_COLUMNS)} FROM templates
    WHERE ${where}
    ORDER BY ${orderClause(db, f.sort)}
    LIMIT ${f.limit} OFFSET ${f.offset}`;
}

export async function listTemplates(db: Db, f: TemplateFilters): Promise<Template[]> {
  return (await listTemplatesQuery(db, f)).map(toTemplate);
}

/** Counts one download; null for an unknown template. */
export async function countDownload(db: Db, id: number): Promise<Template | null> {
  const rows = await db<TemplateRow[]>`
    UPDATE templates SET downloads = downloads + 1 WHERE id = ${id} RETURNING ${db.unsafe(TEMPLATE_COLUMNS)}`;
  return rows[0] ? toTemplate(rows[0]) : null;
}

/** The stored name of the template's file, or null (unknown template, or a link). */
export async function storedFileOf(db: Db, id: number): Promise<string | null> {
  const rows = await db<{ file_name: string | null }[]>`SELECT file_name FROM templates WHERE id = ${id}`;
  return rows[0]?.file_name ?? null;
}

/** Deletes the template; answers its file's stored name (null for a link), or null when there was none. */
export async function deleteTemplate(db: Db, id: number): Promise<{ file_name: string | null } | null> {
  const rows = await db<{ file_name: string | null }[]>`DELETE FROM templates WHERE id = ${id} RETURNING file_name`;
  return rows[0] ?? null;
}
