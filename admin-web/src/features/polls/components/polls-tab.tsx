import type { AdminPoll } from '@wfm/contracts/catalog';
import { POLL_CATEGORY_LABELS } from '@wfm/contracts/catalog/labels';
import { Badge, Button, ConfirmDialog, buttonClasses, toast } from '@wfm/ui';
import { ExternalLink, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { ExpandableText } from '../../../components/expandable-text.tsx';
import { EmptyState } from '../../../components/query-state.tsx';
import { ResourceTable } from '../../../components/resource-table.tsx';
import { SectionHeader } from '../../../components/section-header.tsx';
import { sitePaths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useDeletePoll } from '../api/delete-poll.ts';
import { useAdminPolls } from '../api/get-polls.ts';

const isClosed = (poll: AdminPoll) => poll.expires_at !== null && poll.expires_at <= Date.now();

/** Every poll, newest first: open it on the site, delete it (with all its votes) after a confirmation. */
export function PollsTab() {
  const polls = useAdminPolls();
  const remove = useDeletePoll();
  const [toDelete, setToDelete] = useState<AdminPoll | null>(null);

  function deletePoll(poll: AdminPoll) {
    remove.mutate(poll.id, {
      onSuccess: () => {
        setToDelete(null);
        toast({ title: 'Poll deleted', description: `“${poll.title}” and its votes were deleted.` });
      },
      onError: (error) => {
        setToDelete(null);
        toast({ variant: 'destructive', title: 'Failed to delete poll', description: errorMessage(error, 'Please try again') });
      },
    });
  }

  return (
    <section className="grid gap-4" aria-labelledby="polls-heading">
      <SectionHeader id="polls-heading" title="Polls" count={polls.data?.total} description="Community polls, newest first." />
      <ResourceTable
        query={polls}
        rows={polls.data?.polls}
        loadingLabel="Loading polls"
        errorTitle="Failed to load polls"
        empty={<EmptyState title="No polls yet">Polls created by the community will appear here.</EmptyState>}
        rowKey={(poll) => poll.id}
        columns={[
          {
            id: 'title',
            header: 'Poll',
            cellClassName: 'max-w-96',
            cell: (poll) => (
              <div className="grid gap-1">
                <span className="break-words font-medium">{poll.title}</span>
                <ExpandableText text={poll.description} className="text-xs text-muted-foreground" />
                <span className="text-xs text-muted-foreground lg:hidden">
                  {poll.total_votes} votes · {formatDateTime(poll.created_at)}
                </span>
              </div>
            ),
          },
          {
            id: 'category',
            header: 'Category',
            className: 'hidden md:table-cell',
            cell: (poll) => <Badge variant="outline">{POLL_CATEGORY_LABELS[poll.category]}</Badge>,
          },
          {
            id: 'status',
            header: 'Status',
            className: 'hidden sm:table-cell',
            cell: (poll) => (
              <Badge variant={isClosed(poll) ? 'outline' : 'success'}>{isClosed(poll) ? 'Closed' : 'Open'}</Badge>
            ),
          },
          {
            id: 'votes',
            header: 'Votes',
            className: 'hidden text-right lg:table-cell',
            cellClassName: 'tabular-nums',
            cell: (poll) => poll.total_votes,
          },
          {
            id: 'options',
            header: 'Options',
            className: 'hidden text-right lg:table-cell',
            cellClassName: 'tabular-nums',
            cell: (poll) => poll.options_count,
          },
          {
            id: 'creator',
            header: 'Created By',
            className: 'hidden md:table-cell',
            cellClassName: 'whitespace-nowrap',
            cell: (poll) => poll.created_by,
          },
          {
            id: 'created',
            header: 'Created',
            className: 'hidden lg:table-cell',
            cellClassName: 'whitespace-nowrap text-muted-foreground',
            cell: (poll) => formatDateTime(poll.created_at),
          },
          {
            id: 'actions',
            header: 'Actions',
            headClassName: 'text-right',
            cell: (poll) => (
              <div className="flex justify-end gap-1">
                <a
                  href={sitePaths.poll(poll.id)}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={buttonClasses({ variant: 'ghost', size: 'sm' })}
                  aria-label={`View “${poll.title}”`}
                >
                  <ExternalLink aria-hidden="true" />
                  <span className="hidden lg:inline">View</span>
                </a>
                <Button
                  variant="ghost"
                  size="sm"
                  className="text-destructive hover:text-destructive"
                  aria-label={`Delete “${poll.title}”`}
                  onClick={() => setToDelete(poll)}
                >
                  <Trash2 aria-hidden="true" />
                  <span className="hidden lg:inline">Delete</span>
                </Button>
              </div>
            ),
          },
        ]}
      />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="Delete poll?"
        description={
          <>
            <span>
              This permanently deletes the poll “<strong className="text-foreground">{toDelete?.title}</strong>” and all its
              votes.
            </span>
            <span>This action cannot be undone.</span>
          </>
        }
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={remove.isPending}
        onConfirm={() => toDelete && deletePoll(toDelete)}
      />
    </section>
  );
}
