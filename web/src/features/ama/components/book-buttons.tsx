import { Button } from '@wfm/ui';
import { ListPlus, Ticket } from '@wfm/ui/icons';
import type { BookingFlow } from './use-booking-flow.tsx';

/**
 * "Book Now" (or the page's label) for a scheduled session; at capacity a disabled "Session Full"
 * and the waitlist. Nothing for sessions that are not scheduled.
 */
export function BookButtons({ flow, label = 'Book Now', className }: { flow: BookingFlow; label?: string; className?: string }) {
  if (!flow.bookable) return null;
  if (flow.full) {
    return (
      <div className={`flex flex-wrap gap-2 ${className ?? ''}`}>
        <Button disabled>Session Full</Button>
        <Button variant="outline" onClick={flow.joinWaitlist} data-replay-click="waitlist">
          <ListPlus aria-hidden="true" />
          Join Waitlist
        </Button>
      </div>
    );
  }
  return (
    <div className={className}>
      <Button onClick={flow.start} data-replay-click="book">
        <Ticket aria-hidden="true" />
        {label}
      </Button>
    </div>
  );
}
