import { STAFF_ROLES, type StaffRole } from '@wfm/contracts/shared';
import { CreateStaffBody, UpdateStaffBody, type StaffMember } from '@wfm/contracts/admin';
import {
  Alert,
  AlertDescription,
  Button,
  Checkbox,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Input,
  Label,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  toast,
} from '@wfm/ui';
import { AlertCircle } from '@wfm/ui/icons';
import { useState, type FormEvent } from 'react';
import { PasswordInput } from '../../../components/password-input.tsx';
import { RoleRights } from '../../../components/role-rights.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { ROLE_SUMMARIES } from '../../../lib/role-rights.ts';
import { useCreateStaff } from '../api/create-staff.ts';
import { useUpdateStaff } from '../api/update-staff.ts';

interface Draft {
  username: string;
  email: string;
  password: string;
  role: StaffRole;
  active: boolean;
}

const EMPTY: Draft = { username: '', email: '', password: '', role: 'Moderator', active: true };

/** The first problem with a draft, in the contract's words; null when it can be sent. */
function draftError(draft: Draft, isNew: boolean): string | null {
  if (!draft.username.trim() || !draft.email.trim()) return 'Username and email are required.';
  if (isNew && !draft.password) return 'A password is required for new staff members.';
  const schema = isNew ? CreateStaffBody : UpdateStaffBody;
  const result = schema.safeParse(draft);
  return result.success ? null : (result.error.issues[0]?.message ?? 'Please check the form.');
}

/**
 * Add (member undefined) or edit a staff account. On edit a blank password keeps the current one.
 * The role picker explains what the chosen role may do.
 */
export function StaffDialog({
  open,
  member,
  onOpenChange,
}: {
  open: boolean;
  member?: StaffMember;
  onOpenChange: (open: boolean) => void;
}) {
  const isNew = member === undefined;
  const initial: Draft = member
    ? { username: member.username, email: member.email, password: '', role: member.role, active: member.active }
    : EMPTY;
  const [draft, setDraft] = useState<Draft>(initial);
  const [error, setError] = useState<string | null>(null);
  const create = useCreateStaff();
  const update = useUpdateStaff();
  const busy = create.isPending || update.isPending;

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const problem = draftError(draft, isNew);
    setError(problem);
    if (problem) return;
    const body = {
      username: draft.username.trim(),
      email: draft.email.trim(),
      role: draft.role,
      active: draft.active,
    };
    if (isNew) {
      create.mutate(
        { ...body, password: draft.password },
        {
          onSuccess: (created) => {
            toast({ title: 'Staff member added', description: `${created.username} was added as ${created.role}.` });
            onOpenChange(false);
          },
          onError: (failure) =>
            toast({ variant: 'destructive', title: 'Add failed', description: errorMessage(failure, 'Please try again') }),
        },
      );
    } else {
      update.mutate(
        { id: member.id, body: draft.password ? { ...body, password: draft.password } : body },
        {
          onSuccess: (updated) => {
            toast({ title: 'Staff member updated', description: `${updated.username} was saved.` });
            onOpenChange(false);
          },
          onError: (failure) =>
            toast({ variant: 'destructive', title: 'Update failed', description: errorMessage(failure, 'Please try again') }),
        },
      );
    }
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{isNew ? 'Add Staff Member' : 'Edit Staff Member'}</DialogTitle>
          <DialogDescription>
            {isNew
              ? 'Create a sign-in for a new member of staff.'
              : `Change ${member.username}'s details, role or access. Leave the password blank to keep it.`}
          </DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={submit} noValidate>
          {error && (
            <Alert variant="destructive">
              <AlertCircle aria-hidden="true" />
              <AlertDescription>{error}</AlertDescription>
            </Alert>
          )}
          <div className="grid gap-2">
            <Label htmlFor="staff-username">Username</Label>
            <Input
              id="staff-username"
              autoComplete="off"
              maxLength={50}
              value={draft.username}
              onChange={(e) => set('username', e.target.value)}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="staff-email">Email</Label>
            <Input
              id="staff-email"
              type="email"
              autoComplete="off"
              maxLength={100}
              value={draft.email}
              onChange={(e) => set('email', e.target.value)}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="staff-password">{isNew ? 'Password' : 'New password'}</Label>
            <PasswordInput
              id="staff-password"
              autoComplete="new-password"
              maxLength={200}
              aria-describedby="staff-password-hint"
              value={draft.password}
              onChange={(e) => set('password', e.target.value)}
            />
            <p id="staff-password-hint" className="text-xs text-muted-foreground">
              {isNew ? 'At least 8 characters.' : 'Leave blank to keep the current password.'}
            </p>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="staff-role">Role</Label>
            <Select value={draft.role} onValueChange={(value) => set('role', value as StaffRole)}>
              <SelectTrigger id="staff-role" aria-describedby="staff-role-rights">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {STAFF_ROLES.map((role) => (
                  <SelectItem key={role} value={role}>
                    {role}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            <div className="grid gap-2 rounded-md border border-border bg-muted/40 p-3" id="staff-role-rights">
              <p className="text-sm font-medium">
                {draft.role}: {ROLE_SUMMARIES[draft.role]}
              </p>
              <RoleRights role={draft.role} />
            </div>
          </div>
          <div className="flex items-start gap-3">
            <Checkbox
              id="staff-active"
              checked={draft.active}
              onCheckedChange={(checked) => set('active', checked === true)}
              aria-describedby="staff-active-hint"
            />
            <div className="grid gap-1">
              <Label htmlFor="staff-active">Active</Label>
              <p id="staff-active-hint" className="text-xs text-muted-foreground">
                Inactive staff cannot sign in, and their open sessions end.
              </p>
            </div>
          </div>
          <DialogFooter>
            <Button variant="outline" disabled={busy} onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? 'Saving...' : isNew ? 'Add Staff Member' : 'Save Changes'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
