import type { ServiceContext, ServiceTasks } from '@wfm/service-kit';
import { jobsEnv } from '../env.ts';
import { expireJobs } from './postings-service.ts';

export const EXPIRE_JOBS = 'expire-jobs';

/** The jobs service's background work: the repeatable expiry of approved jobs past their time. */
export const expiryTasks = (ctx: ServiceContext): ServiceTasks => ({
  handlers: [{ name: EXPIRE_JOBS, run: () => expireJobs(ctx) }],
  repeat: [{ name: EXPIRE_JOBS, everyMs: jobsEnv(ctx).JOBS_EXPIRY_CHECK_MINUTES * 60_000 }],
});
