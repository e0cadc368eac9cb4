import { RECOVERY_PHRASE_WORDS, normalizeRecoveryPhrase } from '@wfm/contracts/identity/api';
import { Button, Label, Textarea, errorMessage, toast } from '@wfm/ui';
import { LoaderCircle } from '@wfm/ui/icons';
import { useId, useState, type FormEvent } from 'react';
import { isApiError } from '../../../lib/api-client.ts';
import { useRecoverSession } from '../api/recovery-phrase.ts';

/** "I already have a username": the 12 words bring the visitor's username (and posts, votes) to this device. */
export function RestoreForm({ onRestored }: { onRestored?: (username: string) => void }) {
  const [input, setInput] = useState('');
  const recover = useRecoverSession();
  const id = useId();
  const count = input.trim() === '' ? 0 : normalizeRecoveryPhrase(input).split(' ').length;
  const canSubmit = count === RECOVERY_PHRASE_WORDS && !recover.isPending;
  const error = recover.error
    ? isApiError(recover.error, 429)
      ? 'Too many attempts. Please wait a while before trying again.'
      : errorMessage(recover.error, 'Could not restore your username. Please try again.')
    : null;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!canSubmit) return;
    recover.mutate(input, {
      onSuccess: ({ username }) => {
        toast({ title: `Welcome back, ${username}!`, description: 'Your username, posts and votes are on this device now.' });
        onRestored?.(username);
      },
    });
  }

  return (
    <form onSubmit={onSubmit} className="grid gap-3" noValidate>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-phrase`}>Recovery phrase</Label>
        <Textarea
          id={`${id}-phrase`}
          name="phrase"
          rows={3}
          value={input}
          onChange={(event) => {
            setInput(event.target.value);
            // A new attempt: the last answer's error no longer applies.
            if (recover.isError) recover.reset();
          }}
          placeholder="12 words separated by spaces"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          aria-describedby={`${id}-hint ${id}-message`}
          aria-invalid={error ? true : undefined}
        />
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {count} of {RECOVERY_PHRASE_WORDS} words: the ones you saved when you picked your username.
        </p>
        <p id={`${id}-message`} role="alert" className="min-h-5 text-sm text-destructive">
          {error}
        </p>
      </div>
      <Button type="submit" disabled={!canSubmit} className="w-full sm:w-auto sm:justify-self-end">
        {recover.isPending && <LoaderCircle className="animate-spin" aria-hidden="true" />}
        Restore my username
      </Button>
    </form>
  );
}
