import { toast } from '@wfm/ui';
import { useDeferredValue, useEffect } from 'react';
import { lazyDialog } from '../../../components/lazy-dialog.tsx';
import { VISITOR_TOKEN_ERROR_MESSAGE, useVisitorToken } from '../../../lib/visitor-token.ts';
import { useProfileCheck } from '../api/check-profile.ts';

/**
 * The welcome modal's code (its forms, the recovery phrase) is fetched only for a visitor without
 * a profile, once the check says so (issue 27 item 4); it stays mounted from then on (it offers the
 * recovery phrase after the username is saved).
 */
const WelcomeModal = lazyDialog<{ open: boolean; anonToken: string }>(async () => (await import('./welcome-modal.tsx')).WelcomeModal);

/** Makes sure the visitor has a session, then runs username onboarding when they need it. */
export function IdentityOnboarding() {
  const session = useVisitorToken();

  useEffect(() => {
    if (session.isError) {
      console.error(VISITOR_TOKEN_ERROR_MESSAGE, session.error);
      toast({ variant: 'destructive', title: VISITOR_TOKEN_ERROR_MESSAGE, description: 'Please reload the page to try again.' });
    }
  }, [session.isError, session.error]);

  const check = useProfileCheck(session.data);
  // The modal mounts in a deferred render: React renders it in slices instead of one task, which on
  // a first visit fell inside the page's load (the check answers while the page hydrates).
  const needed = useDeferredValue(check.isSuccess && !check.data.hasProfile);
  return session.data ? <WelcomeModal open={needed} anonToken={session.data} /> : null;
}
