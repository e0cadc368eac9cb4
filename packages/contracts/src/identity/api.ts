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

/**
 * Anonymous tokens identity issues: `<id>.<tag>`, a 32-byte random id (43 base64url characters), a
 * dot and a 16-byte HMAC tag (22 characters) that every service verifies (service-kit visitor.ts).
 * Tokens of the old format (43 characters, no tag) are not visitors any more.
 */
export const ANON_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{22}$/;
export const AnonToken = z.string().regex(ANON_TOKEN_PATTERN, 'Invalid token');

/** True when a stored token has the current format (the web app drops others and starts a new session). */
export const isAnonTokenFormat = (value: unknown): value is string =>
  typeof value === 'string' && ANON_TOKEN_PATTERN.test(value);

/**
 * Names (author names of posts, comments, suggestions, polls, tools, templates and AMA questions,
 * help/report reporter names, mentor names and requester names, usernames, staff renames of a
 * visitor): a visitor may write as their own username, `Anonymous`, or a name that neither looks
 * like a member's username or a staff account name (current or former) nor has a reserved word as
 * one of its words. Names are compared on their key (service-kit names.ts: NFKC, invisible
 * characters removed, TS #39 confusables skeleton, case, accents and separators folded).
 */
export const RESERVED_AUTHOR_NAMES = [
  'admin',
  'admins',
  'administrator',
  'administrators',
  'moderator',
  'moderators',
  'mod',
  'mods',
  'staff',
  'support',
  'system',
  'official',
  'anonymous',
] as const;
/** Reserved words refused anywhere in a name, also without a word boundary (`themoderator`). */
export const RESERVED_INSIDE_NAMES = ['administrator', 'moderator'] as const;

/**
 * One message for a reserved word, a staff name and a member's name alike: which of them a name
 * hit is not told, so the check does not reveal staff account names.
 */
export const AUTHOR_NAME_MESSAGES = {
  taken: 'That name is taken or reserved. Post under your own username, as Anonymous, or choose another name.',
  unavailable: 'Names cannot be checked right now. Post as Anonymous or try again in a moment.',
} as const;

/** Internal call (never routed by the gateway): may this visitor write under `name`? */
export const AUTHOR_NAME_CHECK_PATH = '/internal/author-name';
export const AuthorNameCheckBody = z.object({
  /** The visitor's x-anon-token, when the request carried one. */
  token: z.string().max(200).optional(),
  name: z.string().min(1).max(200),
});
export type AuthorNameCheckBody = z.infer<typeof AuthorNameCheckBody>;
export const AuthorNameCheckResponse = z.object({ name: z.string() });
export type AuthorNameCheckResponse = z.infer<typeof AuthorNameCheckResponse>;

/** DELETE /api/session: the holder ends the token ("forget this device"). */
export const DeleteSessionResponse = z.object({ revoked: z.boolean() });
export type DeleteSessionResponse = z.infer<typeof DeleteSessionResponse>;

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

/**
 * Recovery phrase (portable pseudonym, issue 16): 12 words of the BIP-39 English list (128 bits of
 * entropy, made on the server), shown once. The phrase brings the same visitor to another device.
 */
export const RECOVERY_PHRASE_WORDS = 12;
/** The first words of a phrase: what the per-prefix limit counts and the lookup key is made of. */
export const RECOVERY_PREFIX_WORDS = 4;

export const RECOVERY_MESSAGES = {
  malformed: 'Enter the 12 words of your recovery phrase, separated by spaces.',
  noMatch: 'No username matches that recovery phrase.',
  usernameRequired: 'Pick a username before creating a recovery phrase.',
} as const;

/**
 * The phrase as people type or paste it: words of lower-case letters, any whitespace (and case)
 * between them. Its words are checked against the list and its checksum on the server.
 */
export const normalizeRecoveryPhrase = (input: string): string => input.trim().toLowerCase().split(/\s+/).join(' ');

export const RecoveryPhraseText = z
  .string()
  .max(400, RECOVERY_MESSAGES.malformed)
  .transform(normalizeRecoveryPhrase)
  .refine((p) => /^[a-z]+( [a-z]+){11}$/.test(p), RECOVERY_MESSAGES.malformed);

/** POST /api/session/recover: the phrase; answers a token of the same visitor and its username. */
export const RecoverSessionBody = z.object({ phrase: RecoveryPhraseText });
export const RecoverSessionResponse = z.object({ anon_token: z.string(), username: z.string() });
export type RecoverSessionResponse = z.infer<typeof RecoverSessionResponse>;

/** POST /api/user-profile/recovery-phrase: a new phrase (any earlier one stops working), shown once. */
export const CreateRecoveryPhraseResponse = z.object({
  phrase: z.string(),
  created_at: z.number(),
});
export type CreateRecoveryPhraseResponse = z.infer<typeof CreateRecoveryPhraseResponse>;

/** GET /api/user-profile/recovery-phrase: whether the visitor has a phrase (never the phrase). */
export const RecoveryPhraseStatusResponse = z.object({
  has_phrase: z.boolean(),
  created_at: z.number().nullable(),
});
export type RecoveryPhraseStatusResponse = z.infer<typeof RecoveryPhraseStatusResponse>;
