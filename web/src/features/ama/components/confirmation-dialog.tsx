import type { AmaSession, CreateBookingResponse, PaymentMethod } from '@wfm/contracts/ama/api';
import { Button, Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@wfm/ui';
import { CalendarPlus } from '@wfm/ui/icons';
import { usePricing } from '../api/get-pricing.ts';
import { SAVE_REFERENCE_REMINDER } from '../messages.ts';
import { BOOKING_STATUS_LABELS, calendarHref } from '../utils/session-display.ts';
import { PaymentInstructions } from './payment-instructions.tsx';
import { ReceiptUploadForm } from './receipt-upload-form.tsx';

/** After booking (§2): the reference, payment instructions for the method, and the receipt upload. */
export function ConfirmationDialog({
  session,
  booking,
  method,
  onClose,
}: {
  session: AmaSession;
  booking: CreateBookingResponse;
  method: PaymentMethod;
  onClose: () => void;
}) {
  const { pricing, loading } = usePricing(session);

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Booking Created</DialogTitle>
          <DialogDescription>{session.title}</DialogDescription>
        </DialogHeader>
        <dl className="grid gap-2 rounded-md border bg-muted/40 p-3 text-sm">
          <div className="flex flex-wrap justify-between gap-x-3">
            <dt className="text-muted-foreground">Booking Reference</dt>
            <dd className="break-all font-mono font-semibold" data-testid="booking-reference">
              {booking.booking_reference}
            </dd>
          </div>
          <div className="flex flex-wrap justify-between gap-x-3">
            <dt className="text-muted-foreground">Booking ID</dt>
            <dd className="font-medium">{booking.id}</dd>
          </div>
          <div className="flex flex-wrap justify-between gap-x-3">
            <dt className="text-muted-foreground">Status</dt>
            <dd className="font-medium">{BOOKING_STATUS_LABELS.pending}</dd>
          </div>
        </dl>
        <p className="text-sm text-muted-foreground">{SAVE_REFERENCE_REMINDER}</p>
        <section aria-label="Payment instructions" className="rounded-md border p-3">
          {loading && method !== 'bank_transfer' ? (
            <p className="text-sm text-muted-foreground">Loading pricing...</p>
          ) : (
            <PaymentInstructions method={method} pricing={pricing} />
          )}
        </section>
        <a
          href={calendarHref(booking.booking_reference)}
          download
          className="inline-flex items-center gap-2 text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          <CalendarPlus className="size-4" aria-hidden="true" />
          Add to calendar (.ics)
        </a>
        <ReceiptUploadForm
          bookingId={booking.id}
          reference={booking.booking_reference}
          onUploaded={onClose}
          secondary={
            <Button variant="outline" onClick={onClose}>
              Skip for Now
            </Button>
          }
        />
      </DialogContent>
    </Dialog>
  );
}
