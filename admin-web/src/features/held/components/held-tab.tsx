import { Badge, Button, Card, ConfirmDialog, toast } from '@wfm/ui';
import { Send } from '@wfm/ui/icons';
import { useState } from 'react';
import { DeleteRowButton } from '../../../components/confirmed-delete.tsx';
import { ExpandableText } from '../../../components/expandable-text.tsx';
import { EmptyState } from '../../../components/query-state.tsx';
import { ResourceState } from '../../../components/resource-table.tsx';
import { SectionHeader } from '../../../components/section-header.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useDecideHeld } from '../api/decide-held.ts';
import { useHeld, type HeldEntry } from '../api/get-held.ts';

const KIND_LABEL: Record<HeldEntry['kind'], string> = {
  post: 'Post',
  comment: 'Comment',
  poll: 'Poll',
  tool: 'Tool',
  template: 'Template',
};

const nameOf = (entry: HeldEntry) => `${KIND_LABEL[entry.kind]} ${entry.title ? `“${entry.title}”` : `by ${entry.author_name}`}`;

/**
 * Writes held for review because many visitors sent the same text within the hour: read each,
 * then Release (published as if just written) or Delete (after a confirmation).
 */
export function HeldTab() {
  const held = useHeld();
  const decide = useDecideHeld();
  const [asked, setAsked] = useState<HeldEntry | null>(null);

  function run(entry: HeldEntry, decision: 'release' | 'delete') {
    decide.mutate(
      { service: entry.service, id: entry.id, decision },
      {
        onSuccess: () => {
          setAsked(null);
          toast({
            title: decision === 'release' ? 'Released' : 'Deleted',
            description: decision === 'release' ? `${nameOf(entry)} is published.` : `${nameOf(entry)} was deleted.`,
          });
        },
        onError: (error) => {
          setAsked(null);
          toast({
            variant: 'destructive',
            title: decision === 'release' ? 'Failed to release' : 'Failed to delete',
            description: errorMessage(error, 'Please try again'),
          });
        },
      },
    );
  }

  const busy = (entry: HeldEntry) => decide.isPending && decide.variables?.service === entry.service && decide.variables.id === entry.id;

  return (
    <section className="grid gap-4" aria-labelledby="held-heading">
      <SectionHeader
        id="held-heading"
        title="Held for review"
        count={held.total}
        description="The same text sent by several visitors within an hour is held here instead of published. Release what is fine; delete the spam."
      />
      <ResourceState
        query={held}
        rows={held.isPending ? undefined : held.entries}
        loadingLabel="Loading held items"
        errorTitle="Failed to load held items"
        empty={<EmptyState title="Nothing held">Writes held for review will appear here.</EmptyState>}
      >
        {(rows) => (
          <div className="grid gap-3">
            {rows.map((entry) => (
              <Card key={`${entry.service}-${entry.id}`} className="grid gap-2 p-4" role="article" aria-label={nameOf(entry)}>
                <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                  <Badge variant="outline">{KIND_LABEL[entry.kind]}</Badge>
                  <Badge variant="secondary">{entry.copies} visitors sent this</Badge>
                  <time className="ml-auto" dateTime={new Date(entry.held_at).toISOString()}>
                    {formatDateTime(entry.held_at)}
                  </time>
                </div>
                {entry.title && <h3 className="break-words font-semibold leading-snug">{entry.title}</h3>}
                <ExpandableText text={entry.body} className="text-sm" />
                <div className="flex flex-wrap items-center gap-2">
                  <p className="text-xs text-muted-foreground">By {entry.author_name}</p>
                  <div className="ml-auto flex gap-1">
                    <Button
                      variant="outline"
                      size="sm"
                      aria-label={`Release ${nameOf(entry)}`}
                      disabled={busy(entry)}
                      onClick={() => run(entry, 'release')}
                    >
                      <Send aria-hidden="true" />
                      <span>Release</span>
                    </Button>
                    <DeleteRowButton label={`Delete ${nameOf(entry)}`} onClick={() => setAsked(entry)} />
                  </div>
                </div>
              </Card>
            ))}
          </div>
        )}
      </ResourceState>
      <ConfirmDialog
        open={asked !== null}
        onOpenChange={(open) => !open && setAsked(null)}
        title="Delete held item?"
        description={
          <>
            <span>{asked && <>This deletes {nameOf(asked)}; it is never published.</>}</span>
            <span>This action cannot be undone.</span>
          </>
        }
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={decide.isPending}
        onConfirm={() => asked && run(asked, 'delete')}
      />
    </section>
  );
}
