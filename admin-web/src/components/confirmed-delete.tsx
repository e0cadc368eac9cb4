import { Button, ConfirmDialog, toast } from '@wfm/ui';
import { Trash2 } from '@wfm/ui/icons';
import { useState, type ReactNode } from 'react';
import { errorMessage } from '../lib/api-client.ts';

/** A row's Delete button; `label` names the row for screen readers (the word shows from lg up). */
export function DeleteRowButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button variant="ghost" size="sm" className="text-destructive hover:text-destructive" aria-label={label} onClick={onClick}>
      <Trash2 aria-hidden="true" />
      <span className="hidden lg:inline">Delete</span>
    </Button>
  );
}

/** What the flow needs of a delete mutation (a TanStack useMutation called with the row's id). */
interface DeleteMutation {
  mutate: (id: number, callbacks: { onSuccess: () => void; onError: (error: unknown) => void }) => void;
  isPending: boolean;
}

interface ConfirmedDeleteOptions<T> {
  remove: DeleteMutation;
  /** The dialog's title, e.g. 'Delete poll?'. */
  title: string;
  /** What deleting this row takes with it; the dialog adds 'This action cannot be undone.' */
  consequence: (row: T) => ReactNode;
  /** The toast after the deletion. */
  deleted: (row: T) => { title: string; description: string };
  /** The title of the toast when the deletion fails (its text is the service's message). */
  failedTitle: string;
}

/**
 * Deleting a table row after a confirmation, as every admin tab does it: `ask(row)` opens the
 * dialog (render `dialog` once in the tab), Delete runs the mutation, a toast tells the outcome and
 * the dialog closes either way.
 */
export function useConfirmedDelete<T extends { id: number }>(options: ConfirmedDeleteOptions<T>): {
  ask: (row: T) => void;
  dialog: ReactNode;
} {
  const { remove, title, consequence, deleted, failedTitle } = options;
  const [asked, setAsked] = useState<T | null>(null);

  function confirm(row: T) {
    remove.mutate(row.id, {
      onSuccess: () => {
        setAsked(null);
        toast(deleted(row));
      },
      onError: (error) => {
        setAsked(null);
        toast({ variant: 'destructive', title: failedTitle, description: errorMessage(error, 'Please try again') });
      },
    });
  }

  const dialog = (
    <ConfirmDialog
      open={asked !== null}
      onOpenChange={(open) => !open && setAsked(null)}
      title={title}
      description={
        <>
          <span>{asked && consequence(asked)}</span>
          <span>This action cannot be undone.</span>
        </>
      }
      confirmLabel="Delete"
      busyLabel="Deleting..."
      busy={remove.isPending}
      onConfirm={() => asked && confirm(asked)}
    />
  );
  return { ask: setAsked, dialog };
}
