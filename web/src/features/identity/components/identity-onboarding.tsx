import { toast } from '@wfm/ui';
import { useEffect } from 'react';
import { SESSION_ERROR_MESSAGE, useSession } from '../../../lib/session.ts';
import { WelcomeModal } from './welcome-modal.tsx';

/** Makes sure the visitor has a session, then runs username onboarding when they need it. */
export function IdentityOnboarding() {
  const session = useSession();

  useEffect(() => {
    if (session.isError) {
      console.error(SESSION_ERROR_MESSAGE, session.error);
      toast({ variant: 'destructive', title: SESSION_ERROR_MESSAGE, description: 'Please reload the page to try again.' });
    }
  }, [session.isError, session.error]);

  return session.data ? <WelcomeModal anonToken={session.data} /> : null;
}
