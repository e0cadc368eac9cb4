/**
 * Whole percentages that add up to exactly 100 (largest remainder: every share is rounded down,
 * then the points left go to the largest remainders, ties to the option with more votes, then to
 * the earlier option). All zero when nobody voted.
 */
export function percentages(votes: readonly number[]): number[] {
  const total = votes.reduce((a, b) => a + b, 0);
  if (total === 0) return votes.map(() => 0);
  const exact = votes.map((v) => (v * 100) / total);
  const result = exact.map(Math.floor);
  let left = 100 - result.reduce((a, b) => a + b, 0);
  const order = exact
    .map((e, i) => ({ i, remainder: e - result[i]! }))
    .sort((a, b) => b.remainder - a.remainder || votes[b.i]! - votes[a.i]! || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    result[i]! += 1;
    left -= 1;
  }
  return result;
}

export interface OptionCount {
  id: number;
  text: string;
  votes: number;
}

/** Options with their percentage of the poll's votes. */
export function withPercentages<T extends OptionCount>(options: readonly T[]): Array<T & { percentage: number }> {
  const shares = percentages(options.map((o) => o.votes));
  return options.map((o, i) => ({ ...o, percentage: shares[i]! }));
}
