import { z } from 'zod';
import { STAFF_ROLES } from './services.ts';

/** `<service>.staff.action`: a staff member changed something; the admin service keeps it in the audit log. */
export const StaffActionEvent = z.object({
  staff_id: z.number().int(),
  staff_username: z.string(),
  role: z.enum(STAFF_ROLES),
  action: z.string().min(1).max(100),
  target_type: z.string().min(1).max(50),
  target_id: z.string().max(200),
  at: z.number().int(),
});
export type StaffActionEvent = z.infer<typeof StaffActionEvent>;
