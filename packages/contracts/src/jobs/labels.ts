// What the web apps show for the jobs service's values; no call answers with these texts.
import type { JobStatus } from './api.ts';

/** Spec 3 §4. */
export const JOB_STATUS_LABELS: Record<JobStatus, string> = {
  approved: 'Active',
  pending: 'Under Review',
  rejected: 'Rejected',
  expired: 'Expired',
};

export const PAY_NOT_STATED = 'Pay not stated';
