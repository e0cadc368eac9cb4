import { Button, toast } from '@wfm/ui';
import { LogOut } from '@wfm/ui/icons';
import { errorMessage } from '../../../lib/api-client.ts';
import { useLogout } from '../api/logout.ts';

/** Ends the staff login; `onSignedOut` then takes the user to the login page. */
export function LogoutButton({ onSignedOut }: { onSignedOut: () => void }) {
  const logoutMutation = useLogout();
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={logoutMutation.isPending}
      onClick={() =>
        logoutMutation.mutate(undefined, {
          onSuccess: onSignedOut,
          onError: (error) =>
            toast({ variant: 'destructive', title: 'Logout failed', description: errorMessage(error, 'Please try again') }),
        })
      }
    >
      <LogOut aria-hidden="true" />
      <span className="sr-only sm:not-sr-only">Logout</span>
    </Button>
  );
}
