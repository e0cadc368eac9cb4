import type { AmaSession } from '@wfm/contracts/ama/api';
import { Button, Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, toast } from '@wfm/ui';
import { useState, type FormEvent } from 'react';
import { errorToast } from '../../../lib/error-toast.ts';
import { useJoinWaitlist } from '../api/join-waitlist.ts';
import { AMA_PAGE_TOASTS } from '../messages.ts';
import { EMPTY_PARTICIPANT, ParticipantFields, validateParticipant, type ParticipantErrors } from './participant-fields.tsx';

const WAITLIST_HINT =
  'When a place frees up, the first in line gets a pending booking with 24 hours to pay and upload the receipt. We email you when it happens.';

/** Joining a full session's waitlist: the booking form's fields (beyond the spec). */
export function WaitlistDialog({
  session,
  open,
  onOpenChange,
}: {
  session: AmaSession;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [draft, setDraft] = useState(EMPTY_PARTICIPANT);
  const [errors, setErrors] = useState<ParticipantErrors>({});
  const join = useJoinWaitlist(session.id);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (join.isPending) return;
    const checked = validateParticipant(draft);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    join.mutate(checked.body, {
      onSuccess: ({ position }) => {
        toast(AMA_PAGE_TOASTS.waitlistJoined(position));
        setDraft(EMPTY_PARTICIPANT);
        onOpenChange(false);
      },
      onError: (error) =>
        toast(errorToast(AMA_PAGE_TOASTS.waitlistFailed.title, error, AMA_PAGE_TOASTS.waitlistFailed.fallback)),
    });
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !join.isPending && onOpenChange(next)}>
      <DialogContent className="sm:max-w-md">
        <form onSubmit={onSubmit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>Join the Waitlist</DialogTitle>
            <DialogDescription>{session.title} is full.</DialogDescription>
          </DialogHeader>
          <ParticipantFields draft={draft} errors={errors} onChange={setDraft} hint={WAITLIST_HINT} />
          <DialogFooter>
            <Button variant="outline" disabled={join.isPending} onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={join.isPending}>
              {join.isPending ? 'Joining...' : 'Join Waitlist'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
