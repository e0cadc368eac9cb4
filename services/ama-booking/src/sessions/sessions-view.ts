import { displayStatus, type AmaSession } from '@wfm/contracts/ama';
import type { SessionRow } from './sessions-repository.ts';

/**
 * A session row as an answer. Public reads show the display status from the clock (§4); staff
 * answers show the stored status (the admin list's scheduled/live/completed, what Start and End
 * Session change). `stored_status` always carries the stored one.
 */
export function sessionView(row: SessionRow, now: number, audience: 'public' | 'staff' = 'public'): AmaSession {
  return {
    ...row,
    status: audience === 'staff' ? row.status : displayStatus(row.status, row.scheduled_time, row.duration_minutes, now),
    stored_status: row.status,
  };
}
