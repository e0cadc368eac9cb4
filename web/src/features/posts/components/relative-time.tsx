import { formatRelativeTime } from '../../../lib/relative-time.ts';

export function RelativeTime({ timestamp, className }: { timestamp: number; className?: string }) {
  const date = new Date(timestamp);
  return (
    <time dateTime={date.toISOString()} title={date.toLocaleString()} className={className}>
      {formatRelativeTime(timestamp)}
    </time>
  );
}
