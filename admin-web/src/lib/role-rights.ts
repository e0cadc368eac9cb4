import { type StaffRole } from '@wfm/contracts/shared';
import { ROLE_RIGHTS, type AdminRight } from '@wfm/contracts/admin';

/** What each right lets a staff member do, in the words the panel shows. */
export const RIGHT_LABELS: Record<AdminRight, string> = {
  reports: 'Review reports and help requests',
  suggestions: 'Review and export feature suggestions',
  posts: 'Resolve and delete posts',
  jobs: 'Approve, edit and delete job postings',
  polls: 'Delete polls',
  tools: 'Delete tool submissions',
  mentors: 'Approve, reject and delete mentor applications',
  'user-profiles': "Edit visitors' usernames",
  suspensions: 'Suspend visitors and block flooding addresses',
  ama: 'Schedule, run and edit AMA sessions',
  pricing: 'Set AMA session pricing',
  bookings: 'Confirm, cancel and seat AMA bookings',
  receipts: 'Validate payment receipts',
  staff: 'Add, edit and remove staff accounts',
  database: 'Create and restore database backups',
  audit: 'Read the audit log of staff actions',
};

/** One line per role, for the role picker. */
export const ROLE_SUMMARIES: Record<StaffRole, string> = {
  Moderator: 'Moderates community content.',
  Admin: 'Moderates and runs the AMA business.',
  'Super Admin': 'Full access, including staff accounts and backups.',
};

export function rightsOf(role: StaffRole): { right: AdminRight; label: string }[] {
  return ROLE_RIGHTS[role].map((right) => ({ right, label: RIGHT_LABELS[right] }));
}
