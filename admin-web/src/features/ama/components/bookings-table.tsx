import { AMA_ADMIN_TOASTS, type Booking, type StaffSession } from '@wfm/contracts/ama';
import { Badge, Button, Checkbox, ConfirmDialog, toast, type BadgeVariant } from '@wfm/ui';
import { Armchair, Check, Trash2, X } from '@wfm/ui/icons';
import { useMemo, useState } from 'react';
import { EmptyState } from '../../../components/query-state.tsx';
import { ResourceTable } from '../../../components/resource-table.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useAssignSeat, useBookings, useDeleteBooking, useSetBookingStatus } from '../api/bookings.ts';
import { parseSeatPrompt } from '../seat-prompt.ts';
import { BulkBookingsBar } from './bulk-bookings.tsx';
import { SuspendAuthorButton } from '../../../components/suspend-author-button.tsx';

const BOOKING_VARIANTS: Record<Booking['booking_status'], BadgeVariant> = { pending: 'secondary', confirmed: 'success', cancelled: 'outline' };
const METHOD_LABELS: Record<Booking['payment_method'], string> = { paypal: 'PayPal', gcash: 'GCash', bank_transfer: 'Bank Transfer' };

/**
 * A session's bookings: confirm, cancel, assign a seat, delete; and, for bookings chosen with their
 * checkboxes (cancelled ones cannot be chosen), cancel or reject them all at once.
 */
export function BookingsTable({ session }: { session: StaffSession }) {
  const bookings = useBookings(session.id);
  const setStatus = useSetBookingStatus(session.id);
  const assignSeat = useAssignSeat(session.id);
  const remove = useDeleteBooking(session.id);
  const [toDelete, setToDelete] = useState<Booking | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const choosable = useMemo(() => (bookings.data ?? []).filter((b) => b.booking_status !== 'cancelled'), [bookings.data]);
  // Only bookings still listed and not cancelled stay chosen (the list refreshes on its own).
  const chosen = choosable.filter((b) => selected.has(b.id));
  const allChosen = choosable.length > 0 && chosen.length === choosable.length;

  function toggle(id: number, on: boolean) {
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  function changeStatus(booking: Booking, status: 'confirmed' | 'cancelled') {
    setStatus.mutate(
      { id: booking.id, status },
      {
        onSuccess: () =>
          toast({ title: status === 'confirmed' ? 'Booking confirmed' : 'Booking cancelled', description: `${booking.booking_reference} (${booking.participant_name}).` }),
        onError: (error) =>
          toast({ variant: 'destructive', title: AMA_ADMIN_TOASTS.statusUpdateFailed, description: errorMessage(error, AMA_ADMIN_TOASTS.tryAgain) }),
      },
    );
  }

  function promptSeat(booking: Booking) {
    const answer = parseSeatPrompt(window.prompt(`Seat number for ${booking.participant_name} (1-100):`));
    if (answer.kind === 'ignore') return;
    if (answer.kind === 'invalid') {
      toast({ variant: 'destructive', title: AMA_ADMIN_TOASTS.seatFailed, description: answer.message });
      return;
    }
    assignSeat.mutate(
      { id: booking.id, seat: answer.seat },
      {
        onSuccess: () => toast({ title: 'Seat assigned', description: `Seat ${answer.seat} for ${booking.participant_name}.` }),
        onError: (error) =>
          toast({ variant: 'destructive', title: AMA_ADMIN_TOASTS.seatFailed, description: errorMessage(error, AMA_ADMIN_TOASTS.tryAgain) }),
      },
    );
  }

  return (
    <>
      <BulkBookingsBar sessionId={session.id} chosen={chosen} onDone={() => setSelected(new Set())} />
      <ResourceTable
        query={bookings}
        rows={bookings.data}
        loadingLabel="Loading bookings"
        errorTitle="Failed to load bookings"
        empty={<EmptyState title="No bookings for this session yet" />}
        rowKey={(booking) => booking.id}
        rowLabel={(booking) => booking.participant_name}
        columns={[
          {
            id: 'select',
            header: (
              <Checkbox
                aria-label="Select all bookings that are not cancelled"
                disabled={choosable.length === 0}
                checked={allChosen ? true : chosen.length > 0 ? 'indeterminate' : false}
                onCheckedChange={(value) => setSelected(value === true ? new Set(choosable.map((b) => b.id)) : new Set())}
              />
            ),
            className: 'w-8',
            cell: (booking) => (
              <Checkbox
                aria-label={`Select booking of ${booking.participant_name}`}
                disabled={booking.booking_status === 'cancelled'}
                checked={booking.booking_status !== 'cancelled' && selected.has(booking.id)}
                onCheckedChange={(value) => toggle(booking.id, value === true)}
              />
            ),
          },
          {
            id: 'participant',
            header: 'Participant',
            cell: (booking) => (
              <div className="grid gap-0.5">
                <span className="font-medium">{booking.participant_name}</span>
                <span className="break-all text-xs text-muted-foreground">{booking.participant_email}</span>
                <span className="text-xs text-muted-foreground">{booking.participant_phone}</span>
                <span className="break-all font-mono text-xs text-muted-foreground lg:hidden">{booking.booking_reference}</span>
              </div>
            ),
          },
          {
            id: 'reference',
            header: 'Reference',
            className: 'hidden lg:table-cell',
            cellClassName: 'font-mono text-xs',
            cell: (booking) => (
              <>
                {booking.booking_reference}
                <span className="block font-sans text-muted-foreground">{formatDateTime(booking.created_at)}</span>
              </>
            ),
          },
          {
            id: 'payment',
            header: 'Payment',
            className: 'hidden md:table-cell',
            cellClassName: 'text-muted-foreground',
            cell: (booking) => (
              <>
                {METHOD_LABELS[booking.payment_method]}
                <span className="block text-xs">{booking.receipt_uploaded ? 'Receipt uploaded' : 'No receipt'}</span>
              </>
            ),
          },
          {
            id: 'status',
            header: 'Status',
            cell: (booking) => (
              <div className="grid justify-items-start gap-1">
                <Badge variant={BOOKING_VARIANTS[booking.booking_status]}>{booking.booking_status}</Badge>
                {booking.seat_number !== null && <span className="text-xs">Seat {booking.seat_number}</span>}
                {booking.from_waitlist && <span className="text-xs text-muted-foreground">from waitlist</span>}
                {booking.cancel_reason === 'hold_expired' && <span className="text-xs text-muted-foreground">hold expired</span>}
                {booking.cancel_reason === 'receipt_rejected' && <span className="text-xs text-muted-foreground">receipt rejected</span>}
                {booking.receipt_duplicate && (
                  <Badge variant="destructive" title="One of its receipts is the same file another booking uploaded">
                    Same receipt as another booking
                  </Badge>
                )}
              </div>
            ),
          },
          {
            id: 'actions',
            header: 'Actions',
            headClassName: 'text-right',
            cell: (booking) => (
              <div className="flex flex-wrap justify-end gap-1">
                {booking.booking_status === 'pending' && (
                  <Button size="sm" disabled={setStatus.isPending} onClick={() => changeStatus(booking, 'confirmed')}>
                    <Check aria-hidden="true" />
                    Confirm
                  </Button>
                )}
                {booking.booking_status === 'confirmed' && booking.seat_number === null && (
                  <Button size="sm" variant="secondary" disabled={assignSeat.isPending} onClick={() => promptSeat(booking)}>
                    <Armchair aria-hidden="true" />
                    Assign Seat
                  </Button>
                )}
                {booking.booking_status !== 'cancelled' && (
                  <Button size="sm" variant="outline" disabled={setStatus.isPending} onClick={() => changeStatus(booking, 'cancelled')}>
                    <X aria-hidden="true" />
                    Cancel
                  </Button>
                )}
                <SuspendAuthorButton content={{ kind: 'booking', id: booking.id }} title={`the booking of ${booking.participant_name}`} />
                <Button
                  size="sm"
                  variant="ghost"
                  className="text-destructive hover:text-destructive"
                  aria-label={`Delete booking of ${booking.participant_name}`}
                  onClick={() => setToDelete(booking)}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </div>
            ),
          },
        ]}
      />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="Delete booking?"
        description={
          <>
            <span>
              This permanently deletes the booking of <strong className="text-foreground">{toDelete?.participant_name}</strong> (
              {toDelete?.booking_reference}) and its receipt.
            </span>
            <span>This action cannot be undone.</span>
          </>
        }
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={remove.isPending}
        onConfirm={() =>
          toDelete &&
          remove.mutate(toDelete.id, {
            onSuccess: () => {
              toast({ title: 'Booking deleted', description: `${toDelete.booking_reference} was deleted.` });
              setToDelete(null);
            },
            onError: (error) => {
              setToDelete(null);
              toast({ variant: 'destructive', title: AMA_ADMIN_TOASTS.deleteFailed, description: errorMessage(error, AMA_ADMIN_TOASTS.tryAgain) });
            },
          })
        }
      />
    </>
  );
}
