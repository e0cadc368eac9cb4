import { ANONYMITY_THRESHOLD, NOT_ENOUGH_ANSWERS, type BreakdownGroup } from '@wfm/contracts/catalog';
import { withPercentages, type OptionCount } from './polls-tallies.ts';

export interface GroupVotes {
  value: string;
  /** Votes per option of the poll (every option, zeros included), in the poll's order. */
  options: OptionCount[];
}

const totalOf = (g: GroupVotes) => g.options.reduce((sum, o) => sum + o.votes, 0);

/** A poll's vote counts that the shown groups are checked against (see protectGroups). */
export interface PollTotals {
  /** Every vote of the poll (public on the poll itself). */
  votes: number;
  /** The votes that groups count (established visitors' votes); at most `votes`. */
  established: number;
}

/**
 * The groups of a breakdown as the server answers them (`groups` count established visitors' votes
 * only). A group is shown only with at least ANONYMITY_THRESHOLD answers. The poll's overall results
 * are public too, so the shown groups must not let anyone work out the rest by subtraction: the
 * smallest shown group is hidden as well while the votes outside the shown groups number 1 to
 * threshold-1, counted against the poll's public total (hidden groups, voters who skipped the
 * question, votes not yet counted in groups) or against its established votes alone (what is left
 * once an attacker has subtracted the fresh votes they cast themselves).
 */
export function protectGroups(groups: readonly GroupVotes[], totals: PollTotals, threshold = ANONYMITY_THRESHOLD): BreakdownGroup[] {
  const shown = new Set(groups.filter((g) => totalOf(g) >= threshold).map((g) => g.value));
  const derivable = (outside: number) => outside > 0 && outside < threshold;
  for (;;) {
    const visible = groups.filter((g) => shown.has(g.value));
    const inShown = visible.reduce((sum, g) => sum + totalOf(g), 0);
    if (visible.length === 0 || (!derivable(totals.votes - inShown) && !derivable(totals.established - inShown))) break;
    const smallest = visible.reduce((a, b) => (totalOf(b) < totalOf(a) ? b : a));
    shown.delete(smallest.value);
  }
  return groups.map((g): BreakdownGroup =>
    shown.has(g.value)
      ? { value: g.value, shown: true, total_votes: totalOf(g), options: withPercentages(g.options) }
      : { value: g.value, shown: false, message: NOT_ENOUGH_ANSWERS },
  );
}
