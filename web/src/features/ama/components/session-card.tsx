import type { AmaSession } from '@wfm/contracts/ama/api';
import { Card } from '@wfm/ui';
import { Link } from '../../../lib/router.tsx';
import { paths } from '../../../config/paths.ts';
import { sessionStatusAt } from '../utils/session-display.ts';
import { BookButtons } from './book-buttons.tsx';
import { SessionBanner } from './session-banner.tsx';
import { SessionWhen, ZoomLink } from './session-meta.tsx';
import { SessionPrice } from './session-price.tsx';
import { SessionStatusBadge } from './session-status-badge.tsx';
import { useBookingFlow } from './use-booking-flow.tsx';

/** One session in the list (§2): banner, what and when, status, price, zoom link and Book Now. */
export function SessionCard({ session, now }: { session: AmaSession; now: number }) {
  const flow = useBookingFlow(session, now);
  const status = sessionStatusAt(session, now);

  return (
    <Card className="flex flex-col overflow-hidden" data-testid="ama-card" aria-labelledby={`ama-${session.id}-title`}>
      <SessionBanner imageUrl={session.image_url} title={session.title} className="rounded-none" />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex items-start justify-between gap-3">
          <h3 id={`ama-${session.id}-title`} className="text-lg font-semibold leading-tight">
            <Link to={paths.amaSession.getHref(session.id)} className="hover:underline">
              {session.title}
            </Link>
          </h3>
          <SessionStatusBadge status={status} />
        </div>
        <p className="text-sm">
          with <span className="font-medium">{session.host_name}</span>
        </p>
        <SessionWhen session={session} />
        {session.description && <p className="line-clamp-3 text-sm">{session.description}</p>}
        {session.host_bio && <p className="line-clamp-2 text-sm text-muted-foreground">{session.host_bio}</p>}
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <span className="text-muted-foreground">Session Fee</span>
          <SessionPrice session={session} className="font-semibold" />
        </div>
        <ZoomLink link={session.zoom_link} />
        <BookButtons flow={flow} className="mt-auto pt-2" />
      </div>
      {flow.dialogs}
    </Card>
  );
}
