import { Button, Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, errorMessage } from '@wfm/ui';
import { LoaderCircle } from '@wfm/ui/icons';
import { useEffect, useRef } from 'react';
import { useCreateRecoveryPhrase } from '../api/recovery-phrase.ts';
import { RecoveryPhraseView } from './recovery-phrase-view.tsx';

/**
 * Makes a recovery phrase when it opens and shows it once, with copy and download. Offered right
 * after the visitor picks a username, and on /recovery-phrase to make a new one (the old one ends).
 */
export function RecoveryPhraseDialog({
  open,
  onOpenChange,
  anonToken,
  username,
  rotating = false,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  anonToken: string;
  username: string | null;
  rotating?: boolean;
}) {
  const create = useCreateRecoveryPhrase(anonToken);
  const asked = useRef(false);
  const { mutate, reset } = create;

  useEffect(() => {
    if (open && !asked.current) {
      asked.current = true;
      mutate();
    }
    if (!open) {
      asked.current = false;
      reset();
    }
  }, [open, mutate, reset]);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{rotating ? 'Your new recovery phrase' : 'Save your recovery phrase'}</DialogTitle>
          <DialogDescription>
            These 12 words bring your username, posts and votes to another device: choose "I already have a
            username" there. They are shown only now. Anyone with them can post as you, so keep them private.
            {rotating && ' Your previous phrase no longer works.'}
          </DialogDescription>
        </DialogHeader>
        {create.isPending || create.isIdle ? (
          <div className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
            <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
            Creating your recovery phrase…
          </div>
        ) : create.isError ? (
          <div className="grid gap-3" role="alert">
            <p className="text-sm text-destructive">
              {errorMessage(create.error, 'Could not create a recovery phrase. Please try again.')}
            </p>
            <Button type="button" variant="outline" size="sm" className="justify-self-start" onClick={() => mutate()}>
              Retry
            </Button>
          </div>
        ) : (
          <RecoveryPhraseView phrase={create.data.phrase} username={username} />
        )}
        <DialogFooter>
          <Button type="button" onClick={() => onOpenChange(false)}>
            {create.isSuccess ? "I've saved it" : 'Not now'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
