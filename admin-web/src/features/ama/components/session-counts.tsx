import type { BookingCounts } from '@wfm/contracts/ama';
import { useBookingCounts } from '../api/bookings.ts';

const COUNT_LABELS: [keyof BookingCounts, string][] = [
  ['total', 'Total'],
  ['confirmed', 'Confirmed'],
  ['pending', 'Pending'],
  ['cancelled', 'Cancelled'],
  ['receiptsApproved', 'Receipts approved'],
  ['receiptsPending', 'Receipts pending'],
  ['receiptsRejected', 'Receipts rejected'],
];

/** The session's booking and receipt counts. */
export function SessionCounts({ sessionId }: { sessionId: number }) {
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
