import { standing, type BenchmarkRange } from '../lib/benchmarks.ts';

const WORDS = { below: 'below', within: 'within', above: 'above' } as const;

/**
 * Where a figure sits against a benchmark range: a scale with the range shaded and a marker, and
 * the same said in words for screen readers and for anyone who does not read charts.
 */
export function WhereYouStand({ value, range, max = 100 }: { value: number; range: BenchmarkRange; max?: number }) {
  const scaleMax = Math.max(max, range.high * 1.5, value * 1.1);
  const pct = (v: number) => `${Math.min(100, Math.max(0, (v / scaleMax) * 100))}%`;
  const where = standing(value, range);
  return (
    <div className="grid gap-2" data-testid="where-you-stand">
      <p className="text-sm font-medium">Where you stand</p>
      <div className="relative h-3 rounded-full bg-muted" aria-hidden="true">
        <div
          className="absolute inset-y-0 rounded-full bg-success/40"
          style={{ left: pct(range.low), width: `calc(${pct(range.high)} - ${pct(range.low)})` }}
        />
        <div className="absolute -top-1 h-5 w-1 rounded bg-primary" style={{ left: pct(value) }} />
      </div>
      <p className="text-sm text-muted-foreground">
        {value}% is <strong className="text-foreground">{WORDS[where]}</strong> the benchmark range of {range.low}-
        {range.high}% ({range.label.toLowerCase()}).
      </p>
    </div>
  );
}
