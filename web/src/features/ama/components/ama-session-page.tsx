import { AMA_MESSAGES, CURRENCY_SYMBOLS, type AmaSession } from '@wfm/contracts/ama/api';
import { Alert, AlertDescription, AlertTitle, Button, Card, Skeleton, buttonClasses } from '@wfm/ui';
import { ArrowLeft, Users, MessageSquare, Video } from '@wfm/ui/icons';
import { Link } from '../../../lib/router.tsx';
import { ExternalAnchor } from '../../../components/external-anchor.tsx';
import { paths } from '../../../config/paths.ts';
import { usePageTitle } from '../../../hooks/use-page-title.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { serverMessage } from '../../../lib/error-toast.ts';
import { safeUrl } from '../../../lib/safe-url.ts';
import { useAmaSession } from '../api/get-session.ts';
import { usePricing } from '../api/get-pricing.ts';
import { useAmaLiveUpdates } from '../api/use-ama-live-updates.ts';
import { formatPrice, hostInitials, sessionStatusAt } from '../utils/session-display.ts';
import { BookButtons } from './book-buttons.tsx';
import { MyQuestions } from './my-questions.tsx';
import { QuestionList } from './question-list.tsx';
import { SessionBanner } from './session-banner.tsx';
import { SessionWhen } from './session-meta.tsx';
import { SessionStatusBadge } from './session-status-badge.tsx';
import { Transcript } from './transcript.tsx';
import { useBookingFlow } from './use-booking-flow.tsx';
import { useNow } from './use-now.ts';

function BackLink() {
  return (
    <Link to={paths.ama.getHref()} className={buttonClasses({ variant: 'ghost', size: 'sm', className: 'w-fit' })}>
      <ArrowLeft aria-hidden="true" />
      Back to AMA Sessions
    </Link>
  );
}

function SessionFee({ session }: { session: AmaSession }) {
  const { pricing, loading } = usePricing(session);
  return (
    <div className="grid gap-0.5">
      <span className="text-xs text-muted-foreground">Session Fee</span>
      <span className="text-lg font-semibold" data-testid="session-fee">
        {loading
          ? AMA_MESSAGES.loadingPricing
          : pricing
            ? `${formatPrice(pricing.price, pricing.currency)} ${pricing.currency}`
            : AMA_MESSAGES.pricingNotSet}
      </span>
      {pricing && <span className="sr-only">Currency symbol {CURRENCY_SYMBOLS[pricing.currency]}</span>}
    </div>
  );
}

function SessionView({ session }: { session: AmaSession }) {
  usePageTitle(session.title);
  const now = useNow();
  const status = sessionStatusAt(session, now);
  const flow = useBookingFlow(session, now);
  const zoom = session.zoom_link ? safeUrl(session.zoom_link) : '';

  return (
    <div className="grid gap-6">
      <BackLink />
      <Card className="overflow-hidden">
        <SessionBanner
          imageUrl={session.image_url}
          title={session.title}
          className="rounded-none"
          onActivate={flow.bookable ? flow.start : undefined}
          activateLabel={`Book ${session.title}`}
        />
        <div className="grid gap-5 p-5 sm:p-6">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{session.title}</h1>
            <SessionStatusBadge status={status} uppercase />
          </div>
          {session.description && <p className="whitespace-pre-line">{session.description}</p>}
          <div className="flex items-start gap-3">
            <div
              className="grid size-12 shrink-0 place-content-center rounded-full bg-primary font-semibold text-primary-foreground"
              aria-hidden="true"
            >
              {hostInitials(session.host_name)}
            </div>
            <div className="grid gap-1">
              <p className="font-semibold">{session.host_name}</p>
              {session.host_bio && <p className="whitespace-pre-line text-sm text-muted-foreground">{session.host_bio}</p>}
            </div>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <SessionWhen session={session} />
            <div className="grid gap-1 text-sm text-muted-foreground">
              <span className="flex items-center gap-2">
                <Users className="size-4" aria-hidden="true" />
                {session.max_participants === null ? 'Unlimited participants' : `Max ${session.max_participants} participants`}
              </span>
              <span className="flex items-center gap-2">
                <MessageSquare className="size-4" aria-hidden="true" />
                Max {session.max_questions} questions
              </span>
            </div>
          </div>
          <div className="flex flex-wrap items-end justify-between gap-4 border-t pt-4">
            <SessionFee session={session} />
            <div className="flex flex-wrap gap-2">
              {zoom && (
                <ExternalAnchor href={zoom} className={buttonClasses({ variant: 'outline' })}>
                  <Video aria-hidden="true" />
                  Join Zoom Meeting
                </ExternalAnchor>
              )}
              <BookButtons flow={flow} label="Book This Session" className="flex flex-wrap gap-2" />
            </div>
          </div>
        </div>
      </Card>
      {status === 'completed' && <Transcript sessionId={session.id} />}
      <QuestionList sessionId={session.id} canAsk={status === 'scheduled' || status === 'live'} />
      <MyQuestions sessionId={session.id} />
      {flow.dialogs}
    </div>
  );
}

function NotFound() {
  usePageTitle(AMA_MESSAGES.sessionNotFoundTitle);
  return (
    <div className="grid gap-6">
      <BackLink />
      <Card className="grid gap-2 p-8 text-center" data-testid="ama-not-found">
        <h1 className="text-2xl font-bold">{AMA_MESSAGES.sessionNotFoundTitle}</h1>
        <span className="sr-only"> - </span>
        <p className="text-muted-foreground">{AMA_MESSAGES.sessionNotFoundText}</p>
      </Card>
    </div>
  );
}

/** /ama/{id} (§2); an id that is not a session shows "Session Not Found - …". */
export function AmaSessionPage({ rawId }: { rawId: string | undefined }) {
  const id = rawId && /^[1-9][0-9]{0,14}$/.test(rawId) ? Number(rawId) : null;
  const session = useAmaSession(id);
  useAmaLiveUpdates();

  if (id === null || isApiError(session.error, 404) || isApiError(session.error, 400)) return <NotFound />;
  if (session.isPending) {
    return (
      <div className="grid gap-6" role="status" aria-label="Loading session">
        <Skeleton className="h-8 w-40" />
        <Skeleton className="aspect-[16/7] w-full" />
        <Skeleton className="h-8 w-2/3" />
        <Skeleton className="h-24 w-full" />
      </div>
    );
  }
  if (session.isError) {
    return (
      <div className="grid gap-6">
        <BackLink />
        <Alert variant="destructive">
          <AlertTitle>Failed to load the session</AlertTitle>
          <AlertDescription className="flex flex-wrap items-center gap-3">
            {serverMessage(session.error) ?? 'Please try again later.'}
            <Button size="sm" variant="outline" onClick={() => void session.refetch()}>
              Retry
            </Button>
          </AlertDescription>
        </Alert>
      </div>
    );
  }
  return <SessionView session={session.data} />;
}
