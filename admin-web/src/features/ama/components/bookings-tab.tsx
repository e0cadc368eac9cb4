import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@wfm/ui';
import { useState } from 'react';
import { EmptyState, LoadError, ListSkeleton } from '../../../components/query-state.tsx';
import { SectionHeader } from '../../../components/section-header.tsx';
import { useAdminAmaSessions } from '../../../lib/admin-ama-sessions.ts';
import type { AdminTabProps } from '../../../lib/admin-tab.ts';
import { BookingsTable } from './bookings-table.tsx';
import { MailOutbox } from './mail-outbox.tsx';
import { ReceiptsTable } from './receipts-table.tsx';
import { SessionCounts } from './session-counts.tsx';
import { Waitlist } from './waitlist.tsx';

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
          <SessionCounts sessionId={session.id} />
          <BookingsTable session={session} />
          <section className="grid gap-2" aria-labelledby="receipts-heading">
            <h3 id="receipts-heading" className="font-semibold">
              Receipts
            </h3>
            <ReceiptsTable session={session} staffName={staff.username} />
          </section>
          <Waitlist sessionId={session.id} />
          <MailOutbox sessionId={session.id} />
        </div>
      )}
    </section>
  );
}
