import { localDateTime } from '../../../lib/local-date-format.ts';
import { formatRelativeTime } from '../../../lib/relative-time.ts';

/**
 * The text and title depend on the clock and the time zone: a server-rendered page (cached for
 * minutes, made in the server's zone) differs from the hydrating browser's, which is expected.
 */
export function RelativeTime({ timestamp, className }: { timestamp: number; className?: string }) {
  const date = new Date(timestamp);
  return (
    <time dateTime={date.toISOString()} title={localDateTime(date)} className={className} suppressHydrationWarning>
      {formatRelativeTime(timestamp)}
    </time>
  );
}
