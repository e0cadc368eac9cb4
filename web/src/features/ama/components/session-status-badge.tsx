import type { SessionStatus } from '@wfm/contracts/ama/api';
import { Badge, type BadgeVariant } from '@wfm/ui';
import { STATUS_LABELS } from '../utils/session-display.ts';

const VARIANTS: Record<SessionStatus, BadgeVariant> = {
  scheduled: 'default',
  live: 'destructive',
  completed: 'secondary',
  cancelled: 'outline',
};

/** The display status of a session (§4); `uppercase` on the session page (§2). */
export function SessionStatusBadge({ status, uppercase = false }: { status: SessionStatus; uppercase?: boolean }) {
  return (
    <Badge variant={VARIANTS[status]} className={uppercase ? 'uppercase tracking-wide' : undefined} data-testid="session-status">
      {uppercase ? status.toUpperCase() : STATUS_LABELS[status]}
    </Badge>
  );
}
