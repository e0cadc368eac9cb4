import type { StaffMember } from '@wfm/contracts';
import {
  Badge,
  Button,
  ConfirmDialog,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  toast,
} from '@wfm/ui';
import { Pencil, Trash2, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { EmptyState, ListSkeleton, LoadError } from '../../../components/query-state.tsx';
import { SectionHeader } from '../../../components/section-header.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useDeleteStaff } from '../api/delete-staff.ts';
import { useStaff } from '../api/get-staff.ts';
import { StaffDialog } from './staff-dialog.tsx';

type Editing = { mode: 'add' } | { mode: 'edit'; member: StaffMember } | null;

/** Staff accounts (Super Admin): add, edit (role, active, password) and delete. */
export function StaffTab({ currentUsername }: { currentUsername: string }) {
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
      {staff.isPending ? (
        <ListSkeleton label="Loading staff" />
      ) : staff.isError ? (
        <LoadError title="Failed to load staff" error={staff.error} onRetry={() => void staff.refetch()} />
      ) : staff.data.length === 0 ? (
        <EmptyState title="No staff members" />
      ) : (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Username</TableHead>
              <TableHead className="hidden md:table-cell">Email</TableHead>
              <TableHead className="hidden sm:table-cell">Role</TableHead>
              <TableHead className="hidden sm:table-cell">Status</TableHead>
              <TableHead className="hidden lg:table-cell">Created</TableHead>
              <TableHead className="text-right">Actions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {staff.data.map((member) => (
              <TableRow key={member.id}>
                <TableCell className="whitespace-nowrap font-medium">
                  {member.username}
                  {member.username === currentUsername && <span className="ml-1 text-xs text-muted-foreground">(you)</span>}
                  <span className="block text-xs font-normal text-muted-foreground md:hidden">{member.email}</span>
                  <span className="block text-xs font-normal text-muted-foreground sm:hidden">
                    {member.role}
                    {!member.active && ' · Inactive'}
                  </span>
                </TableCell>
                <TableCell className="hidden text-muted-foreground md:table-cell">{member.email}</TableCell>
                <TableCell className="hidden sm:table-cell">
                  <Badge variant={member.role === 'Moderator' ? 'secondary' : 'default'} className="whitespace-nowrap">
                    {member.role}
                  </Badge>
                </TableCell>
                <TableCell className="hidden sm:table-cell">
                  <Badge variant={member.active ? 'success' : 'outline'}>{member.active ? 'Active' : 'Inactive'}</Badge>
                </TableCell>
                <TableCell className="hidden whitespace-nowrap text-muted-foreground lg:table-cell">
                  {formatDateTime(member.created_at)}
                </TableCell>
                <TableCell>
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
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
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
