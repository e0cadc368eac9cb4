import {
  Alert,
  AlertDescription,
  AlertTitle,
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Skeleton,
  toast,
} from '@wfm/ui';
import { KeyRound, TriangleAlert } from '@wfm/ui/icons';
import { useState } from 'react';
import { errorToast } from '../../../lib/error-toast.ts';
import { useVisitorToken } from '../../../lib/visitor-token.ts';
import { useDisplayName } from '../../../lib/user-profile.ts';
import { useForgetDevice } from '../api/forget-device.ts';
import { useRecoveryStatus } from '../api/recovery-phrase.ts';
import { FORGET_DEVICE_TOASTS } from '../messages.ts';
import { RecoveryPhraseDialog } from './recovery-phrase-dialog.tsx';

/** Offers the recovery phrase before the username leaves this browser: the one way back to it. */
function PhraseFirst({ anonToken, username }: { anonToken: string; username: string }) {
  const status = useRecoveryStatus(anonToken);
  // Fixed when it opens: making the phrase turns has_phrase true while the dialog is showing it.
  const [showing, setShowing] = useState<'first' | 'new' | null>(null);
  const hasPhrase = status.data?.has_phrase ?? false;
  return (
    <section aria-label="Recovery phrase" className="grid gap-2 rounded-md border border-border p-3">
      <p className="flex items-center gap-2 text-sm font-medium">
        <KeyRound className="size-4 text-primary" aria-hidden="true" />
        Save your recovery phrase first
      </p>
      {status.isPending ? (
        <Skeleton className="h-8 w-48" />
      ) : (
        <>
          <p className="text-sm text-muted-foreground">
            {hasPhrase
              ? `You made one on ${new Date(status.data!.created_at!).toLocaleDateString()}. If you no longer have it, make a new one now (the old one then stops working).`
              : 'You have no recovery phrase yet: without one, no one can bring this username back.'}
          </p>
          <Button type="button" variant="outline" size="sm" className="justify-self-start" onClick={() => setShowing(hasPhrase ? 'new' : 'first')}>
            {hasPhrase ? 'Make a new recovery phrase' : 'Show my recovery phrase'}
          </Button>
        </>
      )}
      <RecoveryPhraseDialog
        open={showing !== null}
        onOpenChange={(open) => !open && setShowing(null)}
        anonToken={anonToken}
        username={username}
        rotating={showing === 'new'}
      />
    </section>
  );
}

/**
 * "Forget this device" (for a shared computer): warns that the username comes back only with the
 * recovery phrase and offers it first; then ends the token on the server, clears the stored token
 * and username, and starts a new anonymous session.
 */
export function ForgetDeviceDialog({
  open,
  onOpenChange,
  onCloseAutoFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const session = useVisitorToken();
  const { username } = useDisplayName();
  const forget = useForgetDevice();
  const busy = forget.isPending;

  const confirm = () =>
    forget.mutate(undefined, {
      onSuccess: () => {
        onOpenChange(false);
        toast(FORGET_DEVICE_TOASTS.forgotten);
      },
      onError: (error) => toast(errorToast(FORGET_DEVICE_TOASTS.failed.title, error, FORGET_DEVICE_TOASTS.failed.fallback)),
    });

  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent className="sm:max-w-lg" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>Forget this device?</DialogTitle>
          <DialogDescription>
            For a shared computer: this browser stops being you and starts over as a new anonymous visitor. Your posts,
            comments and votes stay on the site.
          </DialogDescription>
        </DialogHeader>
        {username ? (
          <Alert variant="destructive">
            <TriangleAlert aria-hidden="true" />
            <div className="grid gap-1">
              <AlertTitle>Your username {username} can only come back with your recovery phrase</AlertTitle>
              <AlertDescription>
                On this or any other device, choose “I already have a username” and enter its 12 words; without them
                the username is gone for good. Other devices using it are signed out too, and My Posts and your
                questions start afresh when it comes back.
              </AlertDescription>
            </div>
          </Alert>
        ) : (
          <p className="text-sm text-muted-foreground">
            You have no username, so there is nothing to bring back later: My Posts, your votes and your questions stop
            being linked to this browser.
          </p>
        )}
        {username && session.data && <PhraseFirst anonToken={session.data} username={username} />}
        <DialogFooter>
          <Button type="button" variant="outline" disabled={busy} onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="button" variant="destructive" disabled={busy || !session.data} onClick={confirm}>
            {busy ? 'Forgetting...' : 'Forget this device'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
