import type { AdminPoll } from '@wfm/contracts/catalog';
import { POLL_CATEGORY_LABELS } from '@wfm/contracts/catalog/labels';
import { Badge, buttonClasses } from '@wfm/ui';
import { ExternalLink } from '@wfm/ui/icons';
import { ExpandableText } from '../../../components/expandable-text.tsx';
import { DeleteRowButton, useConfirmedDelete } from '../../../components/confirmed-delete.tsx';
import { EmptyState } from '../../../components/query-state.tsx';
import { ResourceTable } from '../../../components/resource-table.tsx';
import { SectionHeader } from '../../../components/section-header.tsx';
import { sitePaths } from '../../../config/paths.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useDeletePoll } from '../api/delete-poll.ts';
import { useAdminPolls } from '../api/get-polls.ts';
import { SuspendAuthorButton } from '../../../components/suspend-author-button.tsx';

const isClosed = (poll: AdminPoll) => poll.expires_at !== null && poll.expires_at <= Date.now();

/** Every poll, newest first: open it on the site, delete it (with all its votes) after a confirmation. */
export function PollsTab() {
  const polls = useAdminPolls();
  const deletion = useConfirmedDelete<AdminPoll>({
    remove: useDeletePoll(),
    title: 'Delete poll?',
    consequence: (poll) => (
      <>
        This permanently deletes the poll “<strong className="text-foreground">{poll.title}</strong>” and all its votes.
      </>
    ),
    deleted: (poll) => ({ title: 'Poll deleted', description: `“${poll.title}” and its votes were deleted.` }),
    failedTitle: 'Failed to delete poll',
  });

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
                <SuspendAuthorButton content={{ kind: 'poll', id: poll.id }} title={poll.title} />
                <DeleteRowButton label={`Delete “${poll.title}”`} onClick={() => deletion.ask(poll)} />
              </div>
            ),
          },
        ]}
      />
      {deletion.dialog}
    </section>
  );
}
