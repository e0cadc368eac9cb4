import { randomBytes } from 'node:crypto';

/**
 * Letters and digits that neither spell nor, through leetspeak (4=a, 5=s, 0=o, 3=e...), stand for a
 * word of identity's profanity list. Random hex names are refused now and then (`a55`, `b00b`: about
 * one name in 700), which failed tests at random; identity's tests check this alphabet against the list.
 */
export const SAFE_NAME_CHARS = '89bdfhjmnpqrvwxyz';

/** `length` random characters from SAFE_NAME_CHARS. */
export const safeRandomChars = (length: number): string =>
  [...randomBytes(length)].map((b) => SAFE_NAME_CHARS[b % SAFE_NAME_CHARS.length]).join('');

/** A valid username nobody else in the test run has: the prefix and 9 safe characters, at most 20 in all. */
export const uniqueUsername = (prefix = 'u'): string => `${prefix}${safeRandomChars(9)}`.slice(0, 20);
