import { requiredAgentsErlangA, type ErlangARequirement } from './erlang-a.ts';
import { offeredLoad, requiredAgentsErlangC, type ErlangCResult } from './erlang-c.ts';

export const STAFFING_INVALID = 'Please enter valid positive numbers for call volume and handle time.';

/** Defaults of spec 2 §9, plus the opening hours the daily volume is spread over. */
export const STAFFING_DEFAULTS = {
  intervalMinutes: 30,
  targetSlPercent: 80,
  targetSeconds: 20,
  shrinkagePercent: 15,
  hoursOpen: 8,
  patienceSeconds: 120,
} as const;

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
};

export type StaffingResult = {
  intervalsPerDay: number;
  callsPerInterval: number;
  erlangs: number;
  agents: number;
  fte: number;
  occupancy: number;
  serviceLevel: number;
  pWait: number;
  targetMet: boolean;
  erlangA?: ErlangARequirement & { fte: number };
};

/** The reason an input is unusable, or null. Volume and handle time follow spec 2 §5. */
export function staffingInputError(input: StaffingInput): string | null {
  if (!(input.dailyVolume > 0) || !(input.ahtSeconds > 0)) return STAFFING_INVALID;
  if (!(input.intervalMinutes > 0) || input.intervalMinutes > 1440) return 'Interval length must be between 1 and 1440 minutes.';
  if (!(input.hoursOpen > 0) || input.hoursOpen > 24) return 'Hours open must be between 0 and 24.';
  if (!(input.targetSlPercent > 0) || input.targetSlPercent >= 100) return 'Target service level must be between 1 and 99 %.';
  if (!(input.targetSeconds >= 0)) return 'Target answer time must be zero or more seconds.';
  if (!(input.shrinkagePercent >= 0) || input.shrinkagePercent >= 100) return 'Shrinkage must be between 0 and 99 %.';
  if (input.patienceSeconds !== undefined && !(input.patienceSeconds > 0)) return 'Patience must be a positive number of seconds.';
  return null;
}

/** Agents to FTE: agents / (1 - shrinkage). */
export function fteFor(agents: number, shrinkagePercent: number): number {
  return agents / (1 - shrinkagePercent / 100);
}

/**
 * Spreads the daily volume evenly over the intervals of the opening hours, converts one interval
 * to Erlangs and finds the agents for the target with Erlang C (and Erlang A when a patience is given).
 */
export function calculateStaffing(input: StaffingInput): StaffingResult | null {
  if (staffingInputError(input)) return null;
  const intervalsPerDay = (input.hoursOpen * 60) / input.intervalMinutes;
  const callsPerInterval = input.dailyVolume / intervalsPerDay;
  const erlangs = offeredLoad(callsPerInterval, input.ahtSeconds, input.intervalMinutes);
  const target = input.targetSlPercent / 100;
  const c: ErlangCResult = requiredAgentsErlangC(erlangs, input.ahtSeconds, input.targetSeconds, target);
  const result: StaffingResult = {
    intervalsPerDay,
    callsPerInterval,
    erlangs,
    agents: c.agents,
    fte: fteFor(c.agents, input.shrinkagePercent),
    occupancy: c.occupancy,
    serviceLevel: c.serviceLevel,
    pWait: c.pWait,
    targetMet: c.targetMet,
  };
  if (input.patienceSeconds !== undefined) {
    const a = requiredAgentsErlangA(
      { erlangs, ahtSeconds: input.ahtSeconds, patienceSeconds: input.patienceSeconds, targetSeconds: input.targetSeconds },
      target,
    );
    result.erlangA = { ...a, fte: fteFor(a.agents, input.shrinkagePercent) };
  }
  return result;
}
