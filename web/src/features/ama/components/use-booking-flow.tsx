import type { AmaSession, CreateBookingResponse, PaymentMethod } from '@wfm/contracts/ama/api';
import { toast } from '@wfm/ui';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { lazyDialog } from '../../../components/lazy-dialog.tsx';
import { useOccupancy } from '../api/get-occupancy.ts';
import { AMA_PAGE_TOASTS } from '../messages.ts';
import { isSessionFull, sessionStatusAt } from '../utils/session-display.ts';

/** Each dialog is fetched when the visitor first asks for it (Book, Join waitlist), not with the page. */
const BookingDialog = lazyDialog(async () => (await import('./booking-dialog.tsx')).BookingDialog);
const WaitlistDialog = lazyDialog(async () => (await import('./waitlist-dialog.tsx')).WaitlistDialog);
const ConfirmationDialog = lazy(async () => ({ default: (await import('./confirmation-dialog.tsx')).ConfirmationDialog }));

type Step =
  | { kind: 'idle' }
  | { kind: 'booking' }
  | { kind: 'confirmation'; booking: CreateBookingResponse; method: PaymentMethod }
  | { kind: 'waitlist' };

export type BookingFlow = {
  /** The session can be booked now (§2: Book Now only for scheduled sessions). */
  bookable: boolean;
  /** Occupancy has reached capacity: "Session Full", disabled. */
  full: boolean;
  /** Opens the booking dialog, or says the session is full (the dialog then does not open, §8). */
  start: () => void;
  joinWaitlist: () => void;
  dialogs: ReactNode;
};

/**
 * The visitor booking flow (§4): booking dialog, then confirmation and receipt, then upload or skip.
 * `now` is the page's clock (useNow): while a server-rendered page hydrates, the time it was made.
 */
export function useBookingFlow(session: AmaSession, now: number): BookingFlow {
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const bookable = sessionStatusAt(session, now) === 'scheduled';
  const occupancy = useOccupancy(session.id, bookable && session.max_participants !== null);
  const full = bookable && isSessionFull(session.max_participants, occupancy);

  const start = () => {
    if (!bookable) return;
    if (full) {
      toast(AMA_PAGE_TOASTS.sessionFull);
      return;
    }
    setStep({ kind: 'booking' });
  };

  const close = () => setStep({ kind: 'idle' });

  const dialogs = (
    <>
      <BookingDialog
        session={session}
        open={step.kind === 'booking'}
        onOpenChange={(open) => !open && close()}
        onBooked={(booking, method) => setStep({ kind: 'confirmation', booking, method })}
      />
      {step.kind === 'confirmation' && (
        <Suspense fallback={null}>
          <ConfirmationDialog session={session} booking={step.booking} method={step.method} onClose={close} />
        </Suspense>
      )}
      <WaitlistDialog session={session} open={step.kind === 'waitlist'} onOpenChange={(open) => !open && close()} />
    </>
  );

  return { bookable, full, start, joinWaitlist: () => setStep({ kind: 'waitlist' }), dialogs };
}
