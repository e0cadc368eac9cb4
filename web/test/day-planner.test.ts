import { describe, expect, it } from 'vitest';
import { parsePlannerCsv, planDay, planToCsv, sampleDayCsv, type PlannerSettings } from '../src/features/calculators/lib/day-planner.ts';

const settings: PlannerSettings = {
  intervalMinutes: 30,
  defaultAhtSeconds: 180,
  targetSlPercent: 80,
  targetSeconds: 20,
  shrinkagePercent: 15,
  model: 'erlang-c',
  patienceSeconds: 120,
};

describe('day planner CSV', () => {
  it('reads a header, commas or semicolons, and optional AHT', () => {
    const r = parsePlannerCsv('interval_start;calls;aht\n08:00;100;\n08:30;120;240\r\n');
    expect(r).toEqual({
      ok: true,
      rows: [
        { line: 2, start: '08:00', calls: 100, ahtSeconds: undefined },
        { line: 3, start: '08:30', calls: 120, ahtSeconds: 240 },
      ],
    });
  });
  it('names the bad line', () => {
    expect(parsePlannerCsv('08:00,100\nnoon,5')).toEqual({ ok: false, message: 'Line 2: interval start "noon" is not a time like 08:30.' });
    expect(parsePlannerCsv('08:00,-1')).toMatchObject({ ok: false, message: expect.stringContaining('Line 1: calls') });
    expect(parsePlannerCsv('08:00,1,0')).toMatchObject({ ok: false, message: expect.stringContaining('Line 1: AHT') });
    expect(parsePlannerCsv('08:00,1,2,3')).toMatchObject({ ok: false, message: expect.stringContaining('Line 1: expected') });
    expect(parsePlannerCsv('\n\n')).toMatchObject({ ok: false });
  });
  it('plans each interval with Erlang C or A and writes CSV', () => {
    const parsed = parsePlannerCsv('08:00,100\n08:30,0');
    if (!parsed.ok) throw new Error(parsed.message);
    const plan = planDay(parsed.rows, settings);
    expect(plan[0]).toMatchObject({ start: '08:00', erlangs: 10, agents: 14, targetMet: true });
    expect(plan[1]).toMatchObject({ agents: 0, fte: 0 });
    const a = planDay(parsed.rows, { ...settings, model: 'erlang-a' });
    expect(a[0]!.agents).toBeLessThanOrEqual(14);
    expect(a[0]!.abandonment).toBeGreaterThan(0);
    const csv = planToCsv(plan).split('\n');
    expect(csv[0]).toBe('interval_start,calls,aht_seconds,erlangs,required_agents,required_fte,service_level_percent,abandonment_percent,target_met');
    expect(csv[1]).toBe('08:00,100,180,10.00,14,16.47,' + (plan[0]!.serviceLevel * 100).toFixed(1) + ',,yes');
  });
  it('the sample day has 48 half-hours', () => {
    const parsed = parsePlannerCsv(sampleDayCsv());
    expect(parsed.ok && parsed.rows.length).toBe(48);
  });
});
