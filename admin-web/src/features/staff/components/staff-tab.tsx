import type { StaffMember } from '@wfm/contracts/admin';
import { Badge, Button, ConfirmDialog, toast } from '@wfm/ui';
import { Pencil, Trash2, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { EmptyState } from '../../../components/query-state.tsx';
import { ResourceTable } from '../../../components/resource-table.tsx';
import type { AdminTabProps } from '../../../lib/admin-tab.ts';
import { SectionHeader } from '../../../components/section-header.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useDeleteStaff } from '../api/delete-staff.ts';
import { useStaff } from '../api/get-staff.ts';
import { StaffDialog } from './staff-dialog.tsx';

type Editing = { mode: 'add' } | { mode: 'edit'; member: StaffMember } | null;

/** Staff accounts (Super Admin): add, edit (role, active, password) and delete. */
export function StaffTab({ staff: signedIn }: AdminTabProps) {
  const staff = useStaff();
  const remove = useDeleteStaff();
  const [editing, setEditing] = useState<Editing>(null);
  const [toDelete, setToDelete] = useState<StaffMember | null>(null);

  function deleteMember(member: StaffMember) {
    remove.mutate(member.id, {
      onSuccess: () => {
        setToDelete(null);
        toast({ title: 'Staff member deleted', description: `${member.username} can no longer sign in.` });
      },
      onError: (error) => {
        setToDelete(null);
        toast({ variant: 'destructive', title: 'Delete failed', description: errorMessage(error, 'Please try again') });
      },
    });
  }

  return (
    <section className="grid gap-4" aria-labelledby="staff-heading">
      <SectionHeader
        id="staff-heading"
        title="Staff"
        count={staff.data?.length}
        description="Who can sign in to this panel, and with which role."
        actions={
          <Button size="sm" onClick={() => setEditing({ mode: 'add' })}>
            <UserPlus aria-hidden="true" />
            Add Staff Member
          </Button>
        }
      />
      <ResourceTable
        query={staff}
        rows={staff.data}
        loadingLabel="Loading staff"
        errorTitle="Failed to load staff"
        empty={<EmptyState title="No staff members" />}
        rowKey={(member) => member.id}
        columns={[
          {
            id: 'username',
            header: 'Username',
            cellClassName: 'whitespace-nowrap font-medium',
            cell: (member) => (
              <>
                {member.username}
                {member.username === signedIn.username && <span className="ml-1 text-xs text-muted-foreground">(you)</span>}
                <span className="block text-xs font-normal text-muted-foreground md:hidden">{member.email}</span>
                <span className="block text-xs font-normal text-muted-foreground sm:hidden">
                  {member.role}
                  {!member.active && ' · Inactive'}
                </span>
              </>
            ),
          },
          {
            id: 'email',
            header: 'Email',
            className: 'hidden md:table-cell',
            cellClassName: 'text-muted-foreground',
            cell: (member) => member.email,
          },
          {
            id: 'role',
            header: 'Role',
            className: 'hidden sm:table-cell',
            cell: (member) => (
              <Badge variant={member.role === 'Moderator' ? 'secondary' : 'default'} className="whitespace-nowrap">
                {member.role}
              </Badge>
            ),
          },
          {
            id: 'status',
            header: 'Status',
            className: 'hidden sm:table-cell',
            cell: (member) => (
              <Badge variant={member.active ? 'success' : 'outline'}>{member.active ? 'Active' : 'Inactive'}</Badge>
            ),
          },
          {
            id: 'created',
            header: 'Created',
            className: 'hidden lg:table-cell',
            cellClassName: 'whitespace-nowrap text-muted-foreground',
            cell: (member) => formatDateTime(member.created_at),
          },
          {
            id: 'actions',
            header: 'Actions',
            headClassName: 'text-right',
            cell: (member) => (
              <div className="flex justify-end gap-1">
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={`Edit ${member.username}`}
                  onClick={() => setEditing({ mode: 'edit', member })}
                >
                  <Pencil aria-hidden="true" />
                  <span className="hidden lg:inline">Edit</span>
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  className="text-destructive hover:text-destructive"
                  aria-label={`Delete ${member.username}`}
                  onClick={() => setToDelete(member)}
                >
                  <Trash2 aria-hidden="true" />
                  <span className="hidden lg:inline">Delete</span>
                </Button>
              </div>
            ),
          },
        ]}
      />
      {editing && (
        <StaffDialog
          key={editing.mode === 'edit' ? editing.member.id : 'new'}
          open
          member={editing.mode === 'edit' ? editing.member : undefined}
          onOpenChange={(open) => !open && setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="Delete staff member?"
        description={
          <>
            <span>
              This permanently deletes the account of <strong className="text-foreground">{toDelete?.username}</strong>{' '}
              ({toDelete?.role}); they can no longer sign in.
            </span>
            <span>This action cannot be undone.</span>
          </>
        }
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={remove.isPending}
        onConfirm={() => toDelete && deleteMember(toDelete)}
      />
    </section>
  );
}
