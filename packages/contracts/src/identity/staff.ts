// Staff calls of identity: visitors' profiles as staff see and edit them.
import { z } from 'zod';
import { AnonToken } from './api.ts';

// ---------------------------------------------------------------------------------------------
// User profiles (identity service)
// ---------------------------------------------------------------------------------------------

export const ADMIN_USERNAME_MAX = 50;

export const ADMIN_USER_PROFILE_MESSAGES = {
  empty: 'Username cannot be empty.',
  tooLong: 'Username must be 50 characters or less.',
  unavailable: 'Username unavailable',
  unavailableDescription: 'This username is already taken. Please choose a different one.',
  invalidCharacters: 'Username cannot contain control characters.',
  notFound: 'User profile not found',
} as const;

/**
 * A visitor's profile as staff see it. The anonymous token is never shown: `token_fingerprint`
 * is 8 hex characters derived from the stored token hash, enough to tell rows apart; `anon_token`
 * (the spec's column) carries the same fingerprint. Times are epoch ms; `id` is what
 * PUT /api/admin/user-profiles/{id} takes.
 */
export const AdminUserProfile = z.object({
  id: z.number().int().positive(),
  username: z.string(),
  token_fingerprint: z.string(),
  /** Always sent by the server; optional so that clients built before it keep compiling. */
  anon_token: z.string().optional(),
  created_at: z.number(),
  updated_at: z.number(),
  last_seen: z.number(),
});
export type AdminUserProfile = z.infer<typeof AdminUserProfile>;

/** GET /api/admin/user-profiles?limit&offset (both optional). */
export const AdminUserProfileListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(1000).default(1000),
  offset: z.coerce.number().int().min(0).default(0),
});
export type AdminUserProfileListQuery = z.input<typeof AdminUserProfileListQuery>;

/** GET /api/admin/user-profiles: newest first. */
export const AdminUserProfileListResponse = z.array(AdminUserProfile);
export type AdminUserProfileListResponse = z.infer<typeof AdminUserProfileListResponse>;

/** Admin-edited usernames: trimmed, 1-50 characters, kept as typed. */
export const AdminUsername = z
  .string({ error: ADMIN_USER_PROFILE_MESSAGES.empty })
  .trim()
  .min(1, ADMIN_USER_PROFILE_MESSAGES.empty)
  .max(ADMIN_USERNAME_MAX, ADMIN_USER_PROFILE_MESSAGES.tooLong)
  .regex(/^[^\u0000-\u001f\u007f]*$/, ADMIN_USER_PROFILE_MESSAGES.invalidCharacters);

/**
 * The {id} of PUT /api/admin/user-profiles/{id}: the row's `id`, or the visitor's anonymous token
 * itself (the spec edits "by anon token"; staff who were given a token may use it).
 */
export const AdminUserProfileId = z.union([z.coerce.number().int().positive(), AnonToken]);

/** PUT /api/admin/user-profiles/{id}. */
export const UpdateUserProfileBody = z.object({ username: AdminUsername });
export type UpdateUserProfileBody = z.input<typeof UpdateUserProfileBody>;

/**
 * Client-side check of an admin-edited username; the spec's message or null. The same rules as
 * AdminUsername, for forms that validate before sending.
 */
export function adminUsernameError(input: string): string | null {
  const result = AdminUsername.safeParse(input);
  return result.success ? null : (result.error.issues[0]?.message ?? ADMIN_USER_PROFILE_MESSAGES.empty);
}

