import { MENTOR_STATUS_LABELS, type MentorStatus } from '@wfm/contracts/ama';
import { Badge, type BadgeVariant } from '@wfm/ui';

const VARIANTS: Record<MentorStatus, BadgeVariant> = { approved: 'success', pending: 'secondary', rejected: 'destructive', suspended: 'outline' };

export function MentorStatusBadge({ status }: { status: MentorStatus }) {
  return <Badge variant={VARIANTS[status]}>{MENTOR_STATUS_LABELS[status]}</Badge>;
}
