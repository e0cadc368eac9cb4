import { toast } from '@wfm/ui';
import { useEffect } from 'react';
import { VISITOR_TOKEN_ERROR_MESSAGE, useVisitorToken } from '../../../lib/visitor-token.ts';
import { WelcomeModal } from './welcome-modal.tsx';

/** Makes sure the visitor has a session, then runs username onboarding when they need it. */
export function IdentityOnboarding() {
  const session = useVisitorToken();

  useEffect(() => {
    if (session.isError) {
      console.error(VISITOR_TOKEN_ERROR_MESSAGE, session.error);
      toast({ variant: 'destructive', title: VISITOR_TOKEN_ERROR_MESSAGE, description: 'Please reload the page to try again.' });
    }
  }, [session.isError, session.error]);

  return session.data ? <WelcomeModal anonToken={session.data} /> : null;
}
