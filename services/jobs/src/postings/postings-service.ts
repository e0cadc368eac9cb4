import {
  JOB_MESSAGES,
  JOB_STAFF_MESSAGES,
  type Job,
  type JobInput,
  type JobListFilters,
  type JobStatusBody,
  type StaffJob,
} from '@wfm/contracts/jobs';
import { conflict, forbidden, notFound, recordStaffAction, writeEvent, type ServiceContext, type StaffIdentity } from '@wfm/service-kit';
import { jobsEnv } from '../env.ts';
import { applyUrlKey } from './postings-apply-url.ts';
import * as postings from './postings-repository.ts';

const DAY = 24 * 60 * 60 * 1000;

const publicView = ({ flagged: _f, approved_at: _a, expires_at: _e, updated_at: _u, ...job }: StaffJob): Job => job;

export const listJobs = (ctx: ServiceContext, filters: JobListFilters) => postings.listApproved(ctx.sql, filters);

export const listMyJobs = (ctx: ServiceContext, posterHash: Buffer) => postings.listByPoster(ctx.sql, posterHash);

/**
 * A new posting is always pending: only staff approve, so nobody publishes their own job. A job
 * whose description many visitors are submitting at once (ctx.duplicates; `writer` is who it
 * counts) is flagged for staff, as a repeated apply URL is: pending already means held.
 */
export async function submitJob(
  ctx: ServiceContext,
  input: JobInput,
  poster: { name: string; hash: Buffer | null },
  writer: string,
): Promise<Job> {
  const now = ctx.now();
  const duplicate = await ctx.duplicates.check(input.description, writer);
  return ctx.sql.begin(async (tx) => {
    const urlKey = applyUrlKey(input.apply_url);
    const created = await postings.insertJob(tx, {
      ...input,
      submitted_by: poster.name,
      poster_hash: poster.hash,
      apply_url_key: urlKey,
      flagged: duplicate.held,
      now,
    });
    const flagged = (await postings.flagRepeatedUrl(tx, urlKey)) || duplicate.held;
    await writeEvent(tx, 'jobs.job.submitted', { id: created.id, flagged, created_at: created.created_at });
    return publicView(created);
  });
}

/** Only the visitor who posted a job may withdraw it (any status); the posting is removed. */
export async function withdrawJob(ctx: ServiceContext, id: number, posterHash: Buffer): Promise<{ success: true; id: number }> {
  return ctx.sql.begin(async (tx) => {
    const job = await postings.findPoster(tx, id);
    if (!job) throw notFound(JOB_MESSAGES.notFound);
    if (!job.poster_hash || !job.poster_hash.equals(posterHash)) throw forbidden(JOB_MESSAGES.notYours);
    await postings.deleteJob(tx, id);
    await writeEvent(tx, 'jobs.job.deleted', { id, at: ctx.now() });
    return { success: true as const, id };
  });
}

export const listStaffJobs = (ctx: ServiceContext, f: Parameters<typeof postings.listAll>[1]) => postings.listAll(ctx.sql, f);

const expiryMs = (ctx: ServiceContext) => jobsEnv(ctx).JOBS_EXPIRY_DAYS * DAY;

/**
 * pending -> approved | rejected; expired -> approved (re-approval starts a new expiry period).
 * Approval lists the job and tells browsers (job_approved).
 */
export async function changeStatus(
  ctx: ServiceContext,
  staff: StaffIdentity,
  id: number,
  { status }: JobStatusBody,
): Promise<StaffJob> {
  return ctx.sql.begin(async (tx) => {
    const job = await postings.findStaffJob(tx, id, true);
    if (!job) throw notFound(JOB_MESSAGES.notFound);
    const allowed = job.status === 'pending' || (job.status === 'expired' && status === 'approved');
    if (!allowed) throw conflict(JOB_STAFF_MESSAGES.badTransition(job.status, status));
    const now = ctx.now();
    const updated = await postings.setStatus(tx, id, status, { now, expiresAt: now + expiryMs(ctx) });
    if (status === 'approved') await writeEvent(tx, 'jobs.job.approved', publicView(updated));
    else await writeEvent(tx, 'jobs.job.rejected', { id, at: now });
    await recordStaffAction(tx, ctx, staff, { action: `job.${status === 'approved' ? 'approve' : 'reject'}`, target: { type: 'job', id } });
    return updated;
  });
}

export async function editJob(ctx: ServiceContext, staff: StaffIdentity, id: number, input: JobInput): Promise<StaffJob> {
  return ctx.sql.begin(async (tx) => {
    const now = ctx.now();
    const updated = await postings.updateJob(tx, id, { ...input, apply_url_key: applyUrlKey(input.apply_url), now });
    if (!updated) throw notFound(JOB_MESSAGES.notFound);
    await writeEvent(tx, 'jobs.job.updated', { id, at: now });
    await recordStaffAction(tx, ctx, staff, { action: 'job.update', target: { type: 'job', id } });
    return updated;
  });
}

export async function deleteJob(ctx: ServiceContext, staff: StaffIdentity, id: number): Promise<{ success: true; id: number }> {
  return ctx.sql.begin(async (tx) => {
    if (!(await postings.deleteJob(tx, id))) throw notFound(JOB_MESSAGES.notFound);
    await writeEvent(tx, 'jobs.job.deleted', { id, at: ctx.now() });
    await recordStaffAction(tx, ctx, staff, { action: 'job.delete', target: { type: 'job', id } });
    return { success: true as const, id };
  });
}

/** The expiry task: approved jobs past their time leave the public list (jobs.job.expired each). */
export async function expireJobs(ctx: ServiceContext): Promise<{ expired: number }> {
  return ctx.sql.begin(async (tx) => {
    const now = ctx.now();
    const ids = await postings.expireDue(tx, now);
    for (const id of ids) await writeEvent(tx, 'jobs.job.expired', { id, at: now });
    return { expired: ids.length };
  });
}
