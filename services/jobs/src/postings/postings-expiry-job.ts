import type { FastifyInstance } from 'fastify';
import { serviceEnv, type ServiceJobs } from '@wfm/service-kit';
import { jobsEnvSchema } from '../env.ts';
import { expireJobs, type Clock } from './postings-service.ts';

export const EXPIRE_JOBS = 'expire-jobs';

/** The jobs service's background work: the repeatable expiry of approved jobs past their time. */
export function expiryJobs(now: Clock) {
  return (app: FastifyInstance): ServiceJobs => ({
    handlers: [{ name: EXPIRE_JOBS, run: () => expireJobs({ app, now }) }],
    repeat: [{ name: EXPIRE_JOBS, everyMs: serviceEnv(app, jobsEnvSchema).JOBS_EXPIRY_CHECK_MINUTES * 60_000 }],
  });
}
