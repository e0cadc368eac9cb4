import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@wfm/ui';
import type { SyntheticEvent } from 'react';
import { useProfileCheck } from '../api/check-profile.ts';
import { UsernameForm } from './username-form.tsx';

const keepOpen = (event: Event | SyntheticEvent) => event.preventDefault();

/**
 * First-visit username onboarding. Open once the visitor has a token and the profile check says
 * there is no profile yet; it cannot be dismissed, only completed (or ended by a 409).
 */
export function WelcomeModal({ anonToken }: { anonToken: string }) {
  const check = useProfileCheck(anonToken);
  const open = check.isSuccess && !check.data.hasProfile;

  return (
    <Dialog open={open}>
      <DialogContent
        showClose={false}
        onEscapeKeyDown={keepOpen}
        onPointerDownOutside={keepOpen}
        onInteractOutside={keepOpen}
        className="sm:max-w-md"
      >
        <DialogHeader>
          <DialogTitle>Welcome to the community!</DialogTitle>
          <DialogDescription>
            Pick a public username to get started. It appears on your posts and comments (you can still
            post anonymously whenever you like) and cannot be changed later.
          </DialogDescription>
        </DialogHeader>
        <UsernameForm anonToken={anonToken} />
      </DialogContent>
    </Dialog>
  );
}
