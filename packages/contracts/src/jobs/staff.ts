// Staff calls of the jobs service (Moderator and up, right "jobs").
import { z } from 'zod';
import { emptyAsUndefined } from '../shared/common.ts';
import { JOB_STATUSES, JobFields, Job } from './api.ts';

/** A job as staff see it: every status, plus what moderation needs. */
export const StaffJob = Job.extend({
  /** The apply URL was also posted by another visitor (repeated-URL spam signal). */
  flagged: z.boolean(),
  approved_at: z.number().nullable(),
  expires_at: z.number().nullable(),
  updated_at: z.number(),
});
export type StaffJob = z.infer<typeof StaffJob>;

export const StaffJobsQuery = z.object({
  status: z.preprocess(emptyAsUndefined, z.enum(JOB_STATUSES).optional()),
  limit: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(1000).default(500)),
  offset: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(1_000_000).default(0)),
});
export const StaffJobsResponse = z.array(StaffJob);
export type StaffJobsResponse = z.infer<typeof StaffJobsResponse>;

/** PUT /api/admin/jobs/{id}/status: pending -> approved | rejected; expired -> approved (re-approve). */
export const JOB_STATUS_CHANGES = ['approved', 'rejected'] as const;
export const JobStatusBody = z.object({
  status: z.enum(JOB_STATUS_CHANGES, 'Status must be approved or rejected'),
});
export type JobStatusBody = z.infer<typeof JobStatusBody>;

export const JOB_STAFF_MESSAGES = {
  badTransition: (from: string, to: string) => `A ${from} job cannot be ${to}`,
} as const;

/** PUT /api/admin/jobs/{id}: the same bounds as posting; title, company and URL non-blank. */
export const UpdateJobBody = JobFields;
export type UpdateJobBody = z.input<typeof UpdateJobBody>;

export const DeleteJobResponse = z.object({ success: z.literal(true), id: z.number().int() });
export type DeleteJobResponse = z.infer<typeof DeleteJobResponse>;
