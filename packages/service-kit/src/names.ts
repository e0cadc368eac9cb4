import unhomoglyph from 'unhomoglyph';
import { ANONYMOUS } from '@wfm/contracts/shared';
import { RESERVED_AUTHOR_NAMES, RESERVED_INSIDE_NAMES } from '@wfm/contracts/identity';

/**
 * Names people write under (author names, usernames, reporter and requester names, staff renames)
 * are compared on their *name key*, never on the text itself (DESIGN decision 12, issue 25 item 6):
 *
 * 1. `cleanDisplayName`: NFKC (fullwidth and styled letters become plain ones), then every invisible
 *    character removed (format characters such as zero-width spaces and direction overrides,
 *    default-ignorable code points such as the Hangul filler, controls), runs of white space made
 *    one space, trimmed. This is also the text that is stored and shown.
 * 2. `nameKey`: the confusables skeleton of Unicode TS #39 (NFD, the confusables.txt prototype of
 *    each character, NFD; the mapping is the `unhomoglyph` package's), lower-cased and folded once
 *    more, combining marks dropped (`admín` is `admin`), and everything that is not a letter or a
 *    digit dropped (`pa_ul` is `paul`). `Аdmin` (Cyrillic А), `ａｄｍｉｎ` and `ad\u200Bmin` have the
 *    key of `admin`; `PauI` (capital i) the key of `paul`. Keys are for comparing only (`m` becomes
 *    `rn`), never shown.
 * 3. `reservedWordIn`: a reserved word (RESERVED_AUTHOR_NAMES) as a whole word of the name, words
 *    split at spaces and punctuation, lower-to-upper case changes (`TheModerator`) and digits other
 *    than 0 and 1 (which look like o and l: `m0derator` stays one word); and the longer words
 *    (RESERVED_INSIDE_NAMES) anywhere in the key (`xxmoderatorxx`). `Madmin`, `Staffan`, `Modric` or
 *    `Systems Analyst` are not refused: a word must be the reserved word, not contain it.
 *    Two readings more: leetspeak (`adm1n`, `5taff`, `@dmin`, `m0ds`: digits and symbols read as the
 *    letters they stand for), and a word written in capitals that starts or ends with a reserved word
 *    of five letters or more (`ADMINTEAM`, `TEAMSTAFF`: capitals hide where words join; `Staffan`
 *    in lower case still passes, `STAFFAN` does not — the price of the rule).
 *
 * The identity service stores no key for names it cannot index by SQL: profiles carry a generated
 * `name_key` column that equals `nameKey(username)` for every username the Username contract allows
 * (identity's tests check the two agree).
 */

/** Characters nobody sees: format (Cf: zero-width space/joiner, bidi overrides, soft hyphen), default-ignorable, controls. */
const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}\p{Cc}]/gu;

/** The text to store and compare: NFKC, invisible characters removed, white space collapsed and trimmed. */
export function cleanDisplayName(input: string): string {
  return input.normalize('NFKC').replace(INVISIBLE, '').replace(/\s+/gu, ' ').trim();
}

/** TS #39 skeleton: NFD, each character to its confusables.txt prototype, NFD. */
export function skeleton(input: string): string {
  return unhomoglyph(input.normalize('NFD')).normalize('NFD');
}

/** Skeleton, lower case, skeleton again (lower-casing can make new confusables: `M` to `m`), no marks, letters and digits only. */
function fold(text: string): string {
  return skeleton(skeleton(text).toLowerCase())
    .toLowerCase()
    .replace(/\p{M}/gu, '')
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/**
 * The comparison key of a name (see the module comment), the one identity stores: lower-cased
 * first, then folded, so `ADMIN` has the key of `admin`. '' when the name has no letter or digit.
 */
export function nameKey(input: string): string {
  return fold(cleanDisplayName(input).toLowerCase());
}

/**
 * Every key a name can be read as: `nameKey`, and the key folded before lower-casing, in which a
 * capital I is the look-alike of l (`PauI` is `paul`). A name matches a stored key when any of
 * its keys is that key.
 */
export function nameKeys(input: string): string[] {
  const clean = cleanDisplayName(input);
  return [...new Set([fold(clean.toLowerCase()), fold(clean)])];
}

/** The key of `Anonymous`: a name with this key is written as ANONYMOUS. */
export const ANONYMOUS_KEY = nameKey(ANONYMOUS);
const RESERVED_WORD_KEYS = new Set(RESERVED_AUTHOR_NAMES.map(nameKey));
const RESERVED_INSIDE_KEYS = RESERVED_INSIDE_NAMES.map(nameKey);

/**
 * The name's words, each as its keys (`nameKeys`). Words end at spaces and at characters with no
 * key (punctuation, symbols that look like no letter), and at a lower-to-upper case change; each
 * word is also taken apart at its digits (`admin1` has the word `admin`), while the whole word
 * keeps 0 and 1, which look like o and l (`m0derator`).
 */
export function nameWords(input: string): string[] {
  const clean = cleanDisplayName(input).replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2');
  return [...new Set([...wordsOf(clean), ...wordsOf(deleet(clean))])];
}

/** Leetspeak read as letters: digits and symbols that stand for the letters they look like. */
const LEET: Readonly<Record<string, string>> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '@': 'a', $: 's', '!': 'i', '|': 'l' };
const deleet = (text: string): string => text.replace(/[013457@$!|]/g, (c) => LEET[c]!);

function wordsOf(clean: string): string[] {
  const segments: string[] = [];
  let segment = '';
  for (const ch of clean) {
    if (/\s/u.test(ch) || nameKey(ch) === '') {
      if (segment !== '') segments.push(segment);
      segment = '';
    } else {
      segment += ch;
    }
  }
  if (segment !== '') segments.push(segment);
  const words = segments.flatMap((w) => [w, ...w.split(/\p{N}+/u)]);
  return words.flatMap(nameKeys).filter((w) => w !== '');
}

const RESERVED_JOINED_KEYS = RESERVED_AUTHOR_NAMES.filter((w) => w.length >= 5).map(nameKey);

/** Words in capitals (two letters or more, no lower case) as their keys: where `ADMINTEAM` may hide `admin`. */
function capitalWords(input: string): string[] {
  const words = deleet(cleanDisplayName(input)).split(/[^\p{L}]+/u);
  return words.filter((w) => w.length > 1 && !/\p{Ll}/u.test(w)).flatMap(nameKeys);
}

/** True when the name is, or has as a word, a reserved word (or has a long reserved word anywhere). */
export function reservedWordIn(input: string): boolean {
  if (nameKeys(input).some((key) => RESERVED_INSIDE_KEYS.some((k) => key.includes(k)))) return true;
  if (nameWords(input).some((w) => RESERVED_WORD_KEYS.has(w))) return true;
  return capitalWords(input).some((w) => RESERVED_JOINED_KEYS.some((k) => w.startsWith(k) || w.endsWith(k)));
}
