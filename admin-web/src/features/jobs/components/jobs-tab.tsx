import type { StaffJob } from '@wfm/contracts/jobs';
import { Badge, Button, buttonClasses, toast } from '@wfm/ui';
import { CheckCircle2, ExternalLink, Pencil, RotateCcw, XCircle } from '@wfm/ui/icons';
import { useState } from 'react';
import { DeleteRowButton, useConfirmedDelete } from '../../../components/confirmed-delete.tsx';
import { EmptyState } from '../../../components/query-state.tsx';
import { ResourceTable } from '../../../components/resource-table.tsx';
import { SectionHeader } from '../../../components/section-header.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useStaffJobs } from '../api/get-jobs.ts';
import { useDeleteJob, useSetJobStatus } from '../api/job-mutations.ts';
import { EditJobDialog } from './edit-job-dialog.tsx';
import { JobStatusBadge } from './job-status.tsx';
import { SuspendAuthorButton } from '../../../components/suspend-author-button.tsx';

/**
 * Every job posting, newest first: approve or reject pending ones (re-approve expired ones), edit,
 * delete after a confirmation naming the job, and "View Job" opening its apply URL in a new window.
 */
export function JobsTab() {
  const jobs = useStaffJobs();
  const setStatus = useSetJobStatus();
  const [editing, setEditing] = useState<StaffJob | null>(null);
  const deletion = useConfirmedDelete<StaffJob>({
    remove: useDeleteJob(),
    title: 'Delete job posting?',
    consequence: (job) => (
      <>
        This permanently deletes “<strong className="text-foreground">{job.title}</strong>” at {job.company}.
      </>
    ),
    deleted: (job) => ({ title: 'Job deleted', description: `“${job.title}” was deleted.` }),
    failedTitle: 'Delete failed',
  });

  function changeStatus(job: StaffJob, status: 'approved' | 'rejected') {
    setStatus.mutate(
      { id: job.id, status },
      {
        onSuccess: () =>
          toast({ title: status === 'approved' ? 'Job approved' : 'Job rejected', description: `“${job.title}” is now ${status === 'approved' ? 'listed' : 'rejected'}.` }),
        onError: (error) => toast({ variant: 'destructive', title: 'Status update failed', description: errorMessage(error, 'Please try again') }),
      },
    );
  }

  const busyWith = (job: StaffJob) => setStatus.isPending && setStatus.variables?.id === job.id;

  return (
    <section className="grid gap-4" aria-labelledby="jobs-heading">
      <SectionHeader id="jobs-heading" title="Jobs" count={jobs.data?.length} description="Every job posting, latest first. Only Active jobs are listed publicly." />
      <ResourceTable
        query={jobs}
        rows={jobs.data}
        loadingLabel="Loading jobs"
        errorTitle="Failed to load jobs"
        empty={<EmptyState title="No job postings yet">Jobs visitors post appear here for review.</EmptyState>}
        rowKey={(job) => job.id}
        columns={[
          {
            id: 'title',
            header: 'Job',
            cellClassName: 'max-w-80',
            cell: (job) => (
              <>
                <span className="line-clamp-2 break-words font-medium">{job.title}</span>
                <span className="block text-xs text-muted-foreground">
                  {job.company} · {job.location}
                </span>
                <span className="block text-xs text-muted-foreground md:hidden">
                  {job.job_type} · {formatDateTime(job.created_at)}
                </span>
                <span className="mt-1 flex flex-wrap gap-1 sm:hidden">
                  <JobStatusBadge status={job.status} />
                </span>
                {job.flagged && (
                  <Badge variant="destructive" className="mt-1" title="Another visitor posted the same application URL">
                    Repeated URL
                  </Badge>
                )}
              </>
            ),
          },
          { id: 'status', header: 'Status', className: 'hidden sm:table-cell', cell: (job) => <JobStatusBadge status={job.status} /> },
          {
            id: 'type',
            header: 'Type',
            className: 'hidden md:table-cell',
            cellClassName: 'whitespace-nowrap',
            cell: (job) => (
              <>
                {job.job_type}
                <span className="block text-xs text-muted-foreground">{job.category}</span>
              </>
            ),
          },
          {
            id: 'pay',
            header: 'Salary',
            className: 'hidden lg:table-cell',
            cell: (job) => job.salary_range ?? <span className="text-muted-foreground">Pay not stated</span>,
          },
          { id: 'by', header: 'Submitted by', className: 'hidden lg:table-cell', cell: (job) => job.submitted_by },
          {
            id: 'created',
            header: 'Posted',
            className: 'hidden md:table-cell',
            cellClassName: 'whitespace-nowrap text-muted-foreground',
            cell: (job) => (
              <>
                {formatDateTime(job.created_at)}
                {job.status === 'approved' && job.expires_at !== null && (
                  <span className="block text-xs">Expires {formatDateTime(job.expires_at)}</span>
                )}
              </>
            ),
          },
          {
            id: 'actions',
            header: 'Actions',
            headClassName: 'text-right',
            cell: (job) => (
              <div className="flex flex-wrap justify-end gap-1">
                <a
                  href={job.apply_url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={buttonClasses({ variant: 'ghost', size: 'sm' })}
                  aria-label={`View Job “${job.title}”`}
                >
                  <ExternalLink aria-hidden="true" />
                  <span className="hidden lg:inline">View Job</span>
                </a>
                {job.status === 'pending' && (
                  <>
                    <Button variant="outline" size="sm" aria-label={`Approve “${job.title}”`} disabled={busyWith(job)} onClick={() => changeStatus(job, 'approved')}>
                      <CheckCircle2 aria-hidden="true" />
                      <span className="hidden lg:inline">Approve</span>
                    </Button>
                    <Button variant="outline" size="sm" aria-label={`Reject “${job.title}”`} disabled={busyWith(job)} onClick={() => changeStatus(job, 'rejected')}>
                      <XCircle aria-hidden="true" />
                      <span className="hidden lg:inline">Reject</span>
                    </Button>
                  </>
                )}
                {job.status === 'expired' && (
                  <Button variant="outline" size="sm" aria-label={`Re-approve “${job.title}”`} disabled={busyWith(job)} onClick={() => changeStatus(job, 'approved')}>
                    <RotateCcw aria-hidden="true" />
                    <span className="hidden lg:inline">Re-approve</span>
                  </Button>
                )}
                <Button variant="ghost" size="sm" aria-label={`Edit “${job.title}”`} onClick={() => setEditing(job)}>
                  <Pencil aria-hidden="true" />
                  <span className="hidden lg:inline">Edit</span>
                </Button>
                <SuspendAuthorButton content={{ kind: 'job', id: job.id }} title={job.title} />
                <DeleteRowButton label={`Delete “${job.title}”`} onClick={() => deletion.ask(job)} />
              </div>
            ),
          },
        ]}
      />
      <EditJobDialog job={editing} onClose={() => setEditing(null)} />
      {deletion.dialog}
    </section>
  );
}
