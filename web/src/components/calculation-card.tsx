import { Card } from '@wfm/ui';
import { Calculator } from '@wfm/ui/icons';
import { Link } from '../lib/router.tsx';
import { CALCULATOR_TITLES, calculatorHref, type CalculationCard } from '../lib/calculation-card.ts';

/** A shared calculation inside a post: its figures and a link that reopens the calculator with its inputs. */
export function CalculationCardView({ card }: { card: CalculationCard }) {
  const title = CALCULATOR_TITLES[card.calculator];
  return (
    <Card className="my-3 grid gap-3 p-4" role="group" aria-label={title} data-testid="calculation-card">
      <p className="flex items-center gap-2 font-semibold">
        <Calculator className="size-4 text-primary" aria-hidden="true" />
        {title}
      </p>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-1 sm:grid-cols-2">
        {card.results.map((r) => (
          <div key={r.label} className="flex justify-between gap-3 border-b border-border/60 py-1">
            <dt className="text-muted-foreground">{r.label}</dt>
            <dd className="font-medium tabular-nums">{r.value}</dd>
          </div>
        ))}
      </dl>
      <Link
        to={calculatorHref(card)}
        className="justify-self-start rounded-md border border-input px-3 py-1.5 text-sm font-medium hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        Open in calculator
      </Link>
    </Card>
  );
}
