import { AMA_MESSAGES } from '@wfm/contracts/ama';
import { describe, expect, it } from 'vitest';
import { parseSeatPrompt } from '../src/features/ama/seat-prompt.ts';

describe('seat prompt (§5)', () => {
  it('ignores a cancelled prompt, blanks and anything that is not a number', () => {
    for (const input of [null, '', '   ', 'abc', 'seat 5', '5a', '1e2', '--3', 'NaN', 'Infinity']) {
      expect(parseSeatPrompt(input)).toEqual({ kind: 'ignore' });
    }
  });

  it('accepts whole numbers from 1 to 100, spaces around allowed', () => {
    expect(parseSeatPrompt('1')).toEqual({ kind: 'seat', seat: 1 });
    expect(parseSeatPrompt(' 42 ')).toEqual({ kind: 'seat', seat: 42 });
    expect(parseSeatPrompt('100')).toEqual({ kind: 'seat', seat: 100 });
    expect(parseSeatPrompt('007')).toEqual({ kind: 'seat', seat: 7 });
  });

  it('refuses numbers outside 1-100 or with a fraction, with the spec message', () => {
    for (const input of ['0', '101', '-4', '2.5', '1000000']) {
      expect(parseSeatPrompt(input)).toEqual({ kind: 'invalid', message: AMA_MESSAGES.seatRange });
    }
  });
});
