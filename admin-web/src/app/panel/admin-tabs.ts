import { amaTab, bookingsTab } from '../../features/ama/tab.ts';
import { auditTab } from '../../features/audit/tab.ts';
import { databaseTab } from '../../features/database/tab.ts';
import { heldTab } from '../../features/held/tab.ts';
import { jobsTab } from '../../features/jobs/tab.ts';
import { mentorsTab } from '../../features/mentors/tab.ts';
import { pollsTab } from '../../features/polls/tab.ts';
import { postsTab } from '../../features/posts/tab.ts';
import { reportsTab } from '../../features/reports/tab.ts';
import { staffTab } from '../../features/staff/tab.ts';
import { suspensionsTab } from '../../features/suspensions/tab.ts';
import { toolsTab } from '../../features/tools/tab.ts';
import { usersTab } from '../../features/users/tab.ts';
import type { AdminTab } from '../../lib/admin-tab.ts';

/**
 * The admin panel's tabs in the spec's order (spec 3, Admin panel); the first one a role sees is
 * its default. The panel shows exactly these, filtered by each entry's roles. To add a tab:
 * a folder under src/features/ whose tab.ts exports its entry (the ama feature's exports two:
 * AMA and Bookings), and one line here.
 */
export const ADMIN_TAB_REGISTRY: readonly AdminTab[] = [
  reportsTab,
  heldTab,
  postsTab,
  mentorsTab,
  amaTab,
  bookingsTab,
  jobsTab,
  pollsTab,
  toolsTab,
  staffTab,
  usersTab,
  suspensionsTab,
  databaseTab,
  auditTab,
];
