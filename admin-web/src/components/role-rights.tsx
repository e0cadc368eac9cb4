import type { StaffRole } from '@wfm/contracts/shared';
import { Check } from '@wfm/ui/icons';
import { rightsOf } from '../lib/role-rights.ts';

/** The list of what a role may do, from ROLE_RIGHTS. */
export function RoleRights({ role, id }: { role: StaffRole; id?: string }) {
  return (
    <ul id={id} aria-label={`What the ${role} role can do`} className="grid gap-1 text-sm">
      {rightsOf(role).map(({ right, label }) => (
        <li key={right} className="flex items-start gap-2">
          <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
          <span>{label}</span>
        </li>
      ))}
    </ul>
  );
}
