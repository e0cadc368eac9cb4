/**
 * The project's discrete-event simulation of a queue, an implementation independent of the
 * formulas in src/features/calculators/lib, used by the tests to cross-check them: Poisson
 * arrivals, exponential handle times (and exponential patience for Erlang A), first come first
 * served, `servers` servers. Seeded, so every run gives the same figures.
 */

/** A seeded generator (mulberry32). */
export function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type QueueSimulation = {
  servers: number;
  /** Arrivals per second. */
  lambda: number;
  ahtSeconds: number;
  /** Mean patience in seconds; Infinity (the default) = nobody hangs up (M/M/c, Erlang C). */
  patienceSeconds?: number;
  targetSeconds: number;
  calls: number;
  /** Calls simulated first and left out of the figures, so the empty start does not count. */
  warmUp?: number;
  seed?: number;
};

export type SimulatedFigures = {
  /** Share of counted calls that found every server busy (waited more than 0). */
  pWait: number;
  /** Share of counted calls answered within the target (abandoned calls count as not answered). */
  serviceLevel: number;
  /** Mean wait of the answered calls, seconds. */
  asa: number;
  abandonment: number;
  /** Busy server time over available server time while the counted calls arrived. */
  occupancy: number;
};

/**
 * Every caller takes the server that frees first (FCFS: callers are answered in arrival order),
 * and hangs up if that server frees later than the caller's patience.
 */
export function simulateQueue({
  servers,
  lambda,
  ahtSeconds,
  patienceSeconds = Number.POSITIVE_INFINITY,
  targetSeconds,
  calls,
  warmUp = 0,
  seed = 7,
}: QueueSimulation): SimulatedFigures {
  const random = rng(seed);
  const exp = (mean: number) => -mean * Math.log(1 - random());
  const serverFree = new Array<number>(servers).fill(0);
  let now = 0;
  let firstCounted = 0;
  let counted = 0;
  let waited = 0;
  let abandoned = 0;
  let answeredInTarget = 0;
  let answered = 0;
  let waitSum = 0;
  let busy = 0;
  for (let i = 0; i < warmUp + calls; i += 1) {
    now += exp(1 / lambda);
    let best = 0;
    for (let j = 1; j < servers; j += 1) if (serverFree[j]! < serverFree[best]!) best = j;
    const start = Math.max(now, serverFree[best]!);
    const wait = start - now;
    const patience = Number.isFinite(patienceSeconds) ? exp(patienceSeconds) : Number.POSITIVE_INFINITY;
    const handle = wait > patience ? 0 : exp(ahtSeconds);
    if (i < warmUp) {
      if (handle > 0) serverFree[best] = start + handle;
      if (i === warmUp - 1) firstCounted = now;
      continue;
    }
    counted += 1;
    if (wait > 0) waited += 1;
    if (wait > patience) {
      abandoned += 1;
      continue;
    }
    answered += 1;
    waitSum += wait;
    if (wait <= targetSeconds) answeredInTarget += 1;
    serverFree[best] = start + handle;
    busy += handle;
  }
  return {
    pWait: waited / counted,
    serviceLevel: answeredInTarget / counted,
    asa: waitSum / answered,
    abandonment: abandoned / counted,
    occupancy: busy / (servers * (now - firstCounted)),
  };
}
