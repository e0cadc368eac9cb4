import { erlangA, requiredAgentsErlangA, type ErlangARequirement } from './erlang-a.ts';
import { agentsForMaxOccupancy, erlangCMetrics, offeredLoad, requiredAgentsErlangC, type ErlangCMetrics } from './erlang-c.ts';

export const STAFFING_INVALID = 'Please enter valid positive numbers for call volume and handle time.';

/** Defaults of spec 2 §9, plus the opening hours the daily volume is spread over. */
export const STAFFING_DEFAULTS = {
  intervalMinutes: 30,
  targetSlPercent: 80,
  targetSeconds: 20,
  shrinkagePercent: 15,
  hoursOpen: 8,
  patienceSeconds: 120,
  concurrency: 1,
} as const;

/**
 * Messages of the staffing and day-planner checks; each says exactly what its check refuses
 * (issue 23 item 7: "between 0 and 24" used to refuse 0).
 */
export const STAFFING_MESSAGES = {
  interval: 'Interval length must be more than 0 and at most 1440 minutes.',
  // No volume can be spread over 0 hours, so 0 is refused.
  hoursOpen: 'Hours open must be more than 0 and at most 24.',
  targetSl: 'Target service level must be more than 0 and less than 100 %.',
  targetSeconds: 'Target answer time must be zero or more seconds.',
  shrinkage: 'Shrinkage must be 0 or more and less than 100 %.',
  patience: 'Patience must be a positive number of seconds.',
  maxOccupancy: 'Maximum occupancy must be more than 0 and at most 100 %.',
  concurrency: 'Chats per agent at once must be a whole number from 1 to 10.',
  agents: 'Agents available must be a whole number from 1 to 10,000.',
} as const;

/** Limits of the options beyond the spec: chats an agent handles at once, agents in the reverse mode. */
export const STAFFING_LIMITS = { maxConcurrency: 10, maxAgents: 10_000 } as const;

/** The sensitivity table runs from this many agents below the result to this many above. */
export const SENSITIVITY_RANGE = { below: 3, above: 5 } as const;

/** `required`: agents needed for the target; `agents`: what a given number of agents achieves. */
export type StaffingMode = 'required' | 'agents';

export type StaffingInput = {
  dailyVolume: number;
  ahtSeconds: number;
  intervalMinutes: number;
  hoursOpen: number;
  targetSlPercent: number;
  targetSeconds: number;
  shrinkagePercent: number;
  /** Average caller patience for Erlang A; omitted = Erlang C only. */
  patienceSeconds?: number;
  /** Omitted = `required`. */
  mode?: StaffingMode;
  /** The agents of the `agents` mode. */
  agents?: number;
  /** Occupancy the agents must not exceed (e.g. 85); omitted = no cap. */
  maxOccupancyPercent?: number;
  /** Contacts one agent handles at once (chat); omitted = 1 (calls). */
  concurrency?: number;
};

export type SensitivityRow = ErlangCMetrics & { agents: number; fte: number };

export type StaffingResult = ErlangCMetrics & {
  mode: StaffingMode;
  concurrency: number;
  intervalsPerDay: number;
  callsPerInterval: number;
  erlangs: number;
  /** Agents shown: required (after the occupancy cap) or given. */
  agents: number;
  fte: number;
  targetMet: boolean;
  /** `required` mode: the agents Erlang C needs for the service level alone, before the cap. */
  serviceLevelAgents?: number;
  /** `required` mode: the occupancy cap raised the agents above `serviceLevelAgents`. */
  raisedByOccupancyCap: boolean;
  /** `agents` mode: the given agents run hotter than the cap. */
  overOccupancyCap: boolean;
  /** Agents -3 … +5 around `agents`, at least 1. */
  sensitivity: SensitivityRow[];
  erlangA?: ErlangARequirement & { fte: number };
};

const isWhole = (value: number, min: number, max: number) => Number.isInteger(value) && value >= min && value <= max;

/** The reason an input is unusable, or null. Volume and handle time follow spec 2 §5. */
export function staffingInputError(input: StaffingInput): string | null {
  if (!(input.dailyVolume > 0) || !(input.ahtSeconds > 0)) return STAFFING_INVALID;
  if (!(input.intervalMinutes > 0) || input.intervalMinutes > 1440) return STAFFING_MESSAGES.interval;
  if (!(input.hoursOpen > 0) || input.hoursOpen > 24) return STAFFING_MESSAGES.hoursOpen;
  if (!(input.targetSlPercent > 0) || input.targetSlPercent >= 100) return STAFFING_MESSAGES.targetSl;
  if (!(input.targetSeconds >= 0)) return STAFFING_MESSAGES.targetSeconds;
  if (!(input.shrinkagePercent >= 0) || input.shrinkagePercent >= 100) return STAFFING_MESSAGES.shrinkage;
  if (input.patienceSeconds !== undefined && !(input.patienceSeconds > 0)) return STAFFING_MESSAGES.patience;
  if (input.maxOccupancyPercent !== undefined && (!(input.maxOccupancyPercent > 0) || input.maxOccupancyPercent > 100)) {
    return STAFFING_MESSAGES.maxOccupancy;
  }
  if (input.concurrency !== undefined && !isWhole(input.concurrency, 1, STAFFING_LIMITS.maxConcurrency)) return STAFFING_MESSAGES.concurrency;
  if (input.mode === 'agents' && !isWhole(input.agents ?? Number.NaN, 1, STAFFING_LIMITS.maxAgents)) return STAFFING_MESSAGES.agents;
  return null;
}

/** Agents to FTE: agents / (1 - shrinkage). */
export function fteFor(agents: number, shrinkagePercent: number): number {
  return agents / (1 - shrinkagePercent / 100);
}

/**
 * Erlang C figures for `centre` - 3 … `centre` + 5 agents (never below 1 agent), each agent being
 * `concurrency` servers: what one agent more or fewer does to the service.
 */
export function sensitivityTable(
  centre: number,
  erlangs: number,
  ahtSeconds: number,
  targetSeconds: number,
  shrinkagePercent: number,
  concurrency = 1,
): SensitivityRow[] {
  const rows: SensitivityRow[] = [];
  for (let agents = Math.max(1, centre - SENSITIVITY_RANGE.below); agents <= centre + SENSITIVITY_RANGE.above; agents += 1) {
    rows.push({ agents, fte: fteFor(agents, shrinkagePercent), ...erlangCMetrics(agents * concurrency, erlangs, ahtSeconds, targetSeconds) });
  }
  return rows;
}

/**
 * Spreads the daily volume evenly over the intervals of the opening hours and converts one interval
 * to Erlangs. `required` mode finds the agents for the target with Erlang C, raised to the occupancy
 * cap when one is given; `agents` mode evaluates the given agents. With a concurrency k every agent
 * is k servers (chat slots). Erlang A runs beside it when a patience is given.
 */
export function calculateStaffing(input: StaffingInput): StaffingResult | null {
  if (staffingInputError(input)) return null;
  const mode = input.mode ?? 'required';
  const k = input.concurrency ?? STAFFING_DEFAULTS.concurrency;
  const intervalsPerDay = (input.hoursOpen * 60) / input.intervalMinutes;
  const callsPerInterval = input.dailyVolume / intervalsPerDay;
  const erlangs = offeredLoad(callsPerInterval, input.ahtSeconds, input.intervalMinutes);
  const target = input.targetSlPercent / 100;
  const maxOccupancy = input.maxOccupancyPercent === undefined ? undefined : input.maxOccupancyPercent / 100;

  let agents: number;
  let serviceLevelAgents: number | undefined;
  let raisedByOccupancyCap = false;
  if (mode === 'agents') {
    agents = input.agents!;
  } else {
    serviceLevelAgents = requiredAgentsErlangC(erlangs, input.ahtSeconds, input.targetSeconds, target, k).agents;
    const capAgents = maxOccupancy === undefined ? 0 : agentsForMaxOccupancy(erlangs, maxOccupancy, k);
    raisedByOccupancyCap = capAgents > serviceLevelAgents;
    agents = Math.max(serviceLevelAgents, capAgents);
  }
  const metrics = erlangCMetrics(agents * k, erlangs, input.ahtSeconds, input.targetSeconds);
  const result: StaffingResult = {
    ...metrics,
    mode,
    concurrency: k,
    intervalsPerDay,
    callsPerInterval,
    erlangs,
    agents,
    fte: fteFor(agents, input.shrinkagePercent),
    targetMet: metrics.serviceLevel >= target,
    serviceLevelAgents,
    raisedByOccupancyCap,
    overOccupancyCap: mode === 'agents' && maxOccupancy !== undefined && metrics.occupancy > maxOccupancy + 1e-12,
    sensitivity: sensitivityTable(agents, erlangs, input.ahtSeconds, input.targetSeconds, input.shrinkagePercent, k),
  };
  if (input.patienceSeconds !== undefined) {
    const base = { erlangs, ahtSeconds: input.ahtSeconds, patienceSeconds: input.patienceSeconds, targetSeconds: input.targetSeconds };
    let a: ErlangARequirement;
    if (mode === 'agents') {
      const at = erlangA({ ...base, agents: agents * k });
      a = { ...at, agents, targetMet: at.serviceLevel >= target };
    } else {
      // Erlang A searches servers (chat slots); whole agents hold k of them.
      const slots = requiredAgentsErlangA(base, target);
      const aAgents = Math.ceil(slots.agents / k);
      const at = aAgents * k === slots.agents ? slots : erlangA({ ...base, agents: aAgents * k });
      a = { ...at, agents: aAgents, targetMet: at.serviceLevel >= target };
    }
    result.erlangA = { ...a, fte: fteFor(a.agents, input.shrinkagePercent) };
  }
  return result;
}
