import { SUGGESTION_LIMITS, SUGGESTION_MESSAGES, type SuggestionPriority } from '@wfm/contracts/forum/suggestions';
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Input,
  Label,
  toast,
} from '@wfm/ui';
import { useId, useState, type FormEvent } from 'react';
import { z } from 'zod';
import { errorToast } from '../../../lib/error-toast.ts';
import { ANONYMOUS } from '@wfm/contracts/shared/common';
import { useDisplayName } from '../../../lib/user-profile.ts';
import { useCreateSuggestion } from '../api/create-suggestion.ts';
import { SIDEBAR_SUGGESTION_TOASTS } from '../messages.ts';
import { PrioritySelect } from './priority-select.tsx';
import { SuggestionFields } from './suggestion-fields.tsx';

const Email = z.email();

/**
 * The sidebar and mobile bar's Suggest dialog: title, description, optional email and priority,
 * sent under the visitor's username (or as Anonymous). Clears, resets and closes on success.
 */
export function SidebarSuggestionDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState(false);
  const [priority, setPriority] = useState<SuggestionPriority>('Medium');
  const { username } = useDisplayName();
  const submit = useCreateSuggestion();
  const id = useId();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (submit.isPending) return;
    if (!title.trim() || !description.trim()) {
      toast({ ...SIDEBAR_SUGGESTION_TOASTS.missing, variant: 'destructive' });
      return;
    }
    if (email.trim() && !Email.safeParse(email.trim()).success) {
      setEmailError(true);
      return;
    }
    submit.mutate(
      {
        title: title.trim(),
        description: description.trim(),
        author_name: username ?? ANONYMOUS,
        email: email.trim() || undefined,
        priority,
        isAnonymous: !username,
      },
      {
        onSuccess: () => {
          toast(SIDEBAR_SUGGESTION_TOASTS.submitted);
          setTitle('');
          setDescription('');
          setEmail('');
          setPriority('Medium');
          onOpenChange(false);
        },
        onError: (error) =>
          toast(errorToast(SIDEBAR_SUGGESTION_TOASTS.failed.title, error, SIDEBAR_SUGGESTION_TOASTS.failed.fallback)),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <form onSubmit={onSubmit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>Suggest a Feature</DialogTitle>
            <DialogDescription>
              Submitting as <strong className="text-foreground">{username ?? ANONYMOUS}</strong>
            </DialogDescription>
          </DialogHeader>
          <SuggestionFields
            id={id}
            title={title}
            description={description}
            onTitleChange={setTitle}
            onDescriptionChange={setDescription}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-2">
              <Label htmlFor={`${id}-email`}>Email (optional)</Label>
              <Input
                id={`${id}-email`}
                type="email"
                value={email}
                onChange={(event) => {
                  setEmail(event.target.value);
                  setEmailError(false);
                }}
                maxLength={SUGGESTION_LIMITS.contact}
                placeholder="you@example.com"
                aria-invalid={emailError || undefined}
                aria-describedby={emailError ? `${id}-email-error` : undefined}
              />
              {emailError && (
                <p id={`${id}-email-error`} className="text-xs text-destructive">
                  {SUGGESTION_MESSAGES.badEmail}
                </p>
              )}
            </div>
            <PrioritySelect id={`${id}-priority`} value={priority} onChange={setPriority} />
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={!title || !description || submit.isPending}>
              {submit.isPending ? 'Submitting...' : 'Submit'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
