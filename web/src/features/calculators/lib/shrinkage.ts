import { round } from './round.ts';

export const SHRINKAGE_INVALID = 'Please enter valid positive numbers for both fields.';

export type ShrinkageBand = 'Excellent' | 'Normal' | 'Needs Attention';

export type ShrinkageResult = { shrinkage: number; productive: number; band: ShrinkageBand };

/** Under 15 % Excellent, 15-30 % Normal, over 30 % Needs Attention (spec 2 §9). */
export function shrinkageBand(shrinkage: number): ShrinkageBand {
  if (shrinkage < 15) return 'Excellent';
  if (shrinkage <= 30) return 'Normal';
  return 'Needs Attention';
}

/**
 * Shrinkage = (total - worked) / total as a percentage, clamped to 0-100 and rounded to two
 * decimals; productive time is what is left. `null` when total is not positive or worked is negative.
 */
export function calculateShrinkage(totalHours: number, workedHours: number): ShrinkageResult | null {
  if (!(totalHours > 0) || !(workedHours >= 0) || !Number.isFinite(totalHours) || !Number.isFinite(workedHours)) {
    return null;
  }
  const raw = ((totalHours - workedHours) / totalHours) * 100;
  const shrinkage = round(Math.min(100, Math.max(0, raw)), 2);
  return { shrinkage, productive: round(100 - shrinkage, 2), band: shrinkageBand(shrinkage) };
}
