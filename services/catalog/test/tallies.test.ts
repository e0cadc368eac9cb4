import { describe, expect, it } from 'vitest';
import { percentages } from '../src/polls/polls-tallies.ts';

describe('percentages', () => {
  it.each([
    [[1, 1, 1], [34, 33, 33]],
    [[0, 0, 0], [0, 0, 0]],
    [[1, 0], [100, 0]],
    [[1, 2], [33, 67]],
    [[2, 1, 1], [50, 25, 25]],
    [[1, 1, 1, 1, 1, 1, 1], [15, 15, 14, 14, 14, 14, 14]],
  ])('%j -> %j', (votes, expected) => {
    expect(percentages(votes)).toEqual(expected);
  });

  it('always adds up to exactly 100 when anyone voted', () => {
    for (let n = 0; n < 500; n++) {
      const votes = Array.from({ length: 2 + (n % 9) }, (_, i) => (n * 7919 + i * 104729) % 97);
      if (votes.every((v) => v === 0)) continue;
      expect(percentages(votes).reduce((a, b) => a + b, 0)).toBe(100);
    }
  });
});
