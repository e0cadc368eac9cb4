import { fileURLToPath } from 'node:url';
import type { ServiceDefinition } from '@wfm/service-kit';
import { jobsEnvSchema } from './env.ts';
import { expiryJobs } from './postings/postings-expiry-job.ts';
import { postingsRoutes } from './postings/postings-routes.ts';
import { postingsStaffRoutes } from './postings/postings-staff-routes.ts';
import type { Clock } from './postings/postings-service.ts';
import { JOBS_LIMITS } from './rate-limits.ts';

/** The jobs service; `now` is its clock (tests move it to see jobs expire). */
export function createJobsService(opts: { now?: Clock } = {}): ServiceDefinition {
  const now = opts.now ?? Date.now;
  return {
    name: 'jobs',
    schema: 'jobs',
    migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
    env: jobsEnvSchema,
    limits: JOBS_LIMITS,
    routes: async (app) => {
      await app.register(postingsRoutes(now));
      await app.register(postingsStaffRoutes(now));
    },
    jobs: expiryJobs(now),
  };
}

export const service: ServiceDefinition = createJobsService();

export default service;
