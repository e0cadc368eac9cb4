import { round } from './round.ts';

export const ATTRITION_INVALID = 'Please enter a valid positive headcount and a non-negative number of leavers.';

export const ATTRITION_PERIODS = ['monthly', 'quarterly', 'yearly'] as const;
export type AttritionPeriod = (typeof ATTRITION_PERIODS)[number];
export const PERIOD_FACTOR: Record<AttritionPeriod, number> = { monthly: 12, quarterly: 4, yearly: 1 };
export const PERIOD_LABELS: Record<AttritionPeriod, string> = {
  monthly: 'Monthly',
  quarterly: 'Quarterly',
  yearly: 'Yearly',
};

export type AttritionBand = 'Low' | 'Moderate' | 'High' | 'Critical';

/** Up to 15 % Low, over 15 Moderate, over 25 High, over 40 Critical (spec 2 §9). */
export function attritionBand(annualRate: number): AttritionBand {
  if (annualRate > 40) return 'Critical';
  if (annualRate > 25) return 'High';
  if (annualRate > 15) return 'Moderate';
  return 'Low';
}

export type AttritionResult = { periodRate: number; annualRate: number; band: AttritionBand };

/** Leavers over headcount for the period, annualised ×12 / ×4 / ×1, both rounded to two decimals. */
export function calculateAttrition(headcount: number, leavers: number, period: AttritionPeriod): AttritionResult | null {
  if (!(headcount > 0) || !(leavers >= 0) || !Number.isFinite(headcount) || !Number.isFinite(leavers)) return null;
  const periodRate = (leavers / headcount) * 100;
  const annualRate = periodRate * PERIOD_FACTOR[period];
  return { periodRate: round(periodRate, 2), annualRate: round(annualRate, 2), band: attritionBand(annualRate) };
}
