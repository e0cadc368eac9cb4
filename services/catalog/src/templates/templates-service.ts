import {
  TEMPLATE_MESSAGES,
  type Template,
  type TemplateDownloadResponse,
  type TemplateSort,
} from '@wfm/contracts/catalog';
import { notFound, writeEvent, type ServiceContext } from '@wfm/service-kit';
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

export async function createTemplate(ctx: ServiceContext, input: NewTemplateInput, submitterHash: Buffer | null): Promise<Template> {
  return ctx.sql.begin(async (tx) => {
    const template = await templates.insertTemplate(tx, {
      name: input.name,
      category: input.category,
      shortDesc: input.short_desc,
      submittedBy: input.submitted_by,
      submitterHash,
      url: input.url,
      file: input.file,
    });
    await writeEvent(tx, 'catalog.template.created', template);
    return template;
  });
}

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
