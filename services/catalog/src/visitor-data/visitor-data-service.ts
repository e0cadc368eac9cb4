import type { Db, ServiceContext, VisitorRecords } from '@wfm/service-kit';
import { removePoll } from '../polls/polls-service.ts';
import { removeTemplate } from '../templates/templates-service.ts';
import { removeTool } from '../tools/tools-service.ts';
import * as repo from './visitor-data-repository.ts';

export async function exportCatalog(ctx: ServiceContext, visitor: Buffer): Promise<VisitorRecords> {
  return repo.recordsOf(ctx.sql, visitor);
}

/** One transaction per item, each through the delete staff use (its event drops caches and tells open pages). */
async function removeEach(ctx: ServiceContext, ids: number[], remove: (tx: Db, ctx: ServiceContext, id: number) => Promise<boolean>) {
  let removed = 0;
  for (const id of ids) if (await ctx.sql.begin((tx) => remove(tx, ctx, id))) removed += 1;
  return removed;
}

/** Deletes the visitor's tools, templates and polls; their votes on others' items stay (docs/decisions.md). */
export async function eraseCatalog(ctx: ServiceContext, visitor: Buffer): Promise<Record<string, number>> {
  const ids = await repo.contentIdsOf(ctx.sql, visitor);
  return {
    tools: await removeEach(ctx, ids.tools, removeTool),
    templates: await removeEach(ctx, ids.templates, removeTemplate),
    polls: await removeEach(ctx, ids.polls, removePoll),
  };
}
