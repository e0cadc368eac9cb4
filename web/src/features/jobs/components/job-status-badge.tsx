import { type JobStatus } from '@wfm/contracts/jobs/api';
import { JOB_STATUS_LABELS } from '@wfm/contracts/jobs/labels';
import { Badge, type BadgeVariant } from '@wfm/ui';

const VARIANTS: Record<JobStatus, BadgeVariant> = {
  approved: 'success',
  pending: 'secondary',
  rejected: 'destructive',
  expired: 'outline',
};

/** Spec 3 §4: Active / Under Review / Rejected / Expired. */
export function JobStatusBadge({ status }: { status: JobStatus }) {
  return <Badge variant={VARIANTS[status]}>{JOB_STATUS_LABELS[status]}</Badge>;
}
