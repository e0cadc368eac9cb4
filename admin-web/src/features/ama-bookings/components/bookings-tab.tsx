import { AMA_ADMIN_TOASTS, type Booking, type BookingCounts, type StaffReceipt, type StaffSession } from '@wfm/contracts/ama';
import {
  Badge,
  Button,
  ConfirmDialog,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  toast,
  type BadgeVariant,
} from '@wfm/ui';
import { Armchair, Check, Eye, Trash2, X } from 'lucide-react';
import { useState } from 'react';
import { ExpandableText } from '../../../components/expandable-text.tsx';
import { EmptyState, LoadError, ListSkeleton } from '../../../components/query-state.tsx';
import { ResourceTable } from '../../../components/resource-table.tsx';
import { SectionHeader } from '../../../components/section-header.tsx';
import { useAdminAmaSessions } from '../../../lib/admin-ama-sessions.ts';
import type { AdminTabProps } from '../../../lib/admin-tab.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import {
  useAssignSeat,
  useBookingCounts,
  useBookings,
  useDeleteBooking,
  useSetBookingStatus,
  useWaitlist,
} from '../api/bookings.ts';
import { receiptFileHref, useEmails, useReceipts } from '../api/receipts.ts';
import { parseSeatPrompt } from '../seat-prompt.ts';
import { ReceiptDialog, type ReceiptAction } from './receipt-dialog.tsx';

const BOOKING_VARIANTS: Record<Booking['booking_status'], BadgeVariant> = { pending: 'secondary', confirmed: 'success', cancelled: 'outline' };
const RECEIPT_VARIANTS: Record<StaffReceipt['validation_status'], BadgeVariant> = {
  pending: 'secondary',
  approved: 'success',
  rejected: 'destructive',
};
const METHOD_LABELS: Record<Booking['payment_method'], string> = { paypal: 'PayPal', gcash: 'GCash', bank_transfer: 'Bank Transfer' };

const COUNT_LABELS: [keyof BookingCounts, string][] = [
  ['total', 'Total'],
  ['confirmed', 'Confirmed'],
  ['pending', 'Pending'],
  ['cancelled', 'Cancelled'],
  ['receiptsApproved', 'Receipts approved'],
  ['receiptsPending', 'Receipts pending'],
  ['receiptsRejected', 'Receipts rejected'],
];

function Counts({ sessionId }: { sessionId: number }) {
  const counts = useBookingCounts(sessionId);
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-7" aria-label="Booking counts">
      {COUNT_LABELS.map(([key, label]) => (
        <div key={key} className="rounded-md border p-2">
          <dt className="text-xs text-muted-foreground">{label}</dt>
          <dd className="text-lg font-semibold" data-testid={`count-${key}`}>
            {counts.data ? counts.data[key] : '…'}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function BookingsTable({ session }: { session: StaffSession }) {
  const bookings = useBookings(session.id);
  const setStatus = useSetBookingStatus(session.id);
  const assignSeat = useAssignSeat(session.id);
  const remove = useDeleteBooking(session.id);
  const [toDelete, setToDelete] = useState<Booking | null>(null);

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

function ReceiptsTable({ session, staffName }: { session: StaffSession; staffName: string }) {
  const receipts = useReceipts(session.id);
  const [open, setOpen] = useState<{ receipt: StaffReceipt; action: ReceiptAction } | null>(null);
  return (
    <>
      <ResourceTable
        query={receipts}
        rows={receipts.data}
        loadingLabel="Loading receipts"
        errorTitle="Failed to load receipts"
        empty={<EmptyState title="No receipts uploaded yet" />}
        rowKey={(receipt) => receipt.id}
        rowLabel={(receipt) => `Receipt of ${receipt.participant_name}`}
        columns={[
          {
            id: 'receipt',
            header: 'Receipt',
            cell: (receipt) => (
              <div className="grid gap-0.5">
                <span className="break-all font-medium">{receipt.receipt_filename}</span>
                <span className="text-xs text-muted-foreground">
                  {receipt.participant_name} · <span className="font-mono">{receipt.booking_reference}</span>
                </span>
                <span className="text-xs text-muted-foreground">{formatDateTime(receipt.upload_date)}</span>
              </div>
            ),
          },
          {
            id: 'status',
            header: 'Status',
            cell: (receipt) => (
              <div className="grid justify-items-start gap-1">
                <Badge variant={RECEIPT_VARIANTS[receipt.validation_status]}>{receipt.validation_status}</Badge>
                {receipt.validated_by && <span className="text-xs text-muted-foreground">by {receipt.validated_by}</span>}
              </div>
            ),
          },
          {
            id: 'notes',
            header: 'Notes',
            className: 'hidden md:table-cell',
            cellClassName: 'max-w-xs text-sm text-muted-foreground',
            cell: (receipt) => (receipt.notes ? <ExpandableText text={receipt.notes} /> : '—'),
          },
          {
            id: 'actions',
            header: 'Actions',
            headClassName: 'text-right',
            cell: (receipt) => (
              <div className="flex flex-wrap justify-end gap-1">
                <a
                  href={receiptFileHref(receipt.id)}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex h-8 items-center gap-1 rounded-md border px-2 text-xs hover:bg-accent"
                  aria-label={`View receipt of ${receipt.participant_name}`}
                >
                  <Eye className="size-4" aria-hidden="true" />
                  View
                </a>
                {receipt.validation_status === 'pending' ? (
                  <>
                    <Button size="sm" onClick={() => setOpen({ receipt, action: 'approve' })}>
                      Approve
                    </Button>
                    <Button size="sm" variant="destructive" onClick={() => setOpen({ receipt, action: 'reject' })}>
                      Reject
                    </Button>
                  </>
                ) : (
                  <Button size="sm" variant="outline" onClick={() => setOpen({ receipt, action: 'notes' })}>
                    Notes
                  </Button>
                )}
              </div>
            ),
          },
        ]}
      />
      {open && (
        <ReceiptDialog
          receipt={open.receipt}
          action={open.action}
          sessionId={session.id}
          staffName={staffName}
          onClose={() => setOpen(null)}
        />
      )}
    </>
  );
}

function Waitlist({ sessionId }: { sessionId: number }) {
  const waitlist = useWaitlist(sessionId);
  if (!waitlist.data?.length) return null;
  return (
    <section className="grid gap-2" aria-labelledby="waitlist-heading">
      <h3 id="waitlist-heading" className="font-semibold">
        Waitlist <Badge variant="secondary">{waitlist.data.length}</Badge>
      </h3>
      <ol className="grid gap-1 text-sm">
        {waitlist.data.map((entry) => (
          <li key={entry.id}>
            {entry.position}. {entry.participant_name} <span className="text-muted-foreground">({entry.participant_email})</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

function Outbox({ sessionId }: { sessionId: number }) {
  const emails = useEmails(sessionId);
  return (
    <section className="grid gap-2" aria-labelledby="outbox-heading">
      <h3 id="outbox-heading" className="font-semibold">
        Mail outbox
      </h3>
      <p className="text-xs text-muted-foreground">
        The emails of this session's bookings: sent through SMTP when it is configured, else kept here.
      </p>
      <ResourceTable
        query={emails}
        rows={emails.data}
        loadingLabel="Loading emails"
        errorTitle="Failed to load emails"
        empty={<EmptyState title="No emails yet" />}
        rowKey={(mail) => mail.id}
        columns={[
          {
            id: 'subject',
            header: 'Email',
            cell: (mail) => (
              <div className="grid gap-0.5">
                <span className="font-medium">{mail.subject}</span>
                <span className="break-all text-xs text-muted-foreground">to {mail.to}</span>
                <ExpandableText text={mail.text} />
              </div>
            ),
          },
          {
            id: 'delivery',
            header: 'Delivery',
            className: 'hidden sm:table-cell',
            cell: (mail) => (
              <div className="grid justify-items-start gap-1">
                <Badge variant={mail.delivery === 'failed' ? 'destructive' : mail.delivery === 'sent' ? 'success' : 'secondary'}>
                  {mail.delivery}
                </Badge>
                <span className="whitespace-nowrap text-xs text-muted-foreground">{formatDateTime(mail.created_at)}</span>
              </div>
            ),
          },
        ]}
      />
    </section>
  );
}

/** Bookings per session (§2, §4): counts, confirm/cancel/seat/delete, receipts, waitlist and mail. */
export function BookingsTab({ staff }: AdminTabProps) {
  const sessions = useAdminAmaSessions();
  const [chosen, setChosen] = useState<number | null>(null);
  const session = sessions.data?.find((s) => s.id === chosen) ?? sessions.data?.[0];

  return (
    <section className="grid gap-4" aria-labelledby="bookings-heading">
      <SectionHeader
        id="bookings-heading"
        title="Bookings"
        count={session?.booking_count}
        description="Bookings and payment receipts of one AMA session; the lists refresh on their own."
        actions={
          sessions.data && sessions.data.length > 0 ? (
            <Select value={session ? String(session.id) : ''} onValueChange={(value) => setChosen(Number(value))}>
              <SelectTrigger className="w-72 max-w-full" aria-label="Session">
                <SelectValue placeholder="Choose a session" />
              </SelectTrigger>
              <SelectContent>
                {sessions.data.map((s) => (
                  <SelectItem key={s.id} value={String(s.id)}>
                    {s.title} ({s.booking_count})
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          ) : undefined
        }
      />
      {sessions.isPending ? (
        <ListSkeleton label="Loading AMA sessions" />
      ) : sessions.isError ? (
        <LoadError title="Failed to load AMA sessions" error={sessions.error} onRetry={() => void sessions.refetch()} />
      ) : !session ? (
        <EmptyState title="No AMA sessions yet">Schedule a session in the AMA tab first.</EmptyState>
      ) : (
        <div className="grid gap-6" key={session.id}>
          <Counts sessionId={session.id} />
          <BookingsTable session={session} />
          <section className="grid gap-2" aria-labelledby="receipts-heading">
            <h3 id="receipts-heading" className="font-semibold">
              Receipts
            </h3>
            <ReceiptsTable session={session} staffName={staff.username} />
          </section>
          <Waitlist sessionId={session.id} />
          <Outbox sessionId={session.id} />
        </div>
      )}
    </section>
  );
}
