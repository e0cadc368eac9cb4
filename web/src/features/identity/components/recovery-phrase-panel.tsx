import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, ConfirmDialog, Skeleton } from '@wfm/ui';
import { KeyRound } from '@wfm/ui/icons';
import { useState } from 'react';
import { useVisitorToken } from '../../../lib/visitor-token.ts';
import { useDisplayName } from '../../../lib/user-profile.ts';
import { useRecoveryStatus } from '../api/recovery-phrase.ts';
import { RecoveryPhraseDialog } from './recovery-phrase-dialog.tsx';
import { RestoreForm } from './restore-form.tsx';

/** Make (or replace) the phrase of this visitor, or restore another username onto this device. */
export function RecoveryPhrasePanel() {
  const session = useVisitorToken();
  const { username } = useDisplayName();
  const status = useRecoveryStatus(username ? session.data : undefined);
  const [showing, setShowing] = useState<'first' | 'new' | null>(null);
  const [confirming, setConfirming] = useState(false);
  const hasPhrase = status.data?.has_phrase ?? false;

  return (
    <div className="grid gap-4">
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2 text-lg">
            <KeyRound className="size-5" aria-hidden="true" />
            {username ? `Your phrase for ${username}` : 'Your phrase'}
          </CardTitle>
          <CardDescription>
            {!username
              ? 'Pick a username first; then you can make a recovery phrase for it.'
              : status.isPending
                ? 'Checking…'
                : hasPhrase
                  ? `You made one ${new Date(status.data!.created_at!).toLocaleDateString()}. It is never shown again; a new one replaces it.`
                  : 'You have no recovery phrase yet.'}
          </CardDescription>
        </CardHeader>
        {username && session.data && (
          <CardContent>
            {status.isPending ? (
              <Skeleton className="h-9 w-48" />
            ) : (
              <Button onClick={() => (hasPhrase ? setConfirming(true) : setShowing('first'))} data-testid="make-recovery-phrase">
                {hasPhrase ? 'Make a new recovery phrase' : 'Make a recovery phrase'}
              </Button>
            )}
            <ConfirmDialog
              open={confirming}
              onOpenChange={setConfirming}
              title="Replace your recovery phrase?"
              description="Your current phrase will stop working at once. Devices already using your username stay signed in."
              confirmLabel="Make a new phrase"
              onConfirm={() => {
                setConfirming(false);
                setShowing('new');
              }}
            />
            <RecoveryPhraseDialog
              open={showing !== null}
              onOpenChange={(open) => !open && setShowing(null)}
              anonToken={session.data}
              username={username}
              rotating={showing === 'new'}
            />
          </CardContent>
        )}
      </Card>
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">I already have a username</CardTitle>
          <CardDescription>
            Enter the phrase you saved on another device. This browser then uses that username
            {username ? ` instead of ${username}` : ''}.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <RestoreForm />
        </CardContent>
      </Card>
    </div>
  );
}
