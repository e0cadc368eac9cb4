import { AMA_MESSAGES, bookingStatusMessages, type BookingLookupResponse } from '@wfm/contracts/ama/api';
import {
  Alert,
  AlertDescription,
  Badge,
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Input,
  Label,
  toast,
  type BadgeVariant,
} from '@wfm/ui';
import { CalendarPlus } from '@wfm/ui/icons';
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { errorToast } from '../../../lib/error-toast.ts';
import { useRealtimeEvent } from '../../../lib/realtime-context.tsx';
import { useBookingLookup } from '../api/lookup-booking.ts';
import { AMA_PAGE_TOASTS } from '../messages.ts';
import {
  BOOKING_STATUS_LABELS,
  PAYMENT_METHOD_LABELS,
  calendarHref,
  formatDateTime,
  formatSessionDate,
  formatSessionTime,
} from '../utils/session-display.ts';
import { ReceiptUploadForm } from './receipt-upload-form.tsx';

const BOOKING_VARIANTS = { pending: 'secondary', confirmed: 'success', cancelled: 'destructive' } as const satisfies Record<
  string,
  BadgeVariant
>;
const RECEIPT_VARIANTS = { pending: 'secondary', approved: 'success', rejected: 'destructive' } as const satisfies Record<
  string,
  BadgeVariant
>;
const RECEIPT_LABELS = { pending: 'Pending Review', approved: 'Approved', rejected: 'Rejected' } as const;

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="break-words text-sm font-medium">{children}</dd>
    </div>
  );
}

function BookingResult({ result }: { result: BookingLookupResponse }) {
  const { booking, session, receipt } = result;
  const messages = bookingStatusMessages(booking);
  return (
    <div className="grid gap-4" data-testid="booking-result">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="grid">
          <span className="break-all font-mono text-sm font-semibold">{booking.booking_reference}</span>
          <span className="text-xs text-muted-foreground">Booking ID {booking.id}</span>
        </div>
        <Badge variant={BOOKING_VARIANTS[booking.booking_status]} data-testid="booking-status-badge">
          {BOOKING_STATUS_LABELS[booking.booking_status]}
        </Badge>
      </div>
      {messages.length > 0 && (
        <Alert>
          <AlertDescription className="grid gap-1">
            {messages.map((message) => (
              <p key={message} data-testid="booking-status-message">
                {message}
              </p>
            ))}
          </AlertDescription>
        </Alert>
      )}
      {booking.cancel_reason === 'hold_expired' && (
        <Alert variant="destructive">
          <AlertDescription>
            This booking was cancelled because no receipt was uploaded within 24 hours of booking, so the place was
            released.
          </AlertDescription>
        </Alert>
      )}
      <section aria-label="Session" className="grid gap-1 rounded-md border p-3">
        <p className="font-semibold">{session.title}</p>
        <p className="text-sm text-muted-foreground">with {session.host_name}</p>
        <p className="text-sm text-muted-foreground">
          {formatSessionDate(session.scheduled_time)} · {formatSessionTime(session.scheduled_time)} ({session.duration_minutes}{' '}
          minutes)
        </p>
      </section>
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <Field label="Participant">{booking.participant_name}</Field>
        <Field label="Email">{booking.participant_email}</Field>
        <Field label="Phone">{booking.participant_phone}</Field>
        <Field label="Payment Method">{PAYMENT_METHOD_LABELS[booking.payment_method]}</Field>
        {booking.seat_number !== null && <Field label="Seat Number">{booking.seat_number}</Field>}
        <Field label="Receipt Uploaded">{booking.receipt_uploaded ? 'Yes' : 'No'}</Field>
        {receipt && (
          <Field label="Receipt Status">
            <Badge variant={RECEIPT_VARIANTS[receipt.validation_status]}>{RECEIPT_LABELS[receipt.validation_status]}</Badge>
          </Field>
        )}
        {receipt?.validated_by && <Field label="Validated By">{receipt.validated_by}</Field>}
        {receipt?.notes && <Field label="Notes">{receipt.notes}</Field>}
        <Field label="Booked On">{formatDateTime(booking.created_at)}</Field>
      </dl>
      {booking.booking_status !== 'cancelled' && (
        <a
          href={calendarHref(booking.booking_reference)}
          download
          className="inline-flex items-center gap-2 text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          <CalendarPlus className="size-4" aria-hidden="true" />
          Download calendar file (.ics)
        </a>
      )}
      {booking.booking_status === 'pending' && (!booking.receipt_uploaded || receipt?.validation_status === 'rejected') && (
        <section aria-label="Upload your receipt" className="rounded-md border p-3">
          <ReceiptUploadForm bookingId={booking.id} reference={booking.booking_reference} onUploaded={() => undefined} />
        </section>
      )}
    </div>
  );
}

/**
 * "Check Booking Status" (§2): a reference in, the booking out. While open, a status change the
 * server pushes to this visitor (realtime `booking_status`) refreshes the result without asking.
 * The page's button opens it; its code loads on the first click (ama-list-page.tsx, lazyDialog).
 */
export function BookingStatusDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const id = useId();
  const [draft, setDraft] = useState('');
  const [reference, setReference] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const lookup = useBookingLookup(reference);

  useEffect(() => {
    if (lookup.isError) toast(errorToast(AMA_PAGE_TOASTS.lookupFailed.title, lookup.error, AMA_PAGE_TOASTS.lookupFailed.fallback));
  }, [lookup.isError, lookup.error]);

  useRealtimeEvent('booking_status', (data) => {
    const shown = lookup.data?.booking;
    if (shown && (shown.id === data.booking_id || shown.booking_reference === data.reference.toUpperCase())) {
      void lookup.refetch();
    }
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const value = draft.trim();
    if (!value) {
      setError(AMA_MESSAGES.referenceRequired);
      return;
    }
    setError(null);
    if (value.toUpperCase() === reference?.toUpperCase()) void lookup.refetch();
    else setReference(value);
  };

  const reset = () => {
    setReference(null);
    setDraft('');
    setError(null);
  };

  const result = lookup.data && !lookup.isError ? lookup.data : null;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        if (!next) reset();
      }}
    >
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Check Booking Status</DialogTitle>
          <DialogDescription>Enter the booking reference you received when you booked.</DialogDescription>
        </DialogHeader>
        {result ? (
          <>
            <BookingResult result={result} />
            <DialogFooter>
              <Button variant="outline" onClick={reset}>
                Check Another Booking
              </Button>
              <Button onClick={() => onOpenChange(false)}>Close</Button>
            </DialogFooter>
          </>
        ) : (
          <form onSubmit={onSubmit} className="grid gap-3" noValidate>
            <div className="grid gap-2">
              <Label htmlFor={`${id}-reference`}>Booking Reference</Label>
              <Input
                id={`${id}-reference`}
                value={draft}
                maxLength={100}
                autoComplete="off"
                placeholder="e.g. AMA1A2B3C4D5E6F7G8H9J0K"
                aria-invalid={Boolean(error)}
                aria-describedby={error ? `${id}-error` : undefined}
                onChange={(event) => setDraft(event.target.value)}
                className="font-mono"
              />
              {error && (
                <p id={`${id}-error`} className="text-sm text-destructive">
                  {error}
                </p>
              )}
            </div>
            <DialogFooter>
              <Button variant="outline" onClick={() => onOpenChange(false)}>
                Close
              </Button>
              <Button type="submit" disabled={lookup.isFetching}>
                {lookup.isFetching ? 'Checking...' : 'Check Status'}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
