import { AMA_ADMIN_TOASTS, AMA_LIMITS, type StaffReceipt } from '@wfm/contracts/ama';
import { Button, Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, Label, Textarea, toast } from '@wfm/ui';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client.ts';
import { useValidateReceipt } from '../api/receipts.ts';

export type ReceiptAction = 'approve' | 'reject' | 'notes';

const TEXT = {
  approve: { title: 'Approve Receipt', label: 'Notes (optional)', button: 'Approve', done: 'Receipt approved' },
  reject: { title: 'Reject Receipt', label: 'Reason for rejection', button: 'Reject', done: 'Receipt rejected' },
  notes: { title: 'Update Notes', label: 'Notes', button: 'Save Notes', done: 'Notes updated' },
} as const;

/**
 * Approve with optional notes, reject with a required reason (§4, §5), or, for a receipt already
 * decided, change only its notes (its status is kept).
 */
export function ReceiptDialog({
  receipt,
  action,
  sessionId,
  staffName,
  onClose,
}: {
  receipt: StaffReceipt;
  action: ReceiptAction;
  sessionId: number;
  staffName: string;
  onClose: () => void;
}) {
  const [notes, setNotes] = useState(action === 'notes' ? (receipt.notes ?? '') : '');
  const validate = useValidateReceipt(sessionId);
  const text = TEXT[action];
  const blocked = action === 'reject' && !notes.trim();
  const status = action === 'approve' ? 'approved' : action === 'reject' ? 'rejected' : receipt.validation_status;

  return (
    <Dialog open onOpenChange={(open) => !open && !validate.isPending && onClose()}>
      <DialogContent className="max-w-md">
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (blocked || validate.isPending) return;
            validate.mutate(
              { id: receipt.id, status, notes, validatedBy: staffName },
              {
                onSuccess: () => {
                  toast({ title: text.done, description: `Booking ${receipt.booking_reference} (${receipt.participant_name}).` });
                  onClose();
                },
                onError: (error) =>
                  toast({
                    variant: 'destructive',
                    title: AMA_ADMIN_TOASTS.validationFailed,
                    description: errorMessage(error, AMA_ADMIN_TOASTS.tryAgain),
                  }),
              },
            );
          }}
        >
          <DialogHeader>
            <DialogTitle>{text.title}</DialogTitle>
            <DialogDescription>
              {receipt.receipt_filename} · {receipt.participant_name} · {receipt.booking_reference}
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor="receipt-notes">{text.label}</Label>
            <Textarea id="receipt-notes" rows={3} maxLength={AMA_LIMITS.notes} value={notes} onChange={(e) => setNotes(e.target.value)} />
            {action === 'reject' && <p className="text-xs text-muted-foreground">The participant receives this reason by email.</p>}
          </div>
          <DialogFooter>
            <Button variant="outline" disabled={validate.isPending} onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" variant={action === 'reject' ? 'destructive' : 'default'} disabled={blocked || validate.isPending}>
              {validate.isPending ? 'Saving...' : text.button}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
