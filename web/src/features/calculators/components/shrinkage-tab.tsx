import { Badge, Button, Card, CardContent, CardDescription, CardHeader, CardTitle, toast } from '@wfm/ui';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useCalculatorFields } from '../hooks.ts';
import { BENCHMARKS } from '../lib/benchmarks.ts';
import { formatPercent } from '../lib/format.ts';
import { parseNumber } from '../lib/round.ts';
import { calculateShrinkage, SHRINKAGE_INVALID, type ShrinkageResult } from '../lib/shrinkage.ts';
import { CALCULATOR_TOASTS } from '../messages.ts';
import { NumberField } from './number-field.tsx';
import { ResultStat } from './result-stat.tsx';
import { ShareLink } from './share-link.tsx';
import { ValidationMessage } from './validation-message.tsx';
import { WhereYouStand } from './where-you-stand.tsx';

const BAND_VARIANT = { Excellent: 'success', Normal: 'secondary', 'Needs Attention': 'destructive' } as const;

export function ShrinkageTab() {
  const id = useId();
  const { fields, set, seeded } = useCalculatorFields({ totalHours: '', workedHours: '' });
  const [result, setResult] = useState<ShrinkageResult | null>(null);
  const [error, setError] = useState<string | null>(null);

  const calculate = (announce: boolean) => {
    const r = calculateShrinkage(parseNumber(fields.totalHours), parseNumber(fields.workedHours));
    if (!r) {
      setResult(null);
      setError(SHRINKAGE_INVALID);
      if (announce) toast({ variant: 'destructive', title: CALCULATOR_TOASTS.invalidTitle, description: SHRINKAGE_INVALID });
      return;
    }
    setError(null);
    setResult(r);
    if (announce) toast({ title: CALCULATOR_TOASTS.shrinkage, description: `Shrinkage is ${formatPercent(r.shrinkage, 2)}.` });
  };
  // A card's "Open in calculator" link shows its figures straight away.
  useEffect(() => void (seeded && calculate(false)), []);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    calculate(true);
  };

  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle>Shrinkage</CardTitle>
          <CardDescription>The share of paid time agents are not available to handle work.</CardDescription>
        </CardHeader>
        <CardContent>
          <form className="grid gap-4" onSubmit={onSubmit} noValidate>
            <NumberField id={`${id}-total`} label="Total scheduled hours" value={fields.totalHours} onChange={set('totalHours')} placeholder="e.g. 160" invalid={!!error} errorId={`${id}-error`} />
            <NumberField id={`${id}-worked`} label="Productive (worked) hours" value={fields.workedHours} onChange={set('workedHours')} placeholder="e.g. 128" invalid={!!error} errorId={`${id}-error`} />
            <ValidationMessage id={`${id}-error`} message={error} />
            <Button type="submit">Calculate Shrinkage</Button>
          </form>
        </CardContent>
      </Card>
      <Card aria-live="polite">
        <CardHeader>
          <CardTitle>Result</CardTitle>
          <CardDescription>(total − productive) ÷ total, clamped to 0-100 %, rounded to 2 decimals.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {result ? (
            <>
              <div className="grid grid-cols-2 gap-3">
                <ResultStat label="Shrinkage" value={formatPercent(result.shrinkage, 2)} emphasis />
                <ResultStat label="Productive time" value={formatPercent(result.productive, 2)} />
              </div>
              <p className="flex items-center gap-2 text-sm">
                Rating: <Badge variant={BAND_VARIANT[result.band]}>{result.band}</Badge>
                <span className="text-muted-foreground">(under 15 % Excellent, 15-30 % Normal, over 30 % Needs Attention)</span>
              </p>
              <WhereYouStand value={result.shrinkage} range={BENCHMARKS.shrinkage} />
              <ShareLink
                headline={`${formatPercent(result.shrinkage, 2)} shrinkage`}
                card={{
                  v: 1,
                  calculator: 'shrinkage',
                  inputs: { totalHours: parseNumber(fields.totalHours), workedHours: parseNumber(fields.workedHours) },
                  results: [
                    { label: 'Total scheduled hours', value: fields.totalHours },
                    { label: 'Productive hours', value: fields.workedHours },
                    { label: 'Shrinkage', value: formatPercent(result.shrinkage, 2) },
                    { label: 'Productive time', value: formatPercent(result.productive, 2) },
                    { label: 'Rating', value: result.band },
                  ],
                }}
              />
            </>
          ) : (
            <p className="text-sm text-muted-foreground">Enter total and productive hours, then Calculate.</p>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
