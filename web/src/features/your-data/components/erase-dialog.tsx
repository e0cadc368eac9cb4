import { Button, Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, toast } from '@wfm/ui';
import { errorToast } from '../../../lib/error-toast.ts';
import { useEraseMyData } from '../api/erase-my-data.ts';
import { countOf, ERASED, KEPT } from '../data-kinds.ts';

/** The confirmation of "Delete all my content", naming what goes and what stays; loaded when first opened. */
export function EraseDialog({
  open,
  onOpenChange,
  counts,
  onErased,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  counts: Record<string, number>;
  onErased: (erased: Record<string, number>) => void;
}) {
  const erase = useEraseMyData();
  const busy = erase.isPending;
  const going = ERASED.filter(([kind]) => countOf(counts, kind) > 0);
  const staying = KEPT.filter(([kind]) => countOf(counts, kind) > 0);
  const confirm = () =>
    erase.mutate(undefined, {
      onSuccess: (answer) => {
        onOpenChange(false);
        onErased(answer.erased);
      },
      onError: (error) => toast(errorToast('Your content was not deleted', error, 'Please try again in a minute.')),
    });
  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Delete all your content?</DialogTitle>
          <DialogDescription>This cannot be undone. These go from the site for everyone, at once:</DialogDescription>
        </DialogHeader>
        <ul className="grid gap-1 text-sm" data-testid="erase-list">
          {going.map(([kind, k]) => (
            <li key={kind} className="flex justify-between gap-4 rounded-md border border-border px-3 py-1.5">
              <span>{k.label}</span>
              <span className="font-medium tabular-nums">{counts[kind]}</span>
            </li>
          ))}
        </ul>
        {staying.length > 0 && (
          <p className="text-sm text-muted-foreground">
            Kept: {staying.map(([kind, k]) => `${k.label.toLowerCase()} (${counts[kind]})`).join(', ')}.
            {countOf(counts, 'profile') > 0 && ' Your username stays until you use “Forget this device”.'}
            {countOf(counts, 'bookings') > 0 && ' AMA bookings are payment records: staff cancel them on request.'}
          </p>
        )}
        {busy && (
          <p role="status" className="text-sm text-muted-foreground">
            Deleting from every part of the site...
          </p>
        )}
        <DialogFooter>
          <Button type="button" variant="outline" disabled={busy} onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="button" variant="destructive" disabled={busy} onClick={confirm} data-testid="erase-confirm">
            {busy ? 'Deleting...' : 'Delete everything listed'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
