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
  /** Average speed of answer in seconds. */
  asa: number;
  targetMet: boolean;
};

/** Every Erlang C figure a planner reads for one staffing level (servers = agents × concurrency). */
export type ErlangCMetrics = {
  servers: number;
  /** Probability a contact waits at all. */
  pWait: number;
  /** Share answered without waiting: 1 - P(wait). */
  answeredImmediately: number;
  serviceLevel: number;
  /** Average speed of answer in seconds; infinite when servers ≤ load (the queue grows without end). */
  asa: number;
  /** Share of server time busy: A / servers, at most 1. */
  occupancy: number;
};

export function erlangCMetrics(servers: number, erlangs: number, ahtSeconds: number, targetSeconds: number): ErlangCMetrics {
  const pWait = erlangC(servers, erlangs);
  return metricsFromC(servers, erlangs, pWait, ahtSeconds, targetSeconds);
}

function metricsFromC(servers: number, erlangs: number, pWait: number, ahtSeconds: number, targetSeconds: number): ErlangCMetrics {
  let asa = 0;
  if (erlangs > 0) asa = servers <= erlangs ? Number.POSITIVE_INFINITY : (pWait * ahtSeconds) / (servers - erlangs);
  return {
    servers,
    pWait,
    answeredImmediately: 1 - pWait,
    serviceLevel: serviceLevelFromC(servers, erlangs, pWait, ahtSeconds, targetSeconds),
    asa,
    occupancy: Math.min(1, erlangs / servers),
  };
}

/**
 * The fewest agents whose occupancy A / (agents × concurrency) is at most `maxOccupancy` (0-1].
 * A quotient that lands on a whole number up to rounding (8.5 / 0.85) counts as that number.
 */
export function agentsForMaxOccupancy(erlangs: number, maxOccupancy: number, concurrency = 1): number {
  return Math.max(1, Math.ceil(erlangs / (maxOccupancy * concurrency) - 1e-9));
}

/**
 * The fewest agents whose Erlang C service level reaches `targetSl` (0-1), searching from the
 * first whole number above the load up to 50 agents above it. When none does, the last agent
 * count tried is returned with `targetMet: false`. With `concurrency` k each agent is k servers
 * (chat slots): agents n are searched from ⌊A/k⌋ + 1 to ⌈A/k⌉ + 50 and evaluated at n·k servers.
 */
export function requiredAgentsErlangC(
  erlangs: number,
  ahtSeconds: number,
  targetSeconds: number,
  targetSl: number,
  concurrency = 1,
): ErlangCResult {
  const k = concurrency;
  const start = Math.max(1, Math.floor(erlangs / k) + 1);
  const end = Math.ceil(erlangs / k) + ERLANG_SEARCH_EXTRA_AGENTS;
  let servers = (start - 1) * k;
  let b = erlangB(servers, erlangs);
  let result: ErlangCResult | undefined;
  for (let n = start; n <= Math.max(start, end); n += 1) {
    // Advance the Erlang B recursion one server at a time up to this agent count's n·k servers.
    while (servers < n * k) {
      servers += 1;
      b = erlangs <= 0 ? 0 : (erlangs * b) / (servers + erlangs * b);
    }
    const m = metricsFromC(servers, erlangs, erlangCFromB(servers, erlangs, b), ahtSeconds, targetSeconds);
    result = { agents: n, pWait: m.pWait, serviceLevel: m.serviceLevel, occupancy: erlangs / servers, asa: m.asa, targetMet: m.serviceLevel >= targetSl };
    if (result.targetMet) return result;
  }
  return result!;
}
