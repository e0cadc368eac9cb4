import type { StaffMember } from '@wfm/contracts/admin';
import { Badge, Button } from '@wfm/ui';
import { Pencil, UserPlus } from '@wfm/ui/icons';
import { useState } from 'react';
import { DeleteRowButton, useConfirmedDelete } from '../../../components/confirmed-delete.tsx';
import { EmptyState } from '../../../components/query-state.tsx';
import { ResourceTable } from '../../../components/resource-table.tsx';
import type { AdminTabProps } from '../../../lib/admin-tab.ts';
import { SectionHeader } from '../../../components/section-header.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useDeleteStaff } from '../api/delete-staff.ts';
import { useStaff } from '../api/get-staff.ts';
import { StaffDialog } from './staff-dialog.tsx';

type Editing = { mode: 'add' } | { mode: 'edit'; member: StaffMember } | null;

/** Staff accounts (Super Admin): add, edit (role, active, password) and delete. */
export function StaffTab({ staff: signedIn }: AdminTabProps) {
  const staff = useStaff();
  const [editing, setEditing] = useState<Editing>(null);
  const deletion = useConfirmedDelete<StaffMember>({
    remove: useDeleteStaff(),
    title: 'Delete staff member?',
    consequence: (member) => (
      <>
        This permanently deletes the account of <strong className="text-foreground">{member.username}</strong> ({member.role}); they can no longer sign in.
      </>
    ),
    deleted: (member) => ({ title: 'Staff member deleted', description: `${member.username} can no longer sign in.` }),
    failedTitle: 'Delete failed',
  });

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
                <DeleteRowButton label={`Delete ${member.username}`} onClick={() => deletion.ask(member)} />
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
      {deletion.dialog}
    </section>
  );
}
