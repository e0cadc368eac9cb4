/** Reference ranges of spec 2 §9 ("Benchmarks shown"), in percent. */
export const BENCHMARKS = {
  shrinkage: { low: 15, high: 30, label: 'Typical shrinkage' },
  attrition: { low: 15, high: 25, label: 'Annual attrition' },
  serviceLevel: { low: 80, high: 90, label: 'Service level' },
  occupancy: { low: 75, high: 85, label: 'Occupancy' },
} as const;

export type BenchmarkRange = { low: number; high: number; label: string };
export type Standing = 'below' | 'within' | 'above';

export function standing(value: number, range: BenchmarkRange): Standing {
  if (value < range.low) return 'below';
  if (value > range.high) return 'above';
  return 'within';
}
