import { Badge } from '@wfm/ui';
import { useWaitlist } from '../api/bookings.ts';

/** A session's waitlist, in order; nothing while it is empty. */
export function Waitlist({ sessionId }: { sessionId: number }) {
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
