import { round } from './round.ts';

export const COST_INVALID = 'Please enter valid positive numbers for salary and agent count.';
export const DEFAULT_BENEFITS_PERCENT = 25;
export const DEFAULT_OVERHEAD_PERCENT = 15;
/** Paid hours a year: 52 weeks of 40 hours. */
export const PAID_HOURS_PER_YEAR = 52 * 40;

export type CostResult = {
  annualPerAgent: number;
  hourlyPerAgent: number;
  monthlyPerAgent: number;
  annualTotal: number;
  monthlyTotal: number;
};

/**
 * Fully loaded cost: salary × (1 + benefits %) × (1 + overhead %) a year per agent; hourly over
 * 52 × 40 hours, monthly over 12; totals multiply by the agent count. Rounded to cents.
 */
export function calculateCost(
  salary: number,
  agents: number,
  benefitsPercent = DEFAULT_BENEFITS_PERCENT,
  overheadPercent = DEFAULT_OVERHEAD_PERCENT,
): CostResult | null {
  const values = [salary, agents, benefitsPercent, overheadPercent];
  if (!(salary > 0) || !(agents > 0) || values.some((v) => !Number.isFinite(v))) return null;
  if (benefitsPercent < 0 || overheadPercent < 0) return null;
  const annual = salary * (1 + benefitsPercent / 100) * (1 + overheadPercent / 100);
  return {
    annualPerAgent: round(annual, 2),
    hourlyPerAgent: round(annual / PAID_HOURS_PER_YEAR, 2),
    monthlyPerAgent: round(annual / 12, 2),
    annualTotal: round(annual * agents, 2),
    monthlyTotal: round((annual / 12) * agents, 2),
  };
}
