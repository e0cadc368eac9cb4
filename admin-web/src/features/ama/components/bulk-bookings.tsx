import { AMA_ADMIN_TOASTS, AMA_LIMITS, type StaffBooking } from '@wfm/contracts/ama';
import {
  Button,
  ConfirmDialog,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Label,
  Textarea,
  toast,
} from '@wfm/ui';
import { Ban, X } from '@wfm/ui/icons';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client.ts';
import { useBulkBookings } from '../api/bookings.ts';

const plural = (n: number) => `${n} booking${n === 1 ? '' : 's'}`;

/** The names of the chosen bookings, a few of them and how many more. */
function namesOf(chosen: readonly StaffBooking[]): string {
  const names = chosen.slice(0, 5).map((b) => b.participant_name);
  return chosen.length > 5 ? `${names.join(', ')} and ${chosen.length - 5} more` : names.join(', ');
}

/**
 * The bar over the bookings table while bookings are chosen: how many, Cancel selected, Reject
 * selected (one reason for all: their pending receipts are rejected and the bookings cancelled) and
 * Clear. Each action asks for confirmation first. It wraps on a phone.
 */
export function BulkBookingsBar({
  sessionId,
  chosen,
  onDone,
}: {
  sessionId: number;
  chosen: readonly StaffBooking[];
  onDone: () => void;
}) {
  const bulk = useBulkBookings(sessionId);
  const [asking, setAsking] = useState<'cancel' | 'reject' | null>(null);
  const [reason, setReason] = useState('');
  const ids = chosen.map((b) => b.id);

  function run(action: 'cancel' | 'reject') {
    bulk.mutate(action === 'cancel' ? { action, ids } : { action, ids, reason: reason.trim() }, {
      onSuccess: (result) => {
        const done = action === 'cancel' ? 'cancelled' : 'rejected';
        const skipped = result.skipped.length > 0 ? ` ${plural(result.skipped.length)} left as they were.` : '';
        const promoted = result.promoted > 0 ? ` ${result.promoted} from the waitlist got a place.` : '';
        const description = `${skipped}${promoted}`.trim();
        toast({ title: `${plural(result.cancelled.length)} ${done}`, ...(description ? { description } : {}) });
        setAsking(null);
        setReason('');
        onDone();
      },
      onError: (error) => {
        setAsking(null);
        toast({ variant: 'destructive', title: AMA_ADMIN_TOASTS.statusUpdateFailed, description: errorMessage(error, AMA_ADMIN_TOASTS.tryAgain) });
      },
    });
  }

  if (chosen.length === 0) return null;
  return (
    <>
      <div
        role="toolbar"
        aria-label="Selected bookings"
        className="flex flex-wrap items-center gap-2 rounded-md border bg-muted/40 px-3 py-2 text-sm"
      >
        <span className="mr-auto font-medium" aria-live="polite">
          {plural(chosen.length)} selected
        </span>
        <Button size="sm" variant="outline" disabled={bulk.isPending} onClick={() => setAsking('cancel')}>
          <X aria-hidden="true" />
          Cancel selected
        </Button>
        <Button size="sm" variant="destructive" disabled={bulk.isPending} onClick={() => setAsking('reject')}>
          <Ban aria-hidden="true" />
          Reject selected
        </Button>
        <Button size="sm" variant="ghost" disabled={bulk.isPending} onClick={onDone}>
          Clear selection
        </Button>
      </div>
      <ConfirmDialog
        open={asking === 'cancel'}
        onOpenChange={(open) => !open && setAsking(null)}
        title={`Cancel ${plural(chosen.length)}?`}
        description={
          <>
            <span>
              This cancels the bookings of <strong className="text-foreground">{namesOf(chosen)}</strong>. Their places go to the waitlist.
            </span>
            <span>Cancelled bookings cannot be restored.</span>
          </>
        }
        confirmLabel="Cancel bookings"
        busyLabel="Cancelling..."
        busy={bulk.isPending}
        onConfirm={() => run('cancel')}
      />
      <Dialog open={asking === 'reject'} onOpenChange={(open) => !open && !bulk.isPending && setAsking(null)}>
        <DialogContent role="alertdialog" className="max-w-md">
          <form
            className="grid gap-4"
            onSubmit={(event) => {
              event.preventDefault();
              if (!reason.trim() || bulk.isPending) return;
              run('reject');
            }}
          >
            <DialogHeader>
              <DialogTitle>{`Reject ${plural(chosen.length)}?`}</DialogTitle>
              <DialogDescription>
                Their pending receipts are rejected with this reason and the bookings of {namesOf(chosen)} are cancelled; each booker
                receives the reason by email. Their places go to the waitlist.
              </DialogDescription>
            </DialogHeader>
            <div className="grid gap-2">
              <Label htmlFor="bulk-reject-reason">Reason for rejection</Label>
              <Textarea
                id="bulk-reject-reason"
                rows={3}
                maxLength={AMA_LIMITS.notes}
                value={reason}
                onChange={(event) => setReason(event.target.value)}
              />
            </div>
            <DialogFooter>
              <Button type="button" variant="outline" disabled={bulk.isPending} onClick={() => setAsking(null)}>
                Cancel
              </Button>
              <Button type="submit" variant="destructive" disabled={!reason.trim() || bulk.isPending}>
                {bulk.isPending ? 'Rejecting...' : 'Reject bookings'}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </>
  );
}
