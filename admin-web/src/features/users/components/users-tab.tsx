import {
  ADMIN_USER_PROFILE_MESSAGES,
  adminUsernameError,
  type AdminUserProfile,
} from '@wfm/contracts';
import {
  Button,
  Input,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  toast,
} from '@wfm/ui';
import { Check, Pencil, Search, X } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import { EmptyState, ListSkeleton, LoadError } from '../../../components/query-state.tsx';
import { SectionHeader } from '../../../components/section-header.tsx';
import { errorMessage, isApiError } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useUserProfiles } from '../api/get-user-profiles.ts';
import { useUpdateUserProfile } from '../api/update-user-profile.ts';

function isUsernameTaken(error: unknown): boolean {
  return isApiError(error, 409) || /already taken/i.test(errorMessage(error, ''));
}

/** Visitors with a username. One row at a time can be renamed: Edit, then Save or Cancel. */
export function UsersTab() {
  const profiles = useUserProfiles();
  const update = useUpdateUserProfile();
  const [editing, setEditing] = useState<{ id: number; value: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [search, setSearch] = useState('');

  const startEdit = (profile: AdminUserProfile) => {
    setEditing({ id: profile.id, value: profile.username });
    setProblem(null);
  };
  const cancel = () => {
    setEditing(null);
    setProblem(null);
  };

  function save(profile: AdminUserProfile) {
    if (!editing) return;
    const error = adminUsernameError(editing.value);
    setProblem(error);
    if (error) return;
    const username = editing.value.trim();
    if (username === profile.username) return cancel();
    update.mutate(
      { id: profile.id, body: { username } },
      {
        onSuccess: () => {
          cancel();
          toast({ title: 'Username updated', description: `${profile.username} is now ${username}.` });
        },
        onError: (failure) =>
          isUsernameTaken(failure)
            ? toast({
                variant: 'destructive',
                title: ADMIN_USER_PROFILE_MESSAGES.unavailable,
                description: ADMIN_USER_PROFILE_MESSAGES.unavailableDescription,
              })
            : toast({ variant: 'destructive', title: 'Update failed', description: errorMessage(failure, 'Please try again') }),
      },
    );
  }

  const onKeyDown = (profile: AdminUserProfile) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      save(profile);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      cancel();
    }
  };

  const needle = search.trim().toLowerCase();
  const rows = profiles.data?.filter((p) => !needle || p.username.toLowerCase().includes(needle));

  return (
    <section className="grid gap-4" aria-labelledby="users-heading">
      <SectionHeader
        id="users-heading"
        title="Users"
        count={profiles.data?.length}
        description="Visitors who chose a username. Tokens are never shown; the fingerprint tells rows apart."
        actions={
          <div className="relative w-full sm:w-auto">
            <Search className="pointer-events-none absolute left-2.5 top-2.5 size-4 text-muted-foreground" aria-hidden="true" />
            <Input
              type="search"
              aria-label="Search users"
              placeholder="Search users"
              className="h-9 w-full pl-8 sm:w-56"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
          </div>
        }
      />
      {profiles.isPending ? (
        <ListSkeleton label="Loading users" />
      ) : profiles.isError ? (
        <LoadError title="Failed to load users" error={profiles.error} onRetry={() => void profiles.refetch()} />
      ) : profiles.data.length === 0 ? (
        <EmptyState title="No users yet">Visitors appear here once they choose a username.</EmptyState>
      ) : rows?.length === 0 ? (
        <EmptyState title="No matching users">No username contains “{search.trim()}”.</EmptyState>
      ) : (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Username</TableHead>
              <TableHead className="hidden sm:table-cell">Token</TableHead>
              <TableHead className="hidden md:table-cell">Joined</TableHead>
              <TableHead className="hidden lg:table-cell">Updated</TableHead>
              <TableHead className="hidden md:table-cell">Last seen</TableHead>
              <TableHead className="text-right">Actions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows?.map((profile) => {
              const isEditing = editing?.id === profile.id;
              return (
                <TableRow key={profile.id} aria-label={profile.username}>
                  <TableCell className="font-medium sm:min-w-56">
                    {isEditing ? (
                      <div className="grid gap-1">
                        <Input
                          aria-label={`New username for ${profile.username}`}
                          aria-invalid={problem !== null}
                          aria-describedby={problem ? `user-${profile.id}-problem` : undefined}
                          value={editing.value}
                          autoFocus
                          disabled={update.isPending}
                          onChange={(e) => setEditing({ id: profile.id, value: e.target.value })}
                          onKeyDown={onKeyDown(profile)}
                        />
                        {problem && (
                          <p id={`user-${profile.id}-problem`} role="alert" className="text-xs text-destructive">
                            {problem}
                          </p>
                        )}
                      </div>
                    ) : (
                      <>
                        {profile.username}
                        <span className="block text-xs font-normal text-muted-foreground md:hidden">
                          Joined {formatDateTime(profile.created_at)}
                        </span>
                      </>
                    )}
                  </TableCell>
                  <TableCell className="hidden font-mono text-xs text-muted-foreground sm:table-cell">
                    {profile.token_fingerprint}
                  </TableCell>
                  <TableCell className="hidden whitespace-nowrap text-muted-foreground md:table-cell">
                    {formatDateTime(profile.created_at)}
                  </TableCell>
                  <TableCell className="hidden whitespace-nowrap text-muted-foreground lg:table-cell">
                    {formatDateTime(profile.updated_at)}
                  </TableCell>
                  <TableCell className="hidden whitespace-nowrap text-muted-foreground md:table-cell">
                    {formatDateTime(profile.last_seen)}
                  </TableCell>
                  <TableCell>
                    <div className="flex justify-end gap-1.5">
                      {isEditing ? (
                        <>
                          <Button size="sm" disabled={update.isPending} onClick={() => save(profile)}>
                            <Check aria-hidden="true" />
                            {update.isPending ? 'Saving...' : 'Save'}
                          </Button>
                          <Button variant="outline" size="sm" disabled={update.isPending} onClick={cancel}>
                            <X aria-hidden="true" />
                            Cancel
                          </Button>
                        </>
                      ) : (
                        <Button
                          variant="outline"
                          size="sm"
                          aria-label={`Edit ${profile.username}`}
                          disabled={editing !== null}
                          onClick={() => startEdit(profile)}
                        >
                          <Pencil aria-hidden="true" />
                          <span className="hidden lg:inline">Edit</span>
                        </Button>
                      )}
                    </div>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
    </section>
  );
}
