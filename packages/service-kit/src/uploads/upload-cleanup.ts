import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { ServiceDefinition } from '../app.ts';
import { contextOf, type ServiceContext } from '../context.ts';
import type { Sql } from '../db.ts';
import type { TaskHandler, ServiceTasks } from '../tasks/task-runner.ts';
import { createPgUploadQuota } from './upload-quota.ts';
import type { UploadSettings } from './upload-settings.ts';
import { createPgUploadStore } from './upload-store.ts';

/** Files deleted per statement; the cleanup repeats until a batch comes back short. */
export const UPLOAD_CLEANUP_BATCH = 500;

/** The cleanup job's name on the service's queue: `<schema>.upload-cleanup` (forum.upload-cleanup, ama.upload-cleanup). */
export const uploadCleanupJobName = (schema: string): string => `${schema}.upload-cleanup`;

export interface UploadCleanupResult {
  deleted: number;
  quotaRowsPruned: number;
}

export interface UploadCleanupDeps {
  /** The service's pool: its schema's uploads and upload_quota. */
  sql: Sql;
  settings: Pick<UploadSettings, 'cleanupGraceMs'>;
  log?: Logger | undefined;
  now?: (() => number) | undefined;
  /** Files per delete statement; default UPLOAD_CLEANUP_BATCH. */
  batch?: number | undefined;
}

/**
 * One cleanup run: deletes every file nothing references (uploads.referenced, kept by the service)
 * older than the grace period, unfinished uploads included, a batch at a time until none is left,
 * then prunes past days' quota counters.
 */
export async function cleanUpUploads(deps: UploadCleanupDeps): Promise<UploadCleanupResult> {
  const store = createPgUploadStore(deps.sql);
  const batch = deps.batch ?? UPLOAD_CLEANUP_BATCH;
  const cutoff = (deps.now ?? Date.now)() - deps.settings.cleanupGraceMs;
  let deleted = 0;
  for (;;) {
    const n = await store.deleteUnreferenced(cutoff, batch);
    deleted += n;
    if (n < batch) break;
  }
  const quotaRowsPruned = await createPgUploadQuota(deps.sql).prune();
  if (deleted > 0) deps.log?.info({ deleted, quotaRowsPruned }, 'unreferenced uploads deleted');
  return { deleted, quotaRowsPruned };
}

/**
 * The background job of a service that stores uploads (added by the kit when its definition says
 * `uploads: true`): cleanUpUploads every `settings.cleanupEveryMs` on the service's own queue.
 */
export function uploadCleanupTasks(
  deps: Omit<UploadCleanupDeps, 'log' | 'settings'> & { schema: string; settings: UploadSettings },
): ServiceTasks {
  const name = uploadCleanupJobName(deps.schema);
  const handler: TaskHandler = {
    name,
    run: async (_data, job) => cleanUpUploads({ ...deps, log: job.logger }),
  };
  return { handlers: [handler], repeat: [{ name, everyMs: deps.settings.cleanupEveryMs }] };
}

/**
 * The background jobs a service runs: its definition's own, plus the upload cleanup when it stores
 * uploads; undefined when there are none.
 */
export function serviceTasksOf<C extends ServiceContext>(
  def: Pick<ServiceDefinition<C>, 'schema' | 'tasks' | 'uploads'>,
  app: FastifyInstance,
): ServiceTasks | undefined {
  const ctx = contextOf<C>(app);
  const own = def.tasks?.(ctx);
  if (!def.uploads) return own;
  // The service's clock, as every other rule of the service reads it.
  const cleanup = uploadCleanupTasks({ sql: ctx.sql, schema: def.schema, settings: ctx.uploadSettings, now: ctx.now });
  return {
    handlers: [...(own?.handlers ?? []), ...cleanup.handlers],
    repeat: [...(own?.repeat ?? []), ...(cleanup.repeat ?? [])],
  };
}
