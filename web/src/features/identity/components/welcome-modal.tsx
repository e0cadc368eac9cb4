import { Button, Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@wfm/ui';
import { useState, type SyntheticEvent } from 'react';
import { useProfileCheck } from '../api/check-profile.ts';
import { RecoveryPhraseDialog } from './recovery-phrase-dialog.tsx';
import { RecoveryPhraseOffer } from './recovery-phrase-offer.tsx';
import { RestoreForm } from './restore-form.tsx';
import { UsernameForm } from './username-form.tsx';

const keepOpen = (event: Event | SyntheticEvent) => event.preventDefault();

/**
 * First-visit username onboarding. Open once the visitor has a token and the profile check says
 * there is no profile yet; it cannot be dismissed, only completed (or ended by a 409). "I already
 * have a username" swaps the form for the recovery phrase; after a username is saved the modal
 * closes (spec) and a card offers the recovery phrase, shown in a dialog of its own.
 */
export function WelcomeModal({ anonToken }: { anonToken: string }) {
  const check = useProfileCheck(anonToken);
  const open = check.isSuccess && !check.data.hasProfile;
  const [restoring, setRestoring] = useState(false);
  /** The username just saved: the recovery phrase is offered for it, then shown in a dialog. */
  const [saved, setSaved] = useState<string | null>(null);
  const [showPhrase, setShowPhrase] = useState(false);

  return (
    <>
      <Dialog open={open}>
        <DialogContent
          showClose={false}
          onEscapeKeyDown={keepOpen}
          onPointerDownOutside={keepOpen}
          onInteractOutside={keepOpen}
          className="sm:max-w-md"
          focusAfterPaint
        >
          <DialogHeader>
            <DialogTitle>{restoring ? 'Welcome back!' : 'Welcome to the community!'}</DialogTitle>
            <DialogDescription>
              {restoring
                ? 'Enter the 12-word recovery phrase you saved to use your username, posts and votes on this device.'
                : 'Pick a public username for your posts and comments. It cannot be changed later.'}
            </DialogDescription>
          </DialogHeader>
          {restoring ? <RestoreForm /> : <UsernameForm anonToken={anonToken} onSaved={setSaved} />}
          <Button
            type="button"
            variant="link"
            size="sm"
            className="justify-self-start px-0"
            onClick={() => setRestoring((r) => !r)}
          >
            {restoring ? 'Pick a new username instead' : 'I already have a username'}
          </Button>
        </DialogContent>
      </Dialog>
      {saved !== null && !showPhrase && (
        <RecoveryPhraseOffer onShow={() => setShowPhrase(true)} onDismiss={() => setSaved(null)} />
      )}
      <RecoveryPhraseDialog
        open={showPhrase}
        onOpenChange={(next) => {
          if (next) return;
          setShowPhrase(false);
          setSaved(null);
        }}
        anonToken={anonToken}
        username={saved}
      />
    </>
  );
}
