// Admin calls (staff, staff logins, audit, user profiles, backups) and what each staff role may do.
import { z } from 'zod';
import { STAFF_ROLES, type StaffRole } from '../shared/services.ts';
import { AuditActor } from '../shared/staff-action.ts';

export const StaffRoleSchema = z.enum(STAFF_ROLES);

// ---------------------------------------------------------------------------------------------
// Role rights. The spec leaves them open; the issue fixes them and the panel shows them.
// ---------------------------------------------------------------------------------------------

export const ADMIN_RIGHTS = [
  'reports',
  'suggestions',
  'posts',
  'jobs',
  'polls',
  'tools',
  'mentors',
  'user-profiles',
  'suspensions',
  'ama',
  'pricing',
  'bookings',
  'receipts',
  'staff',
  'database',
  'audit',
] as const;
export type AdminRight = (typeof ADMIN_RIGHTS)[number];

const MODERATOR_RIGHTS = [
  'reports',
  'suggestions',
  'posts',
  'jobs',
  'polls',
  'tools',
  'mentors',
  'user-profiles',
  'suspensions',
] as const satisfies readonly AdminRight[];
const ADMIN_ROLE_RIGHTS = [...MODERATOR_RIGHTS, 'ama', 'pricing', 'bookings', 'receipts'] as const satisfies readonly AdminRight[];

/** Moderator: moderation; Admin: also the AMA business; Super Admin: also staff, database and the audit log. */
export const ROLE_RIGHTS: Readonly<Record<StaffRole, readonly AdminRight[]>> = {
  Moderator: MODERATOR_RIGHTS,
  Admin: ADMIN_ROLE_RIGHTS,
  'Super Admin': [...ADMIN_ROLE_RIGHTS, 'staff', 'database', 'audit'],
};

export function hasRight(role: StaffRole, right: AdminRight): boolean {
  return ROLE_RIGHTS[role].includes(right);
}

/** The roles holding `right`, e.g. for `app.requireStaff(...rolesWith('staff'))`. */
export function rolesWith(right: AdminRight): StaffRole[] {
  return STAFF_ROLES.filter((role) => hasRight(role, right));
}

// ---------------------------------------------------------------------------------------------
// Staff login: the httpOnly cookie plus a row in the admin service
// ---------------------------------------------------------------------------------------------

export const ADMIN_AUTH_MESSAGES = {
  invalidCredentials: 'Invalid credentials',
  missingCredentials: 'Please enter both username and password',
  tooManyAttempts: 'Too many login attempts, please try again later.',
  authenticationRequired: 'Authentication required',
} as const;

/**
 * The staff login cookie (httpOnly, SameSite=Strict, Path=/): `secure` over https (Secure,
 * __Host- prefix), `plain` over http. Requests carrying either are staff requests.
 */
export const STAFF_LOGIN_COOKIE = { secure: '__Host-wfm_staff', plain: 'wfm_staff' } as const;

/** POST /api/admin/login. */
export const AdminLoginBody = z.object({
  username: z
    .string({ error: ADMIN_AUTH_MESSAGES.missingCredentials })
    .min(1, ADMIN_AUTH_MESSAGES.missingCredentials)
    .max(50, 'Username must be 50 characters or less'),
  password: z
    .string({ error: ADMIN_AUTH_MESSAGES.missingCredentials })
    .min(1, ADMIN_AUTH_MESSAGES.missingCredentials)
    .max(200, 'Password must be 200 characters or less'),
});
export type AdminLoginBody = z.infer<typeof AdminLoginBody>;

export const AdminLoginResponse = z.object({ username: z.string(), role: StaffRoleSchema });
export type AdminLoginResponse = z.infer<typeof AdminLoginResponse>;

/** POST /api/admin/logout (also answered when there was no staff login). */
export const AdminLogoutResponse = z.object({ success: z.literal(true) });
export type AdminLogoutResponse = z.infer<typeof AdminLogoutResponse>;

/**
 * GET /api/admin/session (the spec's path): who is signed in, always 200; username and role are
 * null when there is no staff login.
 */
export const StaffLoginStatus = z.object({
  authenticated: z.boolean(),
  username: z.string().nullable(),
  role: StaffRoleSchema.nullable(),
});
export type StaffLoginStatus = z.infer<typeof StaffLoginStatus>;

/** GET /internal/staff-session (gateway only; the path keeps its name): the staff member owning the login cookie. */
export const StaffLoginIdentity = z.object({
  id: z.number().int().positive(),
  username: z.string().min(1),
  role: StaffRoleSchema,
});
export type StaffLoginIdentity = z.infer<typeof StaffLoginIdentity>;

// ---------------------------------------------------------------------------------------------
// Staff accounts
// ---------------------------------------------------------------------------------------------

export const STAFF_MESSAGES = {
  usernameRequired: 'Username is required',
  usernameTooLong: 'Username must be 50 characters or less',
  emailInvalid: 'Please enter a valid email address',
  emailTooLong: 'Email must be 100 characters or less',
  passwordRequired: 'Password is required for new staff members',
  passwordTooShort: 'Password must be at least 8 characters',
  passwordTooLong: 'Password must be 200 characters or less',
  roleInvalid: 'Role must be Moderator, Admin or Super Admin',
  permissionsInvalid: 'Permissions must be a JSON object',
  usernameTaken: 'A staff member with this username already exists',
  lastSuperAdmin: 'The last active Super Admin cannot be deleted, deactivated or demoted',
  notFound: 'Staff member not found',
} as const;

const StaffUsername = z
  .string({ error: STAFF_MESSAGES.usernameRequired })
  .trim()
  .min(1, STAFF_MESSAGES.usernameRequired)
  .max(50, STAFF_MESSAGES.usernameTooLong);
const StaffEmail = z
  .string({ error: STAFF_MESSAGES.emailInvalid })
  .trim()
  .max(100, STAFF_MESSAGES.emailTooLong)
  .pipe(z.email(STAFF_MESSAGES.emailInvalid));
const StaffPassword = z
  .string({ error: STAFF_MESSAGES.passwordRequired })
  .min(8, STAFF_MESSAGES.passwordTooShort)
  .max(200, STAFF_MESSAGES.passwordTooLong);
const StaffRoleInput = z.enum(STAFF_ROLES, { error: STAFF_MESSAGES.roleInvalid });

/** A JSON object; a JSON-encoded object string (the spec's "JSON text") is accepted too. */
export const StaffPermissions = z.preprocess((value) => {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}, z.record(z.string(), z.unknown(), { error: STAFF_MESSAGES.permissionsInvalid }));
export type StaffPermissions = Record<string, unknown>;

/** POST /api/admin/staff. */
export const CreateStaffBody = z.object({
  username: StaffUsername,
  email: StaffEmail,
  password: StaffPassword,
  role: StaffRoleInput.default('Moderator'),
  permissions: StaffPermissions.optional(),
  active: z.boolean().default(true),
});
export type CreateStaffBody = z.input<typeof CreateStaffBody>;

/**
 * PUT /api/admin/staff/{id}: the create schema's rules for every field sent; a missing or blank
 * password keeps the current one.
 */
export const UpdateStaffBody = z.object({
  username: StaffUsername.optional(),
  email: StaffEmail.optional(),
  password: z.union([z.literal(''), StaffPassword]).optional(),
  role: StaffRoleInput.optional(),
  permissions: StaffPermissions.optional(),
  active: z.boolean().optional(),
});
export type UpdateStaffBody = z.input<typeof UpdateStaffBody>;

/** A staff account as answered (the password never leaves the server). created_at is epoch ms. */
export const StaffMember = z.object({
  id: z.number().int().positive(),
  username: z.string(),
  email: z.string(),
  role: StaffRoleSchema,
  permissions: z.record(z.string(), z.unknown()),
  active: z.boolean(),
  created_at: z.number(),
});
export type StaffMember = z.infer<typeof StaffMember>;

/** GET /api/admin/staff: every account, oldest first. */
export const StaffListResponse = z.array(StaffMember);
export type StaffListResponse = z.infer<typeof StaffListResponse>;

/** DELETE /api/admin/staff/{id}. */
export const StaffDeletedResponse = z.object({ success: z.literal(true) });
export type StaffDeletedResponse = z.infer<typeof StaffDeletedResponse>;

// ---------------------------------------------------------------------------------------------
// Audit log (Super Admin)
// ---------------------------------------------------------------------------------------------

/** One staff action. `service` is the service that reported it; `at` is epoch ms. */
export const AuditEntry = z.object({
  id: z.number().int().positive(),
  service: z.string(),
  staff_id: z.number().int(),
  staff_username: z.string(),
  /** A staff role, or 'author' for an author's own edit or deletion (issue 26). */
  role: AuditActor,
  action: z.string(),
  target_type: z.string(),
  target_id: z.string(),
  at: z.number(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

/** GET /api/admin/audit?limit&before: newest first; pass `nextBefore` as `before` for the next page. */
export const AuditListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  before: z.coerce.number().int().positive().optional(),
});
export type AuditListQuery = z.input<typeof AuditListQuery>;

export const AuditListResponse = z.object({
  entries: z.array(AuditEntry),
  nextBefore: z.number().int().positive().nullable(),
});
export type AuditListResponse = z.infer<typeof AuditListResponse>;

// ---------------------------------------------------------------------------------------------
// Database backups (Super Admin)
// ---------------------------------------------------------------------------------------------

/** A backup file name as listed; plain names only, so a name can never point outside the backups directory. */
export const BackupFileName = z
  .string({ error: 'backupFileName is required' })
  .min(1, 'backupFileName is required')
  .max(200, 'Invalid backup file name')
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'Invalid backup file name');

/** One backup: `created` is epoch ms, `size` in bytes. */
export const BackupFile = z.object({
  fileName: z.string(),
  size: z.number().int().nonnegative(),
  created: z.number(),
});
export type BackupFile = z.infer<typeof BackupFile>;

/** POST /api/admin/database/backup, answered when the backup task completes. */
export const CreateBackupResponse = z.object({
  fileName: z.string(),
  size: z.number().int().nonnegative(),
});
export type CreateBackupResponse = z.infer<typeof CreateBackupResponse>;

/** GET /api/admin/database/backups: newest first. */
export const BackupListResponse = z.object({ backups: z.array(BackupFile) });
export type BackupListResponse = z.infer<typeof BackupListResponse>;

/** GET /api/admin/database/backup-stats. */
export const BackupStatsResponse = z.object({
  count: z.number().int().nonnegative(),
  totalSize: z.number().int().nonnegative(),
});
export type BackupStatsResponse = z.infer<typeof BackupStatsResponse>;

/** POST /api/admin/database/restore. */
export const RestoreBackupBody = z.object({ backupFileName: BackupFileName });
export type RestoreBackupBody = z.infer<typeof RestoreBackupBody>;

export const RestoreBackupResponse = z.object({ message: z.string(), backupFileName: z.string() });
export type RestoreBackupResponse = z.infer<typeof RestoreBackupResponse>;
