import type { StaffRole } from '@wfm/contracts/shared';
import {
  Badge,
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
  ThemeToggle,
} from '@wfm/ui';
import { KeyRound, ShieldCheck } from '@wfm/ui/icons';
import { RoleRights } from '../../components/role-rights.tsx';
import { LogoutButton } from '../../features/auth/components/logout-button.tsx';
import { ROLE_SUMMARIES } from '../../lib/role-rights.ts';

/** Title, who is signed in (with what their role allows), theme and logout. */
export function PanelHeader({
  username,
  role,
  onSignedOut,
}: {
  username: string;
  role: StaffRole;
  onSignedOut: () => void;
}) {
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/90 backdrop-blur">
      <div className="mx-auto flex max-w-7xl items-center gap-3 px-4 py-3">
        <span className="hidden size-9 shrink-0 place-items-center sm:grid rounded-full bg-primary/15 text-primary">
          <ShieldCheck className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0">
          <h1 className="truncate text-lg font-semibold leading-tight">Admin Panel</h1>
          <p className="hidden text-xs text-muted-foreground sm:block">WFM Community</p>
        </div>
        <div className="ml-auto flex items-center gap-2">
          <Dialog>
            <DialogTrigger asChild>
              <Button variant="ghost" size="sm" className="gap-2 px-2" aria-label={`${username} ${role}, signed in. What can I do?`}>
                <span className="hidden max-w-40 truncate font-medium sm:inline">{username}</span>{' '}
                <Badge variant={role === 'Moderator' ? 'secondary' : 'default'}>{role}</Badge>
              </Button>
            </DialogTrigger>
            <DialogContent className="max-w-md">
              <DialogHeader>
                <DialogTitle className="flex items-center gap-2">
                  <KeyRound className="size-5" aria-hidden="true" />
                  Your access
                </DialogTitle>
                <DialogDescription>
                  Signed in as <strong className="text-foreground">{username}</strong> ({role}). {ROLE_SUMMARIES[role]}
                </DialogDescription>
              </DialogHeader>
              <RoleRights role={role} />
              <p className="text-xs text-muted-foreground">
                Tabs and actions outside your role are hidden, and the server refuses them as well.
              </p>
            </DialogContent>
          </Dialog>
          <ThemeToggle />
          <LogoutButton onSignedOut={onSignedOut} />
        </div>
      </div>
    </header>
  );
}
