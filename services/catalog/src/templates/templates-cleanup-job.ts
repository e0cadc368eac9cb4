import type { FastifyInstance } from 'fastify';
import { createPgUploadQuota, createPgUploadStore, type JobHandler, type ServiceJobs } from '@wfm/service-kit';

export const UPLOAD_CLEANUP_JOB = 'catalog.upload-cleanup';

/** Files deleted per batch; the job loops until a batch comes back short. */
const BATCH = 500;

/**
 * Deletes template files no template references (an upload whose template was never saved) once
 * older than the grace period, and prunes past days' upload quota counters.
 */
export function uploadCleanupHandler(app: FastifyInstance, now: () => number = Date.now): JobHandler {
  const store = createPgUploadStore(app.sql);
  const quota = createPgUploadQuota(app.sql);
  return {
    name: UPLOAD_CLEANUP_JOB,
    async run(_data, ctx) {
      const cutoff = now() - app.uploadSettings.cleanupGraceMs;
      let deleted = 0;
      for (;;) {
        const n = await store.deleteUnreferenced(cutoff, BATCH);
        deleted += n;
        if (n < BATCH) break;
      }
      const quotaRowsPruned = await quota.prune();
      if (deleted > 0) ctx.logger.info({ deleted, quotaRowsPruned }, 'unreferenced template files deleted');
      return { deleted, quotaRowsPruned };
    },
  };
}

/** The catalog's background jobs (ServiceDefinition.jobs). */
export function catalogJobs(app: FastifyInstance): ServiceJobs {
  return {
    handlers: [uploadCleanupHandler(app)],
    repeat: [{ name: UPLOAD_CLEANUP_JOB, everyMs: app.uploadSettings.cleanupEveryMs }],
  };
}
