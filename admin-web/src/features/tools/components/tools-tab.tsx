import type { AdminTool } from '@wfm/contracts/catalog';
import { Badge, buttonClasses } from '@wfm/ui';
import { ExternalLink } from '@wfm/ui/icons';
import { ExpandableText } from '../../../components/expandable-text.tsx';
import { DeleteRowButton, useConfirmedDelete } from '../../../components/confirmed-delete.tsx';
import { EmptyState } from '../../../components/query-state.tsx';
import { ResourceTable } from '../../../components/resource-table.tsx';
import { SectionHeader } from '../../../components/section-header.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useDeleteTool } from '../api/delete-tool.ts';
import { useAdminTools } from '../api/get-tools.ts';
import { SuspendAuthorButton } from '../../../components/suspend-author-button.tsx';

/** Only http(s) links are opened; anything else stays text. */
const isHttp = (url: string) => /^https?:\/\//i.test(url);

/** Every tool submission, newest first: visit it, delete it after a confirmation. */
export function ToolsTab() {
  const tools = useAdminTools();
  const deletion = useConfirmedDelete<AdminTool>({
    remove: useDeleteTool(),
    title: 'Delete tool?',
    consequence: (tool) => (
      <>
        This permanently deletes the tool submission “<strong className="text-foreground">{tool.name}</strong>” with its votes.
      </>
    ),
    deleted: (tool) => ({ title: 'Tool deleted', description: `“${tool.name}” was removed from the directory.` }),
    failedTitle: 'Failed to delete tool',
  });

  return (
    <section className="grid gap-4" aria-labelledby="tools-heading">
      <SectionHeader id="tools-heading" title="Tools" count={tools.data?.total} description="Tool submissions, newest first." />
      <ResourceTable
        query={tools}
        rows={tools.data?.tools}
        loadingLabel="Loading tools"
        errorTitle="Failed to load tools"
        empty={<EmptyState title="No tools yet">Tools recommended by the community will appear here.</EmptyState>}
        rowKey={(tool) => tool.id}
        columns={[
          {
            id: 'name',
            header: 'Tool',
            cellClassName: 'max-w-96',
            cell: (tool) => (
              <div className="grid gap-1">
                <span className="break-words font-medium">{tool.name}</span>
                <span className="break-all text-xs text-muted-foreground">{tool.url}</span>
                <ExpandableText text={tool.short_desc} className="text-xs text-muted-foreground" />
                <span className="text-xs text-muted-foreground md:hidden">
                  {tool.category} · {tool.votes} votes
                </span>
              </div>
            ),
          },
          {
            id: 'category',
            header: 'Category',
            className: 'hidden md:table-cell',
            cell: (tool) => <Badge variant="outline">{tool.category}</Badge>,
          },
          {
            id: 'votes',
            header: 'Votes',
            className: 'hidden text-right md:table-cell',
            cellClassName: 'tabular-nums',
            cell: (tool) => tool.votes,
          },
          {
            id: 'submitter',
            header: 'Submitted By',
            className: 'hidden lg:table-cell',
            cellClassName: 'whitespace-nowrap',
            cell: (tool) => tool.submitted_by,
          },
          {
            id: 'created',
            header: 'Created',
            className: 'hidden lg:table-cell',
            cellClassName: 'whitespace-nowrap text-muted-foreground',
            cell: (tool) => formatDateTime(tool.created_at),
          },
          {
            id: 'actions',
            header: 'Actions',
            headClassName: 'text-right',
            cell: (tool) => (
              <div className="flex justify-end gap-1">
                {isHttp(tool.url) && (
                  <a
                    href={tool.url}
                    target="_blank"
                    rel="noopener noreferrer nofollow"
                    className={buttonClasses({ variant: 'ghost', size: 'sm' })}
                    aria-label={`Visit “${tool.name}”`}
                  >
                    <ExternalLink aria-hidden="true" />
                    <span className="hidden lg:inline">Visit</span>
                  </a>
                )}
                <SuspendAuthorButton content={{ kind: 'tool', id: tool.id }} title={tool.name} />
                <DeleteRowButton label={`Delete “${tool.name}”`} onClick={() => deletion.ask(tool)} />
              </div>
            ),
          },
        ]}
      />
      {deletion.dialog}
    </section>
  );
}
