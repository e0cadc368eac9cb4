import { z } from 'zod';
import { STAFF_ROLES } from './services.ts';

/**
 * Who an audit entry names: a staff role, or 'author', the anonymous visitor who wrote a post or
 * comment and edited or deleted it (issue 26; staff_id 0, staff_username 'author').
 */
export const AUDIT_ACTORS = [...STAFF_ROLES, 'author'] as const;
export const AuditActor = z.enum(AUDIT_ACTORS);
export type AuditActor = z.infer<typeof AuditActor>;

/** `<service>.staff.action`: a staff member (or an author, role 'author') changed something; the admin service keeps it in the audit log. */
export const StaffActionEvent = z.object({
  staff_id: z.number().int(),
  staff_username: z.string(),
  role: AuditActor,
  action: z.string().min(1).max(100),
  target_type: z.string().min(1).max(50),
  target_id: z.string().max(200),
  at: z.number().int(),
});
export type StaffActionEvent = z.infer<typeof StaffActionEvent>;
