import { BENCHMARKS } from '@wfm/contracts/catalog/benchmarks';
import { Card } from '@wfm/ui';

function range(min: number, max: number, unit: string): string {
  if (unit === '%') return `${min}-${max}%`;
  if (unit === 'of 5') return `${min.toFixed(1)}-${max.toFixed(1)} of 5`;
  return `${min}-${max} ${unit}`;
}

/** The eight reference ranges of document 2 §9. */
export function Benchmarks() {
  return (
    <section className="grid gap-4" aria-labelledby="benchmarks-heading">
      <div className="grid gap-1">
        <h2 id="benchmarks-heading" className="text-lg font-semibold">
          Industry Benchmarks
        </h2>
        <p className="text-sm text-muted-foreground">Typical ranges for contact-centre workforce metrics, for reference.</p>
      </div>
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4" aria-label="Benchmarks">
        {BENCHMARKS.map((benchmark) => (
          <li key={benchmark.key}>
            <Card className="grid h-full gap-1 p-4" data-testid="benchmark">
              <p className="text-sm text-muted-foreground">{benchmark.label}</p>
              <p className="text-2xl font-bold tabular-nums">{range(benchmark.min, benchmark.max, benchmark.unit)}</p>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
