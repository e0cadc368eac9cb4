import { describe, expect, it } from 'vitest';
import { ANONYMOUS_KEY, cleanDisplayName, nameKey, nameKeys, reservedWordIn } from '../src/names.ts';
import { REAL_NAMES, lookAlikeOf, refusedNames } from '../src/testing-names.ts';

// The name rule's pure part (issue 25 item 6). Every service's name fields are tested against the
// real identity process in their own tests (look-alike-names.test.ts in identity, forum, catalog, ama-booking).

describe('cleanDisplayName: what is stored and shown', () => {
  it('applies NFKC and drops invisible characters, collapsing white space', () => {
    expect(cleanDisplayName('ａｄｍｉｎ')).toBe('admin');
    expect(cleanDisplayName(' ad\u200Bmi\u00ADn\u2060 ')).toBe('admin');
    expect(cleanDisplayName('Bob\u202E\u200D  \t Smith\u3164')).toBe('Bob Smith');
    expect(cleanDisplayName('𝓜𝓸𝓭')).toBe('Mod');
  });
});

describe('nameKey: look-alikes share a key', () => {
  it.each([
    ['Cyrillic А', '\u0410dmin'],
    ['Cherokee Ꭺ', '\u13AAdmin'],
    ['fullwidth', 'ａｄｍｉｎ'],
    ['zero-width space', 'ad\u200Bmin'],
    ['word joiner', 'adm\u2060in'],
    ['circled letters', 'Ⓐⓓⓜⓘⓝ'],
    ['mathematical bold', '𝐚𝐝𝐦𝐢𝐧'],
    ['accent', 'admín'],
    ['upper case', 'ADMIN'],
    ['rn for m', 'adrnin'],
    ['separators', 'ad_m-in'],
  ])('%s: %s has the key of admin', (_why, name) => {
    expect(nameKeys(name)).toContain(nameKey('admin'));
  });

  it('reads a capital I as l (PauI is paul) and 0 as o', () => {
    expect(nameKeys('PauI')).toContain(nameKey('paul'));
    expect(nameKey('r0b')).toBe(nameKey('rob'));
  });

  it('tells real different names apart', () => {
    expect(nameKey('maria')).not.toBe(nameKey('mario'));
    expect(nameKey('li wei')).not.toBe(nameKey('lu wei'));
  });

  it('gives the key of Anonymous to its look-alikes and nothing to an invisible name', () => {
    expect(nameKey('\u0410nonymous')).toBe(ANONYMOUS_KEY);
    expect(nameKey('\u200B\u200D')).toBe('');
  });

  it('a look-alike made by the test table has the key of its name', () => {
    expect(nameKeys(lookAlikeOf('mhpdrvr9hx'))).toContain(nameKey('mhpdrvr9hx'));
  });
});

describe('reservedWordIn: reserved words as words of a name', () => {
  it.each(refusedNames('member').filter(([why]) => !why.includes('member')))('refuses %s: %s', (_why, name) => {
    expect(reservedWordIn(name)).toBe(true);
  });

  it.each([
    'Admin Team',
    'the_moderator',
    'TheModerator',
    'themoderator',
    'm0derator',
    'admin1',
    'admin2024',
    'Tech Support',
    'ADMIN',
    'Forum Mods',
    'Administrator of WFM',
    'Anonymous Admin',
    'S\u0443stem', // Cyrillic у
    'adm1n',
    'ADM1N',
    '@dmin',
    '5taff',
    'm0ds',
    'Supp0rt Desk',
    'ADMINTEAM',
    'TEAMSTAFF',
    'THE SUPPORTDESK',
  ])('refuses %s', (name) => {
    expect(reservedWordIn(name)).toBe(true);
  });

  it.each([...REAL_NAMES, 'Modi', 'Officially Bob', 'Supportive Sam', 'Ecosystem Eve', 'Kim Admiral', 'Agent 47', 'R2D2', 'Team Lead 5', 'JOSE', 'WFM', 'BIG ADMIRAL', 'MODERN WFM'])('lets the real name %s through', (name) => {
    expect(reservedWordIn(name)).toBe(false);
  });
});
