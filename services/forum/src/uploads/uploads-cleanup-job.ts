import type { FastifyInstance } from 'fastify';
import {
  createPgUploadQuota,
  createPgUploadStore,
  type JobHandler,
  type ServiceJobs,
  type UploadQuota,
  type UploadStore,
} from '@wfm/service-kit';

export const UPLOAD_CLEANUP_JOB = 'forum.upload-cleanup';

/** Files deleted per batch; the job loops until a batch comes back short. */
const BATCH = 500;

export interface UploadCleanupResult {
  deleted: number;
  quotaRowsPruned: number;
}

/**
 * Deletes attachments no post references (uploads.referenced, kept by a trigger on posts) once
 * they are older than the grace period, unfinished uploads included, and prunes past days' quota
 * counters. Runs with the forum's own pool, so only forum tables are touched.
 */
export function createUploadCleanupHandler(deps: {
  store: UploadStore;
  quota: UploadQuota;
  graceMs: number;
  now?: () => number;
}): JobHandler {
  return {
    name: UPLOAD_CLEANUP_JOB,
    async run(_data, ctx): Promise<UploadCleanupResult> {
      const cutoff = (deps.now ?? Date.now)() - deps.graceMs;
      let deleted = 0;
      for (;;) {
        const n = await deps.store.deleteUnreferenced(cutoff, BATCH);
        deleted += n;
        if (n < BATCH) break;
      }
      const quotaRowsPruned = await deps.quota.prune();
      if (deleted > 0) ctx.logger.info({ deleted, quotaRowsPruned }, 'unreferenced uploads deleted');
      return { deleted, quotaRowsPruned };
    },
  };
}

/** The forum's background jobs (ServiceDefinition.jobs): the hourly cleanup of unreferenced uploads. */
export function uploadsJobs(app: FastifyInstance): ServiceJobs {
  const settings = app.uploadSettings;
  return {
    handlers: [
      createUploadCleanupHandler({
        store: createPgUploadStore(app.sql),
        quota: createPgUploadQuota(app.sql),
        graceMs: settings.cleanupGraceMs,
      }),
    ],
    repeat: [{ name: UPLOAD_CLEANUP_JOB, everyMs: settings.cleanupEveryMs }],
  };
}
