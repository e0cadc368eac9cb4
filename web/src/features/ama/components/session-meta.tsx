import type { AmaSession } from '@wfm/contracts/ama/api';
import { Calendar, Clock, Video } from '@wfm/ui/icons';
import { ExternalAnchor } from '../../../components/external-anchor.tsx';
import { useDateZone } from '../../../hooks/use-hydrated.ts';
import { safeUrl } from '../../../lib/safe-url.ts';
import { formatSessionDate, formatSessionTime, truncateZoomLink } from '../utils/session-display.ts';

/**
 * Date, then time with duration, in the visitor's time zone. The server (and the browser while it
 * hydrates the server's markup) writes them in UTC, said so: the server cannot know the visitor's
 * zone, and a text that differed would make React drop the page's markup.
 */
export function SessionWhen({ session }: { session: Pick<AmaSession, 'scheduled_time' | 'duration_minutes'> }) {
  const zone = useDateZone();
  return (
    <div className="grid gap-1 text-sm text-muted-foreground">
      <span className="flex items-center gap-2">
        <Calendar className="size-4 shrink-0" aria-hidden="true" />
        {formatSessionDate(session.scheduled_time, zone)}
      </span>
      <span className="flex items-center gap-2">
        <Clock className="size-4 shrink-0" aria-hidden="true" />
        {formatSessionTime(session.scheduled_time, zone)} ({session.duration_minutes} minutes)
      </span>
    </div>
  );
}

/** The zoom link, shown cut to 40 characters (§9), full in the link and its title. */
export function ZoomLink({ link }: { link: string | null }) {
  const href = link ? safeUrl(link) : '';
  if (!link || !href) return null;
  return (
    <span className="flex min-w-0 items-center gap-2 text-sm">
      <Video className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      <ExternalAnchor href={href} title={link} className="truncate text-primary underline-offset-4 hover:underline" data-testid="zoom-link">
        {truncateZoomLink(link)}
      </ExternalAnchor>
    </span>
  );
}
