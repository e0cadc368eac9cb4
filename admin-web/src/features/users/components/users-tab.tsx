import { ADMIN_USER_PROFILE_MESSAGES, adminUsernameError, type AdminUserProfile } from '@wfm/contracts/identity';
import { Button, Input, toast } from '@wfm/ui';
import { Check, Pencil, Search, X } from '@wfm/ui/icons';
import { useState, type KeyboardEvent } from 'react';
import { EmptyState } from '../../../components/query-state.tsx';
import { ResourceTable } from '../../../components/resource-table.tsx';
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
      <ResourceTable
        query={profiles}
        rows={rows}
        loadingLabel="Loading users"
        errorTitle="Failed to load users"
        empty={
          profiles.data?.length === 0 ? (
            <EmptyState title="No users yet">Visitors appear here once they choose a username.</EmptyState>
          ) : (
            <EmptyState title="No matching users">No username contains “{search.trim()}”.</EmptyState>
          )
        }
        rowKey={(profile) => profile.id}
        rowLabel={(profile) => profile.username}
        columns={[
          {
            id: 'username',
            header: 'Username',
            cellClassName: 'font-medium sm:min-w-56',
            cell: (profile) =>
              editing?.id === profile.id ? (
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
              ),
          },
          {
            id: 'token',
            header: 'Token',
            className: 'hidden sm:table-cell',
            cellClassName: 'font-mono text-xs text-muted-foreground',
            cell: (profile) => profile.token_fingerprint,
          },
          {
            id: 'joined',
            header: 'Joined',
            className: 'hidden md:table-cell',
            cellClassName: 'whitespace-nowrap text-muted-foreground',
            cell: (profile) => formatDateTime(profile.created_at),
          },
          {
            id: 'updated',
            header: 'Updated',
            className: 'hidden lg:table-cell',
            cellClassName: 'whitespace-nowrap text-muted-foreground',
            cell: (profile) => formatDateTime(profile.updated_at),
          },
          {
            id: 'last-seen',
            header: 'Last seen',
            className: 'hidden md:table-cell',
            cellClassName: 'whitespace-nowrap text-muted-foreground',
            cell: (profile) => formatDateTime(profile.last_seen),
          },
          {
            id: 'actions',
            header: 'Actions',
            headClassName: 'text-right',
            cell: (profile) => (
              <div className="flex justify-end gap-1.5">
                {editing?.id === profile.id ? (
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
            ),
          },
        ]}
      />
    </section>
  );
}
