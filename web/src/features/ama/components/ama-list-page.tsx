import { AMA_MESSAGES, AMA_SKELETON_CARDS } from '@wfm/contracts/ama/api';
import { Alert, AlertDescription, AlertTitle, Button, Card, Skeleton } from '@wfm/ui';
import { CalendarX, Search } from '@wfm/ui/icons';
import { useState } from 'react';
import { lazyDialog } from '../../../components/lazy-dialog.tsx';
import { usePageTitle } from '../../../hooks/use-page-title.ts';
import { serverMessage } from '../../../lib/error-toast.ts';
import { useAmaSessions } from '../api/get-sessions.ts';
import { useAmaLiveUpdates } from '../api/use-ama-live-updates.ts';
import { MentorsSection } from './mentors-section.tsx';
import { MyQuestions } from './my-questions.tsx';
import { SessionCard } from './session-card.tsx';
import { useNow } from './use-now.ts';

const BookingStatusDialog = lazyDialog(async () => (await import('./booking-status-dialog.tsx')).BookingStatusDialog);

/** "Check Booking Status": the button is drawn with the page, the dialog's code loads on the first click (issue 27 item 4). */
function BookingStatusCheck() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" aria-haspopup="dialog" aria-expanded={open} onClick={() => setOpen(true)}>
        <Search aria-hidden="true" />
        Check Booking Status
      </Button>
      <BookingStatusDialog open={open} onOpenChange={setOpen} />
    </>
  );
}

function SessionCardSkeleton() {
  return (
    <Card className="overflow-hidden" data-testid="ama-skeleton">
      <Skeleton className="aspect-[16/7] w-full rounded-none" />
      <div className="grid gap-3 p-5">
        <Skeleton className="h-6 w-3/4" />
        <Skeleton className="h-4 w-1/3" />
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-9 w-28" />
      </div>
    </Card>
  );
}

/** /ama (§2): the sessions, the booking status check, loading, empty and error states; the visitor's questions; then the Mentors section. */
export function AmaListPage() {
  usePageTitle('AMA Sessions');
  const sessions = useAmaSessions();
  const now = useNow();
  useAmaLiveUpdates();

  return (
    <div className="grid gap-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">AMA Sessions</h1>
          <p className="text-muted-foreground">Ask workforce-management experts anything, live. Book a seat for a session.</p>
        </div>
        <BookingStatusCheck />
      </header>
      <section className="grid gap-4" aria-labelledby="ama-sessions-heading">
        <h2 id="ama-sessions-heading" className="text-xl font-semibold">
          Upcoming &amp; Past Sessions
        </h2>
        {sessions.isPending ? (
          <div className="grid gap-4 md:grid-cols-2" role="status" aria-label="Loading sessions">
            {Array.from({ length: AMA_SKELETON_CARDS }, (_, i) => (
              <SessionCardSkeleton key={i} />
            ))}
          </div>
        ) : sessions.isError ? (
          <Alert variant="destructive">
            <AlertTitle>Failed to load AMA sessions</AlertTitle>
            <AlertDescription className="flex flex-wrap items-center gap-3">
              {serverMessage(sessions.error) ?? 'Please try again later.'}
              <Button size="sm" variant="outline" onClick={() => void sessions.refetch()}>
                Retry
              </Button>
            </AlertDescription>
          </Alert>
        ) : sessions.data.length === 0 ? (
          <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center" data-testid="ama-empty">
            <CalendarX className="size-10 text-muted-foreground" aria-hidden="true" />
            <p className="text-lg font-semibold">{AMA_MESSAGES.noSessions}</p>
            <p className="text-sm text-muted-foreground">New sessions with expert hosts are announced here.</p>
          </Card>
        ) : (
          <div className="grid gap-4 md:grid-cols-2">
            {sessions.data.map((session) => (
              <SessionCard key={session.id} session={session} now={now} />
            ))}
          </div>
        )}
      </section>
      <MyQuestions />
      <MentorsSection />
    </div>
  );
}
