import type { FastifyInstance } from 'fastify';
import {
  JOB_MESSAGES,
  JOB_STAFF_MESSAGES,
  type Job,
  type JobInput,
  type JobListFilters,
  type JobStatusBody,
  type StaffJob,
} from '@wfm/contracts/jobs';
import { conflict, forbidden, notFound, recordStaffAction, serviceEnv, writeEvent, type StaffIdentity } from '@wfm/service-kit';
import { jobsEnvSchema } from '../env.ts';
import { applyUrlKey } from './postings-apply-url.ts';
import * as postings from './postings-repository.ts';

const DAY = 24 * 60 * 60 * 1000;

/** The service's clock: Date.now in production, a hand-moved one in tests (expiry). */
export type Clock = () => number;

export interface PostingsContext {
  app: Pick<FastifyInstance, 'sql' | 'staffActionLog' | 'config'>;
  now: Clock;
}

const publicView = ({ flagged: _f, approved_at: _a, expires_at: _e, updated_at: _u, ...job }: StaffJob): Job => job;

export const listJobs = (ctx: PostingsContext, filters: JobListFilters) => postings.listApproved(ctx.app.sql, filters);

export const listMyJobs = (ctx: PostingsContext, posterHash: Buffer) => postings.listByPoster(ctx.app.sql, posterHash);

/** A new posting is always pending: only staff approve, so nobody publishes their own job. */
export async function submitJob(
  ctx: PostingsContext,
  input: JobInput,
  poster: { name: string; hash: Buffer | null },
): Promise<Job> {
  const now = ctx.now();
  return ctx.app.sql.begin(async (tx) => {
    const urlKey = applyUrlKey(input.apply_url);
    const created = await postings.insertJob(tx, {
      ...input,
      submitted_by: poster.name,
      poster_hash: poster.hash,
      apply_url_key: urlKey,
      flagged: false,
      now,
    });
    const flagged = await postings.flagRepeatedUrl(tx, urlKey);
    await writeEvent(tx, 'jobs.job.submitted', { id: created.id, flagged, created_at: created.created_at });
    return publicView(created);
  });
}

/** Only the visitor who posted a job may withdraw it (any status); the posting is removed. */
export async function withdrawJob(ctx: PostingsContext, id: number, posterHash: Buffer): Promise<{ success: true; id: number }> {
  return ctx.app.sql.begin(async (tx) => {
    const job = await postings.findPoster(tx, id);
    if (!job) throw notFound(JOB_MESSAGES.notFound);
    if (!job.poster_hash || !job.poster_hash.equals(posterHash)) throw forbidden(JOB_MESSAGES.notYours);
    await postings.deleteJob(tx, id);
    await writeEvent(tx, 'jobs.job.deleted', { id, at: ctx.now() });
    return { success: true as const, id };
  });
}

export const listStaffJobs = (ctx: PostingsContext, f: Parameters<typeof postings.listAll>[1]) => postings.listAll(ctx.app.sql, f);

const expiryMs = (ctx: PostingsContext) => serviceEnv(ctx.app, jobsEnvSchema).JOBS_EXPIRY_DAYS * DAY;

/**
 * pending -> approved | rejected; expired -> approved (re-approval starts a new expiry period).
 * Approval lists the job and tells browsers (job_approved).
 */
export async function changeStatus(
  ctx: PostingsContext,
  staff: StaffIdentity,
  id: number,
  { status }: JobStatusBody,
): Promise<StaffJob> {
  return ctx.app.sql.begin(async (tx) => {
    const job = await postings.findStaffJob(tx, id, true);
    if (!job) throw notFound(JOB_MESSAGES.notFound);
    const allowed = job.status === 'pending' || (job.status === 'expired' && status === 'approved');
    if (!allowed) throw conflict(JOB_STAFF_MESSAGES.badTransition(job.status, status));
    const now = ctx.now();
    const updated = await postings.setStatus(tx, id, status, { now, expiresAt: now + expiryMs(ctx) });
    if (status === 'approved') await writeEvent(tx, 'jobs.job.approved', publicView(updated));
    else await writeEvent(tx, 'jobs.job.rejected', { id, at: now });
    await recordStaffAction(tx, ctx.app, staff, { action: `job.${status === 'approved' ? 'approve' : 'reject'}`, target: { type: 'job', id } });
    return updated;
  });
}

export async function editJob(ctx: PostingsContext, staff: StaffIdentity, id: number, input: JobInput): Promise<StaffJob> {
  return ctx.app.sql.begin(async (tx) => {
    const now = ctx.now();
    const updated = await postings.updateJob(tx, id, { ...input, apply_url_key: applyUrlKey(input.apply_url), now });
    if (!updated) throw notFound(JOB_MESSAGES.notFound);
    await writeEvent(tx, 'jobs.job.updated', { id, at: now });
    await recordStaffAction(tx, ctx.app, staff, { action: 'job.update', target: { type: 'job', id } });
    return updated;
  });
}

export async function deleteJob(ctx: PostingsContext, staff: StaffIdentity, id: number): Promise<{ success: true; id: number }> {
  return ctx.app.sql.begin(async (tx) => {
    if (!(await postings.deleteJob(tx, id))) throw notFound(JOB_MESSAGES.notFound);
    await writeEvent(tx, 'jobs.job.deleted', { id, at: ctx.now() });
    await recordStaffAction(tx, ctx.app, staff, { action: 'job.delete', target: { type: 'job', id } });
    return { success: true as const, id };
  });
}

/** The expiry job: approved jobs past their time leave the public list (jobs.job.expired each). */
export async function expireJobs(ctx: PostingsContext): Promise<{ expired: number }> {
  return ctx.app.sql.begin(async (tx) => {
    const now = ctx.now();
    const ids = await postings.expireDue(tx, now);
    for (const id of ids) await writeEvent(tx, 'jobs.job.expired', { id, at: now });
    return { expired: ids.length };
  });
}
