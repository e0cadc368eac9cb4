import {
  TEMPLATE_MESSAGES,
  templateFilePath,
  type CreateTemplateResponse,
  type Template,
  type TemplateDownloadResponse,
  type TemplateSort,
} from '@wfm/contracts/catalog';
import { heldAnswer, holdWrite, notFound, writeEvent, type Db, type HeldRelease, type ServiceContext } from '@wfm/service-kit';
import { prefixQuery } from '../search/search-query.ts';
import * as templates from './templates-repository.ts';

export interface NewTemplateInput {
  name: string;
  category: string;
  short_desc: string;
  submitted_by: string;
  url: string | null;
  file: { name: string; originalName: string; size: number } | null;
}

/**
 * Adds the template, or holds it for staff review when many visitors submit the same description
 * (ctx.duplicates; `writer` is who it counts). A held template's file stays referenced while it
 * waits, so the cleanup job keeps it; deleting the held template lets the job collect it.
 */
export async function createTemplate(
  ctx: ServiceContext,
  input: NewTemplateInput,
  submitterHash: Buffer | null,
  writer: string,
): Promise<CreateTemplateResponse> {
  const row = {
    name: input.name,
    category: input.category,
    shortDesc: input.short_desc,
    submittedBy: input.submitted_by,
    url: input.url,
    file: input.file,
  };
  const verdict = await ctx.duplicates.check(input.short_desc, writer);
  return ctx.sql.begin(async (tx) => {
    if (verdict.held) {
      const id = await holdWrite(tx, ctx, {
        kind: 'template',
        table: 'templates',
        payload: row,
        authorTokenHash: submitterHash,
        title: row.url ? `${row.name} (${row.url})` : `${row.name} (file ${row.file?.originalName ?? ''})`,
        body: row.shortDesc,
        authorName: row.submittedBy,
        copies: verdict.copies,
      });
      if (row.file) await templates.markFileReferenced(tx, row.file.name, true);
      const template: Template = {
        id,
        name: row.name,
        category: row.category,
        short_desc: row.shortDesc,
        url: row.url,
        file_path: row.file ? templateFilePath(id) : null,
        file_name: row.file?.originalName ?? null,
        file_size: row.file?.size ?? null,
        downloads: 0,
        submitted_by: row.submittedBy,
        created_at: ctx.now(),
      };
      return { ...template, ...heldAnswer };
    }
    const template = await templates.insertTemplate(tx, { ...row, submitterHash });
    await writeEvent(tx, 'catalog.template.created', template);
    return template;
  });
}

type HeldTemplate = Omit<templates.NewTemplate, 'submitterHash' | 'id'>;

/** Publishes a held template under its reserved id, as createTemplate would have (staff release). */
export const releaseTemplate: HeldRelease = async (tx, item) => {
  const template = await templates.insertTemplate(tx, { ...(item.payload as HeldTemplate), submitterHash: item.author_token_hash, id: item.item_id });
  await writeEvent(tx, 'catalog.template.created', template);
};

/**
 * Deletes the template with its event (the library list drops it); an uploaded file it held is no
 * longer referenced, so the cleanup job collects it. False when there was none. ("Your data" erase.)
 */
export async function removeTemplate(tx: Db, ctx: ServiceContext, id: number): Promise<boolean> {
  const removed = await templates.deleteTemplate(tx, id);
  if (!removed) return false;
  if (removed.file_name) await templates.markFileReferenced(tx, removed.file_name, false);
  await writeEvent(tx, 'catalog.template.deleted', { id, at: ctx.now() });
  return true;
}

/** A deleted held template's file is no longer referenced: the cleanup job collects it. */
export const forgetHeldTemplate: HeldRelease = async (tx, item) => {
  const { file } = item.payload as HeldTemplate;
  if (file) await templates.markFileReferenced(tx, file.name, false);
};

export interface ListTemplatesInput {
  category?: string | undefined;
  q?: string | undefined;
  sort: TemplateSort;
  limit: number;
  offset: number;
}

export function listTemplates(ctx: ServiceContext, input: ListTemplatesInput): Promise<Template[]> {
  return templates.listTemplates(ctx.sql, { ...input, tsquery: prefixQuery(input.q) });
}

/** Counts a download and says where the file or page is. */
export async function download(ctx: ServiceContext, id: number): Promise<TemplateDownloadResponse> {
  return ctx.sql.begin(async (tx) => {
    const t = await templates.countDownload(tx, id);
    if (!t) throw notFound(TEMPLATE_MESSAGES.notFound);
    await writeEvent(tx, 'catalog.template.downloaded', { template_id: id, downloads: t.downloads });
    const location = t.url ?? t.file_path;
    if (location === null) throw notFound(TEMPLATE_MESSAGES.nothingToDownload);
    return { downloads: t.downloads, location, kind: t.url === null ? 'file' : 'url', name: t.name };
  });
}

export async function storedFileOf(ctx: ServiceContext, id: number): Promise<string> {
  const name = await templates.storedFileOf(ctx.sql, id);
  if (name === null) throw notFound(TEMPLATE_MESSAGES.notFound);
  return name;
}
