import { z } from 'zod';
import { StaffActionEvent } from '../shared/staff-action.ts';
import { Job } from './api.ts';

/** jobs.job.submitted: a posting awaits review (staff counts; no visitor data). */
export const JobSubmittedEvent = z.object({ id: z.number().int(), flagged: z.boolean(), created_at: z.number().int() });
export type JobSubmittedEvent = z.infer<typeof JobSubmittedEvent>;

/** A posting left the public list or changed state without being listed. */
export const JobChangedEvent = z.object({ id: z.number().int(), at: z.number().int() });
export type JobChangedEvent = z.infer<typeof JobChangedEvent>;

/** Events of the jobs service. Payloads never carry a visitor's token or hash. */
export const jobsEventSchemas = {
  'jobs.job.submitted': JobSubmittedEvent,
  /** The approved job as the public list shows it. */
  'jobs.job.approved': Job,
  'jobs.job.rejected': JobChangedEvent,
  'jobs.job.expired': JobChangedEvent,
  /** Deleted by staff or withdrawn by its poster. */
  'jobs.job.deleted': JobChangedEvent,
  /** Edited by staff (the listed text may have changed). */
  'jobs.job.updated': JobChangedEvent,
  'jobs.staff.action': StaffActionEvent,
} satisfies Record<string, z.ZodType>;
