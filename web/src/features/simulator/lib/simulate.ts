/**
 * The scenario simulator's model (spec 2 §9, with the open figures decided in docs/calculators.md):
 * workload hours over agent hours gives occupancy; occupancy drives the service level, the wait
 * and satisfaction; cost scales with staff.
 */

export const BASELINE = {
  staff: 50,
  dailyVolume: 1000,
  ahtMinutes: 4.5,
  serviceLevel: 82,
  annualCost: 500_000,
} as const;

export type Baseline = typeof BASELINE;

export const SLIDERS = {
  volumeChange: { min: -50, max: 100, step: 5, default: 0, label: 'Call volume change', unit: '%' },
  ahtChange: { min: -30, max: 50, step: 5, default: 0, label: 'Handle time change', unit: '%' },
  staffChange: { min: -40, max: 50, step: 5, default: 0, label: 'Staff change', unit: '%' },
  targetSl: { min: 70, max: 95, step: 1, default: 80, label: 'Target service level', unit: '%' },
} as const;

export type ScenarioParams = { volumeChange: number; ahtChange: number; staffChange: number; targetSl: number };
export type SliderKey = keyof ScenarioParams;

export const DEFAULT_PARAMS: ScenarioParams = {
  volumeChange: SLIDERS.volumeChange.default,
  ahtChange: SLIDERS.ahtChange.default,
  staffChange: SLIDERS.staffChange.default,
  targetSl: SLIDERS.targetSl.default,
};

export type Preset = { name: string; description: string; params: Partial<ScenarioParams> };

/** The five quick scenarios; a preset sets the sliders it names and zeroes the other changes. */
export const PRESETS: Preset[] = [
  { name: 'Holiday Peak', description: '+40% volume, +10% AHT', params: { volumeChange: 40, ahtChange: 10 } },
  { name: 'System Outage', description: '+25% volume, +30% AHT', params: { volumeChange: 25, ahtChange: 30 } },
  { name: 'New Product Launch', description: '+60% volume, +20% AHT', params: { volumeChange: 60, ahtChange: 20 } },
  { name: 'Staff Reduction', description: '-20% staff', params: { staffChange: -20 } },
  { name: 'Process Improvement', description: '-15% AHT, +10% staff', params: { ahtChange: -15, staffChange: 10 } },
];

export function applyPreset(current: ScenarioParams, preset: Preset): ScenarioParams {
  return { volumeChange: 0, ahtChange: 0, staffChange: 0, targetSl: current.targetSl, ...preset.params };
}

export const WORKDAY_HOURS = 8;
export const OCCUPANCY_CAP = 95;
export const SL_BASE = 85;
/** Occupancy above which service level falls by half a point per point. */
export const SL_DECLINE_FROM = 70;
/** Occupancy above which each further point costs one more point of service level (our choice). */
export const SL_STEEP_FROM = 85;
export const SL_STEEP_PENALTY = 1;
export const SL_MIN = 20;
export const SL_MAX = 99;
export const SIMULATION_DELAY_MS = 2000;
export const RISK_LIMITS = { occupancy: 85, waitSeconds: 30, satisfaction: 70 } as const;
/** Seconds of wait per unit of ρ/(1-ρ) at the baseline handle time (our choice, see docs). */
export const WAIT_SCALE_SECONDS = 5;

export type Risk = { key: 'occupancy' | 'wait' | 'satisfaction'; message: string };

export type SimulationResult = {
  volume: number;
  ahtMinutes: number;
  staff: number;
  workloadHours: number;
  occupancy: number;
  serviceLevel: number;
  serviceLevelChange: number;
  targetMet: boolean;
  waitSeconds: number;
  satisfaction: number;
  annualCost: number;
  costChange: number;
  risks: Risk[];
};

const round1 = (v: number) => Math.round(v * 10) / 10;
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** SL = 85 - (occ - 70)/2 above 70, minus a further 1 point per point above 85, clamped 20-99. */
export function serviceLevelFor(occupancy: number): number {
  const decline = Math.max(0, occupancy - SL_DECLINE_FROM) / 2;
  const steep = Math.max(0, occupancy - SL_STEEP_FROM) * SL_STEEP_PENALTY;
  return clamp(SL_BASE - decline - steep, SL_MIN, SL_MAX);
}

/** Average wait: 5 s × ρ/(1-ρ), scaled by handle time against the baseline's 4.5 minutes. */
export function waitFor(occupancy: number, ahtMinutes: number, baseline: Baseline = BASELINE): number {
  const rho = occupancy / 100;
  return WAIT_SCALE_SECONDS * (rho / (1 - rho)) * (ahtMinutes / baseline.ahtMinutes);
}

/** Satisfaction out of 100: loses half a point per point of service level missed, a quarter per second of wait. */
export function satisfactionFor(serviceLevel: number, waitSeconds: number): number {
  return clamp(100 - 0.5 * (100 - serviceLevel) - 0.25 * waitSeconds, 0, 100);
}

export function simulate(params: ScenarioParams, baseline: Baseline = BASELINE): SimulationResult {
  const volume = baseline.dailyVolume * (1 + params.volumeChange / 100);
  const ahtMinutes = baseline.ahtMinutes * (1 + params.ahtChange / 100);
  const staff = Math.max(1, Math.round(baseline.staff * (1 + params.staffChange / 100)));
  const workloadHours = (volume * ahtMinutes) / 60;
  const occupancy = Math.min(OCCUPANCY_CAP, (workloadHours / (staff * WORKDAY_HOURS)) * 100);
  const serviceLevel = serviceLevelFor(occupancy);
  const waitSeconds = waitFor(occupancy, ahtMinutes, baseline);
  const satisfaction = satisfactionFor(serviceLevel, waitSeconds);
  const annualCost = baseline.annualCost * (staff / baseline.staff);
  const risks: Risk[] = [];
  if (occupancy > RISK_LIMITS.occupancy) {
    risks.push({ key: 'occupancy', message: `Occupancy above ${RISK_LIMITS.occupancy}%: burnout and attrition risk` });
  }
  if (waitSeconds > RISK_LIMITS.waitSeconds) {
    risks.push({ key: 'wait', message: `Average wait above ${RISK_LIMITS.waitSeconds} seconds: expect more abandoned calls` });
  }
  if (satisfaction < RISK_LIMITS.satisfaction) {
    risks.push({ key: 'satisfaction', message: `Customer satisfaction below ${RISK_LIMITS.satisfaction}` });
  }
  return {
    volume: Math.round(volume),
    ahtMinutes: Math.round(ahtMinutes * 100) / 100,
    staff,
    workloadHours: round1(workloadHours),
    occupancy: round1(occupancy),
    serviceLevel: round1(serviceLevel),
    serviceLevelChange: round1(serviceLevel - baseline.serviceLevel),
    targetMet: serviceLevel >= params.targetSl,
    waitSeconds: round1(waitSeconds),
    satisfaction: round1(satisfaction),
    annualCost: Math.round(annualCost),
    costChange: Math.round(annualCost - baseline.annualCost),
    risks,
  };
}
