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

/**
 * A look-alike of `name` (a username of ASCII letters and digits) for the name-rule tests: its first
 * letter fullwidth, the rest upper-case, a zero-width space and a soft hyphen inside. Its key
 * (service-kit names.ts) is the name's.
 */
export const lookAlikeOf = (name: string): string => {
  const [first = '', ...rest] = [...name];
  const wide = /[a-z0-9]/.test(first) ? String.fromCharCode(first.charCodeAt(0) + 0xfee0) : first;
  const tail = rest.join('').toUpperCase();
  return `${wide}${tail.slice(0, 2)}\u200B${tail.slice(2, 4)}\u00AD${tail.slice(4)}`;
};

/**
 * Names every visitor-written name field refuses (issue 25 item 6), each with why: the same table
 * for every service's name fields, so no field is left out of a case. `memberName` is a username
 * registered with identity; `staffName` (optional) a staff account name identity has seen.
 */
export const refusedNames = (memberName: string, staffName?: string): Array<[why: string, name: string]> => [
  ['Cyrillic А in Admin', '\u0410dmin'],
  ['fullwidth admin', 'ａｄｍｉｎ'],
  ['admin with a zero-width space', 'ad\u200Bmin'],
  ['a reserved word in a name', 'Admin Team'],
  ['a reserved word after an underscore', 'the_moderator'],
  ['a reserved word in camel case', 'OfficialSupport'],
  ['a look-alike of a member username', lookAlikeOf(memberName)],
  ['a member username with m written rn', memberName.replace(/m/g, 'rn')],
  ...(staffName ? ([['a look-alike of a staff account name', lookAlikeOf(staffName)]] as Array<[string, string]>) : []),
];

/** Real people's names the rule must let through (reserved words inside other words, accents, apostrophes). */
export const REAL_NAMES = [
  'Madmin Okafor',
  'Staffan Lindqvist',
  'Luka Modric',
  'José García',
  "Siobhán O'Brien",
  'Nguyễn Văn An',
  'Systems Analyst Jo',
  'badminton_fan',
] as const;
