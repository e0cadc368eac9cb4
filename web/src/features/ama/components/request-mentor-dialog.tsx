import { MENTOR_LIMITS, MentorRequestBody, type PublicMentor } from '@wfm/contracts/ama/mentors';
import { Button, Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, toast } from '@wfm/ui';
import { useId, useState, type FormEvent } from 'react';
import { errorToast } from '../../../lib/error-toast.ts';
import { useRequestMentor } from '../api/mentors.ts';
import { fieldErrors, TextField } from './mentor-form-fields.tsx';

type Draft = { requester_name: string; requester_contact: string; message: string; goals: string };
type Field = keyof Draft;
const EMPTY: Draft = { requester_name: '', requester_contact: '', message: '', goals: '' };

/** A request to one mentor; only that mentor (and staff) see it. Open while `open` and there is a mentor. */
export function RequestMentorDialog({ open, mentor, onClose }: { open: boolean; mentor: PublicMentor | null; onClose: () => void }) {
  const id = useId();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const send = useRequestMentor(mentor?.id ?? 0);
  const set = (field: Field) => (value: string) => setDraft((d) => ({ ...d, [field]: value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (send.isPending || !mentor) return;
    const parsed = MentorRequestBody.safeParse(draft);
    if (!parsed.success) {
      setErrors(fieldErrors<Field>(parsed.error));
      return;
    }
    setErrors({});
    send.mutate(parsed.data, {
      onSuccess: () => {
        toast({ title: 'Request sent', description: `${mentor.name} will see it in their mentoring inbox.` });
        setDraft(EMPTY);
        onClose();
      },
      onError: (error) => toast(errorToast('Request failed', error, 'Please try again later.')),
    });
  };

  return (
    <Dialog open={open && mentor !== null} onOpenChange={(next) => !next && !send.isPending && onClose()}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-lg">
        <form onSubmit={onSubmit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>Request Mentoring</DialogTitle>
            <DialogDescription>
              Ask {mentor?.name} for mentoring. Only they and the site's staff can read your request and your conversation.
            </DialogDescription>
          </DialogHeader>
          <TextField id={`${id}-name`} label="Your name" value={draft.requester_name} onChange={set('requester_name')} error={errors.requester_name} max={MENTOR_LIMITS.requesterName} />
          <TextField
            id={`${id}-contact`}
            label="How to reach you"
            value={draft.requester_contact}
            onChange={set('requester_contact')}
            error={errors.requester_contact}
            max={MENTOR_LIMITS.requesterContact}
            hint="Shown to this mentor only."
          />
          <TextField id={`${id}-message`} label="Message" value={draft.message} onChange={set('message')} error={errors.message} max={MENTOR_LIMITS.requestMessage} multiline />
          <TextField id={`${id}-goals`} label="Your goals" value={draft.goals} onChange={set('goals')} error={errors.goals} max={MENTOR_LIMITS.goals} multiline />
          <DialogFooter>
            <Button variant="outline" type="button" disabled={send.isPending} onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={send.isPending}>
              {send.isPending ? 'Sending...' : 'Send Request'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
