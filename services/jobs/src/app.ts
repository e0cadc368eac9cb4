import { fileURLToPath } from 'node:url';
import { suspendAuthorRoutes, type ServiceDefinition } from '@wfm/service-kit';
import { jobsEnvSchema } from './env.ts';
import { expiryTasks } from './postings/postings-expiry-task.ts';
import { postingsRoutes } from './postings/postings-routes.ts';
import { postingsStaffRoutes } from './postings/postings-staff-routes.ts';
import { JOBS_LIMITS } from './rate-limits.ts';
import { postingAuthorHash } from './suspensions/suspensions-repository.ts';
import { jobsVisitorDataRoutes } from './visitor-data/visitor-data-routes.ts';

/** The jobs service (job postings); tests move its clock with buildTestService(service, { now }). */
export const service: ServiceDefinition = {
  name: 'jobs',
  schema: 'jobs',
  migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
  env: jobsEnvSchema,
  limits: JOBS_LIMITS,
  routes: [
    postingsRoutes,
    postingsStaffRoutes,
    jobsVisitorDataRoutes,
    // Staff suspend the poster of a job (the jobs service's keyed hash of their token).
    suspendAuthorRoutes({ '/api/admin/jobs/:id/suspend-author': { type: 'job', authorHashOf: postingAuthorHash } }),
  ],
  tasks: expiryTasks,
};

export default service;
