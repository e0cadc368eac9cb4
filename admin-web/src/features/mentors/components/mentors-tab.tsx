import { MENTOR_LIMITS, mentorPreview, type MentorStatus, type StaffMentor } from '@wfm/contracts/ama';
import { Badge, Button, toast } from '@wfm/ui';
import { Ban, CheckCircle2, RotateCcw, XCircle } from '@wfm/ui/icons';
import { DeleteRowButton, useConfirmedDelete } from '../../../components/confirmed-delete.tsx';
import { EmptyState } from '../../../components/query-state.tsx';
import { ResourceTable } from '../../../components/resource-table.tsx';
import { SectionHeader } from '../../../components/section-header.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useStaffMentors } from '../api/get-mentors.ts';
import { useDeleteMentor, useSetMentorStatus } from '../api/mentor-mutations.ts';
import { MentorStatusBadge } from './mentor-status.tsx';

const DONE: Record<MentorStatus, { title: string; now: string }> = {
  approved: { title: 'Mentor approved', now: 'listed in the mentor directory' },
  rejected: { title: 'Mentor application rejected', now: 'rejected' },
  suspended: { title: 'Mentor suspended', now: 'hidden from the directory' },
  pending: { title: 'Mentor application reopened', now: 'pending' },
};

/**
 * Every mentor application, newest first: approve or reject pending ones, suspend approved ones
 * (and reinstate suspended ones), delete after a confirmation naming the mentor. Bios are shown as
 * 100-character previews; contact details are for staff only.
 */
export function MentorsTab() {
  const mentors = useStaffMentors();
  const setStatus = useSetMentorStatus();
  const deletion = useConfirmedDelete<StaffMentor>({
    remove: useDeleteMentor(),
    title: 'Delete mentor application?',
    consequence: (mentor) => (
      <>
        This permanently deletes the mentor application of <strong className="text-foreground">{mentor.name}</strong>, with
        its requests and messages.
      </>
    ),
    deleted: (mentor) => ({ title: 'Mentor application deleted', description: `${mentor.name}'s application was deleted.` }),
    failedTitle: 'Delete failed',
  });

  function changeStatus(mentor: StaffMentor, status: MentorStatus) {
    setStatus.mutate(
      { id: mentor.id, status },
      {
        onSuccess: () => toast({ title: DONE[status].title, description: `${mentor.name} is now ${DONE[status].now}.` }),
        onError: (error) => toast({ variant: 'destructive', title: 'Status update failed', description: errorMessage(error, 'Please try again') }),
      },
    );
  }

  const busyWith = (mentor: StaffMentor) => setStatus.isPending && setStatus.variables?.id === mentor.id;
  const action = (mentor: StaffMentor, status: MentorStatus, label: string, Icon: typeof Ban) => (
    <Button variant="outline" size="sm" aria-label={`${label} ${mentor.name}`} disabled={busyWith(mentor)} onClick={() => changeStatus(mentor, status)}>
      <Icon aria-hidden="true" />
      <span className="hidden lg:inline">{label}</span>
    </Button>
  );

  return (
    <section className="grid gap-4" aria-labelledby="mentors-heading">
      <SectionHeader
        id="mentors-heading"
        title="Mentors"
        count={mentors.data?.length}
        description="Mentor applications, latest first. Only approved mentors are listed in the public directory on /ama."
      />
      <ResourceTable
        query={mentors}
        rows={mentors.data}
        loadingLabel="Loading mentor applications"
        errorTitle="Failed to load mentor applications"
        empty={<EmptyState title="No mentor applications yet">Applications visitors send from the AMA page appear here for review.</EmptyState>}
        rowKey={(mentor) => mentor.id}
        columns={[
          {
            id: 'mentor',
            header: 'Mentor',
            cellClassName: 'max-w-96',
            cell: (mentor) => (
              <>
                <span className="block break-words font-medium">{mentor.name}</span>
                <span className="block text-xs text-muted-foreground">
                  {mentor.years_experience} {mentor.years_experience === 1 ? 'year' : 'years'} · {mentor.timezone} · by {mentor.submitted_by}
                </span>
                <span className="mt-1 block break-words text-sm" title={mentor.bio.length > MENTOR_LIMITS.preview ? mentor.bio : undefined}>
                  {mentorPreview(mentor.bio)}
                </span>
                <span className="mt-1 flex flex-wrap gap-1">
                  {mentor.expertise_tags.map((tag) => (
                    <Badge key={tag} variant="outline">
                      {tag}
                    </Badge>
                  ))}
                </span>
                <span className="mt-1 flex flex-wrap gap-1 sm:hidden">
                  <MentorStatusBadge status={mentor.status} />
                </span>
              </>
            ),
          },
          { id: 'status', header: 'Status', className: 'hidden sm:table-cell', cell: (mentor) => <MentorStatusBadge status={mentor.status} /> },
          {
            id: 'contact',
            header: 'Contact (staff only)',
            className: 'hidden lg:table-cell',
            cellClassName: 'max-w-60 break-words text-sm',
            cell: (mentor) => (
              <>
                {mentor.contact_info || <span className="text-muted-foreground">None given</span>}
                {mentor.linkedin_url && (
                  <a href={mentor.linkedin_url} target="_blank" rel="noopener noreferrer" className="block text-xs underline">
                    LinkedIn
                  </a>
                )}
                {mentor.availability_hours && <span className="block text-xs text-muted-foreground">{mentor.availability_hours}</span>}
              </>
            ),
          },
          { id: 'requests', header: 'Requests', className: 'hidden md:table-cell', cellClassName: 'tabular-nums', cell: (mentor) => mentor.request_count },
          {
            id: 'created',
            header: 'Applied',
            className: 'hidden md:table-cell',
            cellClassName: 'whitespace-nowrap text-muted-foreground',
            cell: (mentor) => formatDateTime(mentor.created_at),
          },
          {
            id: 'actions',
            header: 'Actions',
            headClassName: 'text-right',
            cell: (mentor) => (
              <div className="flex flex-wrap justify-end gap-1">
                {mentor.status === 'pending' && (
                  <>
                    {action(mentor, 'approved', 'Approve', CheckCircle2)}
                    {action(mentor, 'rejected', 'Reject', XCircle)}
                  </>
                )}
                {mentor.status === 'approved' && action(mentor, 'suspended', 'Suspend', Ban)}
                {mentor.status === 'suspended' && action(mentor, 'approved', 'Reinstate', RotateCcw)}
                <DeleteRowButton label={`Delete ${mentor.name}`} onClick={() => deletion.ask(mentor)} />
              </div>
            ),
          },
        ]}
      />
      {deletion.dialog}
    </section>
  );
}
