import { rolesWith } from '@wfm/contracts/admin';
import type { AdminTab } from '../../lib/admin-tab.ts';
import { useStaffJobs } from './api/get-jobs.ts';
import { useJobSubmissions } from './api/job-submissions.ts';
import { JobsTab } from './components/jobs-tab.tsx';

/** Every job posting; the badge counts them all and refreshes when a visitor posts one. */
export const jobsTab: AdminTab = {
  id: 'jobs',
  label: 'Jobs',
  roles: rolesWith('jobs'),
  component: JobsTab,
  useCount: function useJobsCount() {
    useJobSubmissions();
    return useStaffJobs().data?.length;
  },
};
