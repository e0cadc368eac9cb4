import { AMA_ADMIN_TOASTS, type SessionStatus, type StaffSession } from '@wfm/contracts/ama';
import { Badge, Button, toast, type BadgeVariant } from '@wfm/ui';
import { CalendarPlus, ExternalLink, MessageSquare, Pencil, Play, Square } from '@wfm/ui/icons';
import { useState } from 'react';
import { DeleteRowButton, useConfirmedDelete } from '../../../components/confirmed-delete.tsx';
import { EmptyState } from '../../../components/query-state.tsx';
import { ResourceTable } from '../../../components/resource-table.tsx';
import { SectionHeader } from '../../../components/section-header.tsx';
import { useAdminAmaSessions } from '../../../lib/admin-ama-sessions.ts';
import type { AdminTabProps } from '../../../lib/admin-tab.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useDeleteSession, useSetSessionStatus } from '../api/session-mutations.ts';
import { QuestionsDialog } from './questions-dialog.tsx';
import { SessionDialog } from './session-dialog.tsx';

const STATUS_VARIANTS: Record<SessionStatus, BadgeVariant> = {
  scheduled: 'default',
  live: 'destructive',
  completed: 'secondary',
  cancelled: 'outline',
};

type Open = { kind: 'schedule' } | { kind: 'edit'; session: StaffSession } | { kind: 'questions'; session: StaffSession } | null;

/** AMA sessions (§2, §4): schedule, edit with pricing and image, Start/End Session, delete, answer questions. */
export function AmaTab(_props: AdminTabProps) {
  const sessions = useAdminAmaSessions();
  const setStatus = useSetSessionStatus();
  const [open, setOpen] = useState<Open>(null);
  const deletion = useConfirmedDelete<StaffSession>({
    remove: useDeleteSession(),
    title: 'Delete AMA session?',
    consequence: (session) => (
      <>
        This permanently deletes <strong className="text-foreground">{session.title}</strong> and all its associated data:
        bookings, receipts, pricing and questions.
      </>
    ),
    deleted: (session) => ({ title: 'AMA session deleted', description: `"${session.title}" and all its data were deleted.` }),
    failedTitle: AMA_ADMIN_TOASTS.deleteFailed,
  });

  function changeStatus(session: StaffSession, status: SessionStatus) {
    setStatus.mutate(
      { id: session.id, status },
      {
        onSuccess: () =>
          toast({ title: status === 'live' ? 'Session started' : 'Session ended', description: `"${session.title}" is now ${status}.` }),
        onError: (error) =>
          toast({ variant: 'destructive', title: AMA_ADMIN_TOASTS.statusUpdateFailed, description: errorMessage(error, AMA_ADMIN_TOASTS.tryAgain) }),
      },
    );
  }

  return (
    <section className="grid gap-4" aria-labelledby="ama-heading">
      <SectionHeader
        id="ama-heading"
        title="AMA Sessions"
        count={sessions.data?.length}
        description="Sessions with their host, time, limits, image and pricing."
        actions={
          <Button size="sm" onClick={() => setOpen({ kind: 'schedule' })}>
            <CalendarPlus aria-hidden="true" />
            Schedule AMA
          </Button>
        }
      />
      <ResourceTable
        query={sessions}
        rows={sessions.data}
        loadingLabel="Loading AMA sessions"
        errorTitle="Failed to load AMA sessions"
        empty={<EmptyState title="No AMA sessions yet">Schedule the first one.</EmptyState>}
        rowKey={(session) => session.id}
        rowLabel={(session) => session.title}
        columns={[
          {
            id: 'title',
            header: 'Session',
            cell: (session) => (
              <div className="grid gap-0.5">
                <span className="font-medium">{session.title}</span>
                <span className="text-xs text-muted-foreground">with {session.host_name}</span>
                <span className="text-xs text-muted-foreground md:hidden">{formatDateTime(session.scheduled_time)}</span>
              </div>
            ),
          },
          {
            id: 'when',
            header: 'When',
            className: 'hidden md:table-cell',
            cellClassName: 'whitespace-nowrap text-muted-foreground',
            cell: (session) => (
              <>
                {formatDateTime(session.scheduled_time)}
                <span className="block text-xs">{session.duration_minutes} min</span>
              </>
            ),
          },
          {
            id: 'status',
            header: 'Status',
            cell: (session) => <Badge variant={STATUS_VARIANTS[session.stored_status]}>{session.stored_status}</Badge>,
          },
          {
            id: 'counts',
            header: 'Bookings',
            className: 'hidden sm:table-cell',
            cellClassName: 'whitespace-nowrap text-muted-foreground',
            cell: (session) => (
              <>
                {session.booking_count}
                {session.max_participants !== null ? ` / ${session.max_participants}` : ''}
                <span className="block text-xs">{session.question_count} questions</span>
              </>
            ),
          },
          {
            id: 'actions',
            header: 'Actions',
            headClassName: 'text-right',
            cell: (session) => (
              <div className="flex flex-wrap justify-end gap-1">
                {session.stored_status === 'scheduled' && (
                  <Button size="sm" disabled={setStatus.isPending} onClick={() => changeStatus(session, 'live')}>
                    <Play aria-hidden="true" />
                    Start Session
                  </Button>
                )}
                {session.stored_status === 'live' && (
                  <Button size="sm" variant="secondary" disabled={setStatus.isPending} onClick={() => changeStatus(session, 'completed')}>
                    <Square aria-hidden="true" />
                    End Session
                  </Button>
                )}
                <Button variant="outline" size="sm" aria-label={`Questions of ${session.title}`} onClick={() => setOpen({ kind: 'questions', session })}>
                  <MessageSquare aria-hidden="true" />
                  <span className="hidden lg:inline">Questions</span>
                </Button>
                <a
                  href={`/ama/${session.id}`}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`View ${session.title}`}
                  className="inline-flex h-8 items-center gap-1 rounded-md border px-2 text-xs hover:bg-accent"
                >
                  <ExternalLink className="size-4" aria-hidden="true" />
                  <span className="hidden lg:inline">View</span>
                </a>
                <Button variant="outline" size="sm" aria-label={`Edit ${session.title}`} onClick={() => setOpen({ kind: 'edit', session })}>
                  <Pencil aria-hidden="true" />
                  <span className="hidden lg:inline">Edit</span>
                </Button>
                <DeleteRowButton label={`Delete ${session.title}`} onClick={() => deletion.ask(session)} />
              </div>
            ),
          },
        ]}
      />
      {open?.kind === 'schedule' && <SessionDialog onClose={() => setOpen(null)} />}
      {open?.kind === 'edit' && <SessionDialog key={open.session.id} session={open.session} onClose={() => setOpen(null)} />}
      {open?.kind === 'questions' && <QuestionsDialog session={open.session} onClose={() => setOpen(null)} />}
      {deletion.dialog}
    </section>
  );
}
