import { describe, expect, it } from 'vitest';
import {
  applyPreset,
  DEFAULT_PARAMS,
  PRESETS,
  serviceLevelFor,
  simulate,
  waitFor,
  satisfactionFor,
} from '../src/features/simulator/lib/simulate.ts';

describe('simulator model', () => {
  it('baseline: 1000 calls × 4.5 min over 50 staff × 8 h', () => {
    const r = simulate(DEFAULT_PARAMS);
    expect(r.workloadHours).toBe(75);
    expect(r.occupancy).toBe(18.8);
    expect(r.serviceLevel).toBe(85);
    expect(r.serviceLevelChange).toBe(3);
    expect(r.annualCost).toBe(500_000);
    expect(r.risks).toEqual([]);
    expect(r.targetMet).toBe(true);
  });
  it('service level: 85 minus half the occupancy over 70, one more point per point over 85, clamped 20-99', () => {
    expect(serviceLevelFor(70)).toBe(85);
    expect(serviceLevelFor(80)).toBe(80);
    expect(serviceLevelFor(85)).toBe(77.5);
    expect(serviceLevelFor(95)).toBe(85 - 12.5 - 10);
    expect(serviceLevelFor(500)).toBe(20);
  });
  it('caps occupancy at 95 and flags every risk at the extremes', () => {
    const r = simulate({ volumeChange: 100, ahtChange: 50, staffChange: -40, targetSl: 80 });
    expect(r.staff).toBe(30);
    expect(r.occupancy).toBe(93.8);
    expect(r.risks.map((x) => x.key)).toEqual(['occupancy', 'wait', 'satisfaction']);
    expect(r.targetMet).toBe(false);
    const capped = simulate({ volumeChange: 100, ahtChange: 50, staffChange: -40 - 5, targetSl: 80 });
    expect(capped.occupancy).toBeLessThanOrEqual(95);
  });
  it('wait grows with occupancy and handle time; satisfaction falls with both', () => {
    expect(waitFor(85, 4.5)).toBeCloseTo(5 * (0.85 / 0.15), 10);
    expect(waitFor(85, 9)).toBeCloseTo(2 * waitFor(85, 4.5), 10);
    expect(satisfactionFor(85, 0)).toBe(92.5);
    expect(satisfactionFor(20, 400)).toBe(0);
  });
  it('presets set their sliders and keep the target', () => {
    const peak = applyPreset({ ...DEFAULT_PARAMS, staffChange: 20, targetSl: 90 }, PRESETS[0]!);
    expect(peak).toEqual({ volumeChange: 40, ahtChange: 10, staffChange: 0, targetSl: 90 });
    expect(PRESETS.map((p) => p.name)).toEqual([
      'Holiday Peak',
      'System Outage',
      'New Product Launch',
      'Staff Reduction',
      'Process Improvement',
    ]);
    expect(applyPreset(DEFAULT_PARAMS, PRESETS[4]!)).toMatchObject({ ahtChange: -15, staffChange: 10 });
  });
  it('cost follows staff', () => {
    expect(simulate({ ...DEFAULT_PARAMS, staffChange: 10 }).annualCost).toBe(550_000);
    expect(simulate({ ...DEFAULT_PARAMS, staffChange: -20 }).costChange).toBe(-100_000);
  });
});
