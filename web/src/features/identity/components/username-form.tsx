import { USERNAME_MESSAGES, usernameFormatError } from '@wfm/contracts/identity/api';
import { Button, cn, Input, Label, toast } from '@wfm/ui';
import { LoaderCircle } from '@wfm/ui/icons';
import { useId, useState, type FormEvent } from 'react';
import { USERNAME_CHECK_DEBOUNCE_MS } from '../../../config/constants.ts';
import { useDebouncedValue } from '../../../hooks/use-debounced-value.ts';
import { useUsernameAvailability } from '../api/check-username.ts';
import { useCreateProfile } from '../api/create-profile.ts';
import { SAVE_USERNAME_TOASTS } from '../messages.ts';
import { saveUsernameErrorToast } from '../save-username-toast.ts';

type Feedback = { tone: 'error' | 'success'; text: string } | { tone: 'checking' } | null;

/** Username field with the debounced format + availability check, and the Save button. */
export function UsernameForm({ anonToken, onSaved }: { anonToken: string; onSaved?: (username: string) => void }) {
  const [input, setInput] = useState('');
  const name = input.trim();
  const checked = useDebouncedValue(name, USERNAME_CHECK_DEBOUNCE_MS);
  const settled = checked === name;
  const formatError = usernameFormatError(checked);
  const availability = useUsernameAvailability(checked, settled && checked !== '' && formatError === null);
  const save = useCreateProfile(anonToken);
  const messageId = useId();

  let feedback: Feedback = null;
  if (settled && checked !== '') {
    if (formatError) feedback = { tone: 'error', text: formatError };
    else if (availability.isPending) feedback = { tone: 'checking' };
    else if (availability.isError) feedback = { tone: 'error', text: USERNAME_MESSAGES.checkFailed };
    else if (availability.data.available) feedback = { tone: 'success', text: USERNAME_MESSAGES.available };
    else feedback = { tone: 'error', text: USERNAME_MESSAGES.taken };
  }

  const canSave = name !== '' && feedback?.tone === 'success' && !save.isPending;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!canSave) return;
    save.mutate(name, {
      onSuccess: (profile) => {
        toast(SAVE_USERNAME_TOASTS.success);
        onSaved?.(profile.username);
      },
      onError: (error) => toast(saveUsernameErrorToast(error)),
    });
  }

  return (
    <form onSubmit={onSubmit} className="grid gap-4" noValidate>
      <div className="grid gap-2">
        <Label htmlFor={`${messageId}-input`}>Username</Label>
        <Input
          id={`${messageId}-input`}
          name="username"
          value={input}
          onChange={(event) => setInput(event.target.value.toLowerCase())}
          placeholder="e.g. forecast_pro"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          aria-describedby={`${messageId}-hint ${messageId}-message`}
          aria-invalid={feedback?.tone === 'error' || undefined}
        />
        <p id={`${messageId}-hint`} className="text-xs text-muted-foreground">
          3 to 20 characters: letters, numbers, underscores and hyphens. You can still post anonymously whenever you like.
        </p>
        <p
          id={`${messageId}-message`}
          role="status"
          aria-live="polite"
          className={cn(
            'min-h-5 text-sm',
            feedback?.tone === 'error' && 'text-destructive',
            feedback?.tone === 'success' && 'text-success',
          )}
        >
          {feedback?.tone === 'checking' ? (
            <LoaderCircle className="size-4 animate-spin text-muted-foreground" aria-label="Checking availability" />
          ) : (
            feedback?.text
          )}
        </p>
      </div>
      <Button type="submit" disabled={!canSave} className="w-full sm:w-auto sm:justify-self-end">
        {save.isPending && <LoaderCircle className="animate-spin" aria-hidden="true" />}
        Save
      </Button>
    </form>
  );
}
