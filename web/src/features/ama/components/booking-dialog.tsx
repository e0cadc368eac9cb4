import type { AmaSession, CreateBookingResponse, PaymentMethod } from '@wfm/contracts/ama/api';
import { Button, Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, toast } from '@wfm/ui';
import { useState, type FormEvent } from 'react';
import { errorToast } from '../../../lib/error-toast.ts';
import { useCreateBooking } from '../api/create-booking.ts';
import { AMA_PAGE_TOASTS, BOOKING_HINT } from '../messages.ts';
import { EMPTY_PARTICIPANT, ParticipantFields, validateParticipant, type ParticipantErrors } from './participant-fields.tsx';

/** The booking dialog (§2): participant details and payment method; Cancel / Create Booking. */
export function BookingDialog({
  session,
  open,
  onOpenChange,
  onBooked,
}: {
  session: AmaSession;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onBooked: (booking: CreateBookingResponse, method: PaymentMethod) => void;
}) {
  const [draft, setDraft] = useState(EMPTY_PARTICIPANT);
  const [errors, setErrors] = useState<ParticipantErrors>({});
  const book = useCreateBooking(session.id);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (book.isPending) return;
    const checked = validateParticipant(draft);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    book.mutate(checked.body, {
      onSuccess: (booking) => {
        toast(AMA_PAGE_TOASTS.bookingCreated(booking.booking_reference));
        setDraft(EMPTY_PARTICIPANT);
        onBooked(booking, checked.body.payment_method);
      },
      onError: (error) =>
        toast(errorToast(AMA_PAGE_TOASTS.bookingFailed.title, error, AMA_PAGE_TOASTS.bookingFailed.fallback)),
    });
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !book.isPending && onOpenChange(next)}>
      <DialogContent className="sm:max-w-md">
        <form onSubmit={onSubmit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>Book Your Seat</DialogTitle>
            <DialogDescription>{session.title}</DialogDescription>
          </DialogHeader>
          <ParticipantFields draft={draft} errors={errors} onChange={setDraft} hint={BOOKING_HINT} />
          <DialogFooter>
            <Button variant="outline" disabled={book.isPending} onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={book.isPending}>
              {book.isPending ? 'Creating Booking...' : 'Create Booking'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
