import { Button, ConfirmDialog, Input, Label, toast } from '@wfm/ui';
import { Ban } from '@wfm/ui/icons';
import { useState } from 'react';
import { errorMessage } from '../lib/api-client.ts';
import { useSuspendAuthor, type SuspendableContent } from '../lib/suspend-author.ts';

const DAY = 86_400_000;
const DURATIONS: { label: string; ms: number | null }[] = [
  { label: '1 day', ms: DAY },
  { label: '7 days', ms: 7 * DAY },
  { label: '30 days', ms: 30 * DAY },
  { label: 'For good', ms: null },
];

/**
 * "Suspend author" of any content (the one suspension form of the admin app): the visitor can still
 * read but cannot write anywhere; they see the reason. `title` names the content for staff.
 */
export function SuspendAuthorButton({
  content,
  title,
  labelled = false,
}: {
  content: SuspendableContent;
  title: string;
  /** Show the "Suspend author" label at every width (cards); table rows show the icon below lg. */
  labelled?: boolean;
}) {
  const formId = `suspend-${content.kind}-${content.id}`;
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [duration, setDuration] = useState(0);
  const suspend = useSuspendAuthor();

  function confirm() {
    if (!reason.trim()) {
      toast({ variant: 'destructive', title: 'Failed to suspend', description: 'Give the reason the visitor will read' });
      return;
    }
    suspend.mutate(
      { content, duration_ms: DURATIONS[duration]!.ms, reason: reason.trim() },
      {
        onSuccess: () => {
          setOpen(false);
          setReason('');
          toast({ title: 'Author suspended', description: `The author of “${title}” cannot write any more (${DURATIONS[duration]!.label.toLowerCase()}).` });
        },
        onError: (error) => toast({ variant: 'destructive', title: 'Failed to suspend', description: errorMessage(error, 'Please try again') }),
      },
    );
  }

  return (
    <>
      <Button variant={labelled ? 'outline' : 'ghost'} size="sm" aria-label={`Suspend author of “${title}”`} onClick={() => setOpen(true)}>
        <Ban aria-hidden="true" />
        <span className={labelled ? undefined : 'hidden lg:inline'}>{labelled ? 'Suspend author' : 'Suspend'}</span>
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Suspend the author?"
        description={
          <>
            <span>The author of “{title}” will be refused every write on the site (reading still works) and will see your reason.</span>
            <Label htmlFor={`${formId}-reason`}>Reason shown to the visitor</Label>
            <Input id={`${formId}-reason`} value={reason} maxLength={200} onChange={(e) => setReason(e.target.value)} />
            <Label htmlFor={`${formId}-duration`}>For</Label>
            <select
              id={`${formId}-duration`}
              className="h-9 rounded-md border px-2"
              value={duration}
              onChange={(e) => setDuration(Number(e.target.value))}
            >
              {DURATIONS.map((d, i) => (
                <option key={d.label} value={i}>
                  {d.label}
                </option>
              ))}
            </select>
          </>
        }
        confirmLabel="Suspend"
        busyLabel="Suspending..."
        busy={suspend.isPending}
        onConfirm={confirm}
      />
    </>
  );
}
