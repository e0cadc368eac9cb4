import { AMA_LIMITS, AMA_MESSAGES } from '@wfm/contracts/ama/api';
import { Button, Input, Label, Textarea, toast } from '@wfm/ui';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { errorToast } from '../../../lib/error-toast.ts';
import { useUploadReceipt } from '../api/upload-receipt.ts';
import { AMA_PAGE_TOASTS } from '../messages.ts';

const ACCEPT = 'image/*,application/pdf';

/** A receipt file (image or PDF) with optional notes; "Upload Receipt" needs a file (§2). */
export function ReceiptUploadForm({
  bookingId,
  reference,
  onUploaded,
  secondary,
}: {
  bookingId: number;
  reference: string;
  onUploaded: () => void;
  /** The button left of "Upload Receipt" ("Skip for Now" in the confirmation dialog). */
  secondary?: ReactNode;
}) {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [notes, setNotes] = useState('');
  const upload = useUploadReceipt();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!file || upload.isPending) return;
    if (file.size > AMA_LIMITS.fileBytes) {
      toast({ variant: 'destructive', title: AMA_PAGE_TOASTS.receiptFailed.title, description: AMA_MESSAGES.receiptSize });
      return;
    }
    upload.mutate(
      { bookingId, reference, file, notes },
      {
        onSuccess: () => {
          toast(AMA_PAGE_TOASTS.receiptUploaded);
          setFile(null);
          setNotes('');
          onUploaded();
        },
        onError: (error) =>
          toast(errorToast(AMA_PAGE_TOASTS.receiptFailed.title, error, AMA_PAGE_TOASTS.receiptFailed.fallback)),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} className="grid gap-3">
      <div className="grid gap-2">
        <Label htmlFor={`${id}-file`}>Payment Receipt (image or PDF)</Label>
        <Input
          id={`${id}-file`}
          type="file"
          accept={ACCEPT}
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          className="cursor-pointer file:mr-3 file:cursor-pointer file:border-0 file:bg-transparent file:font-medium"
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-notes`}>Notes (optional)</Label>
        <Textarea
          id={`${id}-notes`}
          rows={2}
          maxLength={AMA_LIMITS.notes}
          value={notes}
          onChange={(event) => setNotes(event.target.value)}
          placeholder="e.g. the transaction number"
        />
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {secondary}
        <Button type="submit" disabled={!file || upload.isPending}>
          {upload.isPending ? 'Uploading...' : 'Upload Receipt'}
        </Button>
      </div>
    </form>
  );
}
