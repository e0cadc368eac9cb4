import { JobBoard } from '../features/jobs/components/job-board.tsx';
import { usePageTitle } from '../hooks/use-page-title.ts';

export default function JobsPage() {
  usePageTitle('Job & Role Spotlight');
  return <JobBoard />;
}
