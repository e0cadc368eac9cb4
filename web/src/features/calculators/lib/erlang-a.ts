import { ERLANG_SEARCH_EXTRA_AGENTS, erlangB } from './erlang-c.ts';

/**
 * Erlang A (M/M/n+M, Palm 1946; summary in Mandelbaum & Zeltyn, "The M/M/n+G queue: summary of
 * performance measures", 2009): Erlang C plus callers who hang up after an exponentially
 * distributed patience. The stationary distribution is built from Erlang B for the states with a
 * free agent and a product of ratios λ/(nμ + kθ) for k callers waiting, so nothing overflows.
 */

export type ErlangAInput = {
  agents: number;
  erlangs: number;
  ahtSeconds: number;
  /** Average time a caller waits before hanging up. */
  patienceSeconds: number;
  targetSeconds: number;
};

export type ErlangAResult = {
  agents: number;
  /** Probability an arriving caller finds every agent busy. */
  pWait: number;
  /** Share of offered calls that hang up before an agent answers. */
  abandonment: number;
  /** Share of offered calls answered within the target time. */
  serviceLevel: number;
  /** Busy agents over agents: the answered load only. */
  occupancy: number;
};

const LOG_TAIL_EPSILON = Math.log(1e-16);
const MAX_QUEUE = 200_000;

/**
 * Log queue weights ln t_k, t_k = Π_{i≤k} λ/(nμ + iθ): the chance of k callers waiting relative to
 * the state "all agents busy, none waiting". Kept as logarithms because with few agents they grow
 * past the largest double before the hang-ups bring them down.
 */
function logQueueWeights(n: number, lambda: number, mu: number, theta: number): number[] {
  const logs = [0];
  let log = 0;
  let top = 0;
  for (let k = 1; k < MAX_QUEUE; k += 1) {
    log += Math.log(lambda / (n * mu + k * theta));
    logs.push(log);
    top = Math.max(top, log);
    // Once the ratio is below one the terms fall ever faster; stop when they no longer count.
    if (lambda < n * mu + k * theta && log - top < LOG_TAIL_EPSILON) break;
  }
  return logs;
}

/** Adaptive Simpson integration of a smooth function on [a, b]. */
function integrate(f: (x: number) => number, a: number, b: number, tolerance = 1e-10): number {
  const simpson = (fa: number, fm: number, fb: number, h: number) => (h / 6) * (fa + 4 * fm + fb);
  const step = (lo: number, hi: number, flo: number, fmid: number, fhi: number, whole: number, depth: number): number => {
    const mid = (lo + hi) / 2;
    const fl = f((lo + mid) / 2);
    const fr = f((mid + hi) / 2);
    const left = simpson(flo, fl, fmid, mid - lo);
    const right = simpson(fmid, fr, fhi, hi - mid);
    if (depth <= 0 || Math.abs(left + right - whole) <= 15 * tolerance) return left + right + (left + right - whole) / 15;
    return (
      step(lo, mid, flo, fl, fmid, left, depth - 1) + step(mid, hi, fmid, fr, fhi, right, depth - 1)
    );
  };
  const fa = f(a);
  const fb = f(b);
  const fm = f((a + b) / 2);
  return step(a, b, fa, fm, fb, simpson(fa, fm, fb, b - a), 40);
}

/**
 * Share of waiting callers who are answered within `t` seconds. For M/M/n+M the offered wait V of a
 * caller who must queue has density ∝ g(x) = exp(λ(1 - e^{-θx})/θ - nμx) (Baccelli & Hébuterne
 * 1981; Mandelbaum & Zeltyn 2009, §3), and the caller is still there at x with probability e^{-θx}:
 * the answer is ∫₀ᵗ g(x)e^{-θx}dx / ∫₀^∞ g(x)dx. g is taken in log space around its peak so
 * nothing overflows.
 */
function answeredWithinShare(n: number, lambda: number, mu: number, theta: number, t: number): number {
  const logG = (x: number) => (lambda * -Math.expm1(-theta * x)) / theta - n * mu * x;
  const peak = lambda > n * mu ? Math.log(lambda / (n * mu)) / theta : 0;
  const top = logG(peak);
  const g = (x: number) => Math.exp(logG(x) - top);
  // Past the peak log g falls at least as fast as nμ; 50 units down g no longer counts.
  let end = peak + 1 / (n * mu);
  while (logG(end) - top > -50) end = peak + (end - peak) * 2;
  // g peaks at 1, so an absolute tolerance scaled by the range is a relative one for the total.
  const tolerance = 1e-9 * Math.min(end, 1 / Math.sqrt(n * mu * theta));
  const total = integrate(g, 0, peak, tolerance) + integrate(g, peak, end, tolerance);
  if (!(total > 0)) return 1;
  const upTo = Math.min(t, end);
  const inner = (x: number) => g(x) * Math.exp(-theta * x);
  const within = upTo <= peak ? integrate(inner, 0, upTo, tolerance) : integrate(inner, 0, peak, tolerance) + integrate(inner, peak, upTo, tolerance);
  return Math.min(1, Math.max(0, within / total));
}

export function erlangA({ agents, erlangs, ahtSeconds, patienceSeconds, targetSeconds }: ErlangAInput): ErlangAResult {
  if (erlangs <= 0) return { agents, pWait: 0, abandonment: 0, serviceLevel: 1, occupancy: 0 };
  const n = Math.max(1, Math.floor(agents));
  const mu = 1 / ahtSeconds;
  const lambda = erlangs * mu;
  const theta = 1 / patienceSeconds;
  const logs = logQueueWeights(n, lambda, mu, theta);
  const top = Math.max(...logs);
  // Every weight is scaled by e^-top so sums stay finite; ratios below are unaffected.
  const freeStates = Math.exp(-Math.log(erlangB(n, erlangs)) - top); // Σ_{j≤n} π_j / π_n, scaled
  let busy = 0;
  let waitingMean = 0;
  for (let k = 0; k < logs.length; k += 1) {
    const w = Math.exp(logs[k]! - top);
    busy += w;
    waitingMean += k * w;
  }
  const norm = freeStates + busy - Math.exp(-top); // the all-busy state is in both sums
  const pWait = Math.min(1, busy / norm);
  const abandonment = Math.min(1, (theta * waitingMean) / (lambda * norm));
  const served = pWait * answeredWithinShare(n, lambda, mu, theta, targetSeconds);
  const serviceLevel = Math.min(1, Math.max(0, 1 - pWait + served));
  return { agents: n, pWait, abandonment, serviceLevel, occupancy: Math.min(1, (erlangs * (1 - abandonment)) / n) };
}

export type ErlangARequirement = ErlangAResult & { targetMet: boolean };

/**
 * The fewest agents whose Erlang A service level reaches `targetSl` (0-1), up to 50 agents above
 * the load like the Erlang C search. Service level rises with agents, so a binary search is enough.
 */
export function requiredAgentsErlangA(
  input: Omit<ErlangAInput, 'agents'>,
  targetSl: number,
): ErlangARequirement {
  // n agents answer at most n/A of the offered calls (each is busy at most all the time), so the
  // service level cannot reach the target below target × A agents.
  let low = Math.max(1, Math.min(Math.ceil(targetSl * input.erlangs), Math.ceil(input.erlangs) + ERLANG_SEARCH_EXTRA_AGENTS));
  let high = Math.max(1, Math.ceil(input.erlangs) + ERLANG_SEARCH_EXTRA_AGENTS);
  const top = erlangA({ ...input, agents: high });
  if (top.serviceLevel < targetSl) return { ...top, targetMet: false };
  let best = top;
  while (low < high) {
    const mid = Math.floor((low + high) / 2);
    const result = erlangA({ ...input, agents: mid });
    if (result.serviceLevel >= targetSl) {
      best = result;
      high = mid;
    } else {
      low = mid + 1;
    }
  }
  if (best.agents !== low) best = erlangA({ ...input, agents: low });
  return { ...best, targetMet: true };
}
