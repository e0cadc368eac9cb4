import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { attritionBand, calculateAttrition } from '../src/features/calculators/lib/attrition.ts';
import { standing, BENCHMARKS } from '../src/features/calculators/lib/benchmarks.ts';
import { calculateCost } from '../src/features/calculators/lib/cost.ts';
import { parseNumber, round } from '../src/features/calculators/lib/round.ts';
import { calculateShrinkage, shrinkageBand } from '../src/features/calculators/lib/shrinkage.ts';
import { calculateStaffing, fteFor, staffingInputError, STAFFING_DEFAULTS, STAFFING_INVALID } from '../src/features/calculators/lib/staffing.ts';

describe('shrinkage', () => {
  it('is (total - worked) / total in percent, rounded to 2 decimals, with productive time', () => {
    expect(calculateShrinkage(160, 128)).toEqual({ shrinkage: 20, productive: 80, band: 'Normal' });
    expect(calculateShrinkage(3, 2)).toEqual({ shrinkage: 33.33, productive: 66.67, band: 'Needs Attention' });
    expect(calculateShrinkage(100, 90)?.band).toBe('Excellent');
  });
  it('clamps to 0-100', () => {
    expect(calculateShrinkage(100, 120)?.shrinkage).toBe(0);
    expect(calculateShrinkage(100, 0)?.shrinkage).toBe(100);
  });
  it('needs a positive total and a non-negative worked figure', () => {
    expect(calculateShrinkage(0, 10)).toBeNull();
    expect(calculateShrinkage(-5, 1)).toBeNull();
    expect(calculateShrinkage(10, -1)).toBeNull();
    expect(calculateShrinkage(Number.NaN, 1)).toBeNull();
  });
  it('bands: under 15 Excellent, 15-30 Normal, over 30 Needs Attention', () => {
    expect(shrinkageBand(14.99)).toBe('Excellent');
    expect(shrinkageBand(15)).toBe('Normal');
    expect(shrinkageBand(30)).toBe('Normal');
    expect(shrinkageBand(30.01)).toBe('Needs Attention');
  });
  it('property: always within 0-100 and productive + shrinkage = 100', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.001, max: 1e9, noNaN: true }), fc.double({ min: 0, max: 1e9, noNaN: true }), (t, w) => {
        const r = calculateShrinkage(t, w)!;
        return r.shrinkage >= 0 && r.shrinkage <= 100 && Math.abs(r.shrinkage + r.productive - 100) < 1e-9;
      }),
    );
  });
});

describe('attrition', () => {
  it('annualises monthly ×12, quarterly ×4, yearly ×1', () => {
    expect(calculateAttrition(100, 2, 'monthly')).toEqual({ periodRate: 2, annualRate: 24, band: 'Moderate' });
    expect(calculateAttrition(100, 5, 'quarterly')).toEqual({ periodRate: 5, annualRate: 20, band: 'Moderate' });
    expect(calculateAttrition(200, 30, 'yearly')).toEqual({ periodRate: 15, annualRate: 15, band: 'Low' });
    expect(calculateAttrition(30, 1, 'monthly')?.annualRate).toBe(40);
  });
  it('bands: up to 15 Low, over 15 Moderate, over 25 High, over 40 Critical', () => {
    expect(attritionBand(15)).toBe('Low');
    expect(attritionBand(15.01)).toBe('Moderate');
    expect(attritionBand(25)).toBe('Moderate');
    expect(attritionBand(25.01)).toBe('High');
    expect(attritionBand(40)).toBe('High');
    expect(attritionBand(40.01)).toBe('Critical');
  });
  it('needs positive headcount and non-negative leavers', () => {
    expect(calculateAttrition(0, 1, 'yearly')).toBeNull();
    expect(calculateAttrition(10, -1, 'yearly')).toBeNull();
    expect(calculateAttrition(10, 0, 'yearly')?.annualRate).toBe(0);
  });
});

describe('cost', () => {
  it('loads salary with benefits and overhead (defaults 25 % and 15 %)', () => {
    const r = calculateCost(40_000, 10)!;
    // 40,000 × 1.25 × 1.15 = 57,500
    expect(r.annualPerAgent).toBe(57_500);
    expect(r.hourlyPerAgent).toBe(round(57_500 / 2080, 2));
    expect(r.monthlyPerAgent).toBe(round(57_500 / 12, 2));
    expect(r.annualTotal).toBe(575_000);
    expect(r.monthlyTotal).toBe(round((57_500 / 12) * 10, 2));
    expect(calculateCost(40_000, 1, 0, 0)?.annualPerAgent).toBe(40_000);
  });
  it('needs positive salary and agents', () => {
    expect(calculateCost(0, 10)).toBeNull();
    expect(calculateCost(100, 0)).toBeNull();
    expect(calculateCost(100, 1, -1, 0)).toBeNull();
  });
});

describe('staffing', () => {
  const base = { ...STAFFING_DEFAULTS, dailyVolume: 1600, ahtSeconds: 180 };
  it('spreads daily volume over the opening hours, then uses Erlang C', () => {
    const r = calculateStaffing({ ...base, patienceSeconds: undefined })!;
    expect(r.intervalsPerDay).toBe(16);
    expect(r.callsPerInterval).toBe(100);
    expect(r.erlangs).toBe(10);
    expect(r.agents).toBe(14);
    expect(r.fte).toBeCloseTo(14 / 0.85, 10);
    expect(r.targetMet).toBe(true);
    expect(r.serviceLevel).toBeGreaterThanOrEqual(0.8);
    expect(r.occupancy).toBeCloseTo(10 / 14, 10);
  });
  it('adds Erlang A when a patience is given', () => {
    const r = calculateStaffing(base)!;
    expect(r.erlangA?.agents).toBeLessThanOrEqual(r.agents);
    expect(r.erlangA?.abandonment).toBeGreaterThan(0);
  });
  it('rejects non-positive volume or handle time with the spec message', () => {
    expect(staffingInputError({ ...base, dailyVolume: 0 })).toBe(STAFFING_INVALID);
    expect(staffingInputError({ ...base, ahtSeconds: Number.NaN })).toBe(STAFFING_INVALID);
    expect(calculateStaffing({ ...base, ahtSeconds: -1 })).toBeNull();
    expect(staffingInputError({ ...base, shrinkagePercent: 100 })).not.toBeNull();
  });
  it('FTE is agents / (1 - shrinkage)', () => {
    expect(fteFor(17, 15)).toBeCloseTo(20, 10);
  });
  it('is finite for a very large centre', () => {
    const r = calculateStaffing({ ...base, dailyVolume: 480_000, patienceSeconds: undefined })!;
    expect(r.erlangs).toBe(3000);
    expect(Number.isFinite(r.serviceLevel)).toBe(true);
    expect(r.agents).toBeGreaterThan(3000);
  });
});

describe('helpers', () => {
  it('round and parseNumber', () => {
    expect(round(1.005, 2)).toBe(1.01);
    expect(parseNumber('')).toBeNaN();
    expect(parseNumber(' 12.5 ')).toBe(12.5);
    expect(parseNumber('abc')).toBeNaN();
    expect(parseNumber('Infinity')).toBeNaN();
  });
  it('benchmarks place a figure below, within or above the range', () => {
    expect(standing(10, BENCHMARKS.attrition)).toBe('below');
    expect(standing(20, BENCHMARKS.attrition)).toBe('within');
    expect(standing(26, BENCHMARKS.attrition)).toBe('above');
  });
});
