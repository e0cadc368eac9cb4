/**
 * Erlang C (M/M/n) for contact-centre staffing. Everything is computed from the Erlang B
 * recursion B(n) = A·B(n-1) / (n + A·B(n-1)), which never forms a factorial or a power, so it
 * stays finite and accurate for thousands of agents and Erlangs.
 */

/** Erlang B blocking probability for `agents` servers and `erlangs` offered load. */
export function erlangB(agents: number, erlangs: number): number {
  if (erlangs <= 0) return 0;
  let b = 1;
  for (let n = 1; n <= agents; n += 1) b = (erlangs * b) / (n + erlangs * b);
  return b;
}

/** Erlang C from the matching Erlang B value: C = n·B / (n - A·(1 - B)); 1 when n ≤ A. */
export function erlangCFromB(agents: number, erlangs: number, b: number): number {
  if (erlangs <= 0) return 0;
  if (agents <= erlangs) return 1;
  return (agents * b) / (agents - erlangs * (1 - b));
}

/** Probability that a call waits at all (Erlang C). */
export function erlangC(agents: number, erlangs: number): number {
  return erlangCFromB(agents, erlangs, erlangB(agents, erlangs));
}

/** Share of calls answered within `targetSeconds`: 1 - C·e^(-(n-A)·t/AHT). */
export function serviceLevelFromC(
  agents: number,
  erlangs: number,
  pWait: number,
  ahtSeconds: number,
  targetSeconds: number,
): number {
  if (erlangs <= 0) return 1;
  if (agents <= erlangs) return 0;
  const sl = 1 - pWait * Math.exp((-(agents - erlangs) * targetSeconds) / ahtSeconds);
  return Math.min(1, Math.max(0, sl));
}

export function serviceLevel(agents: number, erlangs: number, ahtSeconds: number, targetSeconds: number): number {
  return serviceLevelFromC(agents, erlangs, erlangC(agents, erlangs), ahtSeconds, targetSeconds);
}

/** Average speed of answer in seconds: C·AHT / (n - A). Infinite when n ≤ A. */
export function averageSpeedOfAnswer(agents: number, erlangs: number, ahtSeconds: number): number {
  if (erlangs <= 0) return 0;
  if (agents <= erlangs) return Number.POSITIVE_INFINITY;
  return (erlangC(agents, erlangs) * ahtSeconds) / (agents - erlangs);
}

/** Offered load in Erlangs: calls per interval × AHT / interval length. */
export function offeredLoad(callsPerInterval: number, ahtSeconds: number, intervalMinutes: number): number {
  return (callsPerInterval * ahtSeconds) / (intervalMinutes * 60);
}

/** How many agents above the offered load the search looks at before giving up (spec 2 §9). */
export const ERLANG_SEARCH_EXTRA_AGENTS = 50;

export type ErlangCResult = {
  agents: number;
  pWait: number;
  serviceLevel: number;
  occupancy: number;
  targetMet: boolean;
};

/**
 * The fewest agents whose Erlang C service level reaches `targetSl` (0-1), searching from the
 * first whole number above the load up to 50 agents above it. When none does, the last agent
 * count tried is returned with `targetMet: false`.
 */
export function requiredAgentsErlangC(
  erlangs: number,
  ahtSeconds: number,
  targetSeconds: number,
  targetSl: number,
): ErlangCResult {
  const start = Math.max(1, Math.floor(erlangs) + 1);
  const end = Math.ceil(erlangs) + ERLANG_SEARCH_EXTRA_AGENTS;
  let b = erlangB(start - 1, erlangs);
  let result: ErlangCResult | undefined;
  for (let n = start; n <= Math.max(start, end); n += 1) {
    b = erlangs <= 0 ? 0 : (erlangs * b) / (n + erlangs * b);
    const pWait = erlangCFromB(n, erlangs, b);
    const sl = serviceLevelFromC(n, erlangs, pWait, ahtSeconds, targetSeconds);
    result = { agents: n, pWait, serviceLevel: sl, occupancy: erlangs / n, targetMet: sl >= targetSl };
    if (result.targetMet) return result;
  }
  return result!;
}
