import { hasRight, type AdminTabId, type StaffRole } from '@wfm/contracts';
import { useBackupStats } from '../../features/database/api/get-backup-stats.ts';
import { useReportsCount } from '../../features/reports/api/reports-count.ts';
import { useStaff } from '../../features/staff/api/get-staff.ts';
import { useUserProfiles } from '../../features/users/api/get-user-profiles.ts';
import { useAdminPosts } from '../../lib/admin-posts.ts';

/**
 * The count badge of each working tab the role may open (the same cached queries the tabs use).
 * A tab is missing from the answer until its count is known.
 */
export function useTabCounts(role: StaffRole): Partial<Record<AdminTabId, number>> {
  const can = (tab: 'reports' | 'posts' | 'staff' | 'user-profiles' | 'database') => hasRight(role, tab);
  const reports = useReportsCount(role, can('reports'));
  const posts = useAdminPosts(can('posts')).total;
  const staff = useStaff(can('staff')).data?.length;
  const users = useUserProfiles(can('user-profiles')).data?.length;
  const backups = useBackupStats(can('database')).data?.count;
  return { reports, posts, staff, 'user-profiles': users, database: backups };
}
