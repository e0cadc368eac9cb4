import { z } from 'zod';

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 20;
export const USERNAME_PATTERN = /^[a-z0-9_-]+$/;

export const USERNAME_MESSAGES = {
  tooShort: 'Username must be at least 3 characters',
  tooLong: 'Username must be 20 characters or less',
  badChars: 'Username can only contain letters, numbers, underscores and hyphens',
  taken: 'Username is already taken',
  checkFailed: 'Error checking username availability',
  available: '✓ Username is available',
  inappropriate: 'Username contains inappropriate language',
  alreadySet: 'You already have a username configured',
} as const;

/** Username as users type it: trimmed and lower-cased before the rules apply. */
export const Username = z
  .string()
  .trim()
  .toLowerCase()
  .min(USERNAME_MIN, USERNAME_MESSAGES.tooShort)
  .max(USERNAME_MAX, USERNAME_MESSAGES.tooLong)
  .regex(USERNAME_PATTERN, USERNAME_MESSAGES.badChars);

/**
 * Client-side check of a (lower-cased) username; returns the spec's message or null when the
 * format is fine (availability is then asked of the server). Empty input gives no message.
 */
export function usernameFormatError(input: string): string | null {
  const name = input.trim().toLowerCase();
  if (name.length === 0) return null;
  if (name.length < USERNAME_MIN) return USERNAME_MESSAGES.tooShort;
  if (name.length > USERNAME_MAX) return USERNAME_MESSAGES.tooLong;
  if (!USERNAME_PATTERN.test(name)) return USERNAME_MESSAGES.badChars;
  return null;
}

/** Anonymous tokens are 43 characters of base64url (32 random bytes). */
export const AnonToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Invalid token');

export const CreateSessionResponse = z.object({
  anon_token: z.string(),
  username: z.string().optional(),
});
export type CreateSessionResponse = z.infer<typeof CreateSessionResponse>;

export const UserProfileResponse = z.object({
  username: z.string().nullable(),
  created_at: z.number().nullable(),
});
export type UserProfileResponse = z.infer<typeof UserProfileResponse>;

export const ProfileCheckResponse = z.object({ hasProfile: z.boolean() });
export type ProfileCheckResponse = z.infer<typeof ProfileCheckResponse>;

export const CheckUsernameBody = z.object({ username: z.string().max(200) });
export const CheckUsernameResponse = z.object({ available: z.boolean() });
export type CheckUsernameResponse = z.infer<typeof CheckUsernameResponse>;

export const CreateProfileBody = z.object({ username: Username });
export const CreateProfileResponse = z.object({ username: z.string(), created_at: z.number() });
export type CreateProfileResponse = z.infer<typeof CreateProfileResponse>;
