import { bench, describe } from 'vitest';
import { planDay, type PlannerRow } from '../src/features/calculators/lib/day-planner.ts';

// 96 quarter-hours of a busy day (10 to 250 calls each): the day planner's target is well under 50 ms.
const rows: PlannerRow[] = Array.from({ length: 96 }, (_, i) => ({
  line: i + 1,
  start: `${String(Math.floor(i / 4)).padStart(2, '0')}:${String((i % 4) * 15).padStart(2, '0')}`,
  calls: Math.round(10 + 240 * Math.sin((Math.PI * i) / 96)),
}));
const settings = {
  intervalMinutes: 15,
  defaultAhtSeconds: 240,
  targetSlPercent: 80,
  targetSeconds: 20,
  shrinkagePercent: 15,
  patienceSeconds: 120,
};

describe('day planner, 96 intervals', () => {
  bench('Erlang C', () => {
    planDay(rows, { ...settings, model: 'erlang-c' });
  });
  bench('Erlang A', () => {
    planDay(rows, { ...settings, model: 'erlang-a' });
  });
});
