import { Badge, Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Label, Select, SelectContent, SelectItem, SelectTrigger, SelectValue, toast } from '@wfm/ui';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useCalculatorFields } from '../hooks.ts';
import {
  ATTRITION_INVALID,
  ATTRITION_PERIODS,
  calculateAttrition,
  PERIOD_FACTOR,
  PERIOD_LABELS,
  type AttritionPeriod,
  type AttritionResult,
} from '../lib/attrition.ts';
import { BENCHMARKS } from '../lib/benchmarks.ts';
import { formatPercent } from '../lib/format.ts';
import { parseNumber } from '../lib/round.ts';
import { CALCULATOR_TOASTS } from '../messages.ts';
import { NumberField } from './number-field.tsx';
import { ResultStat } from './result-stat.tsx';
import { ShareLink } from './share-link.tsx';
import { ValidationMessage } from './validation-message.tsx';
import { WhereYouStand } from './where-you-stand.tsx';

const BAND_VARIANT = { Low: 'success', Moderate: 'secondary', High: 'outline', Critical: 'destructive' } as const;
const isPeriod = (value: string): value is AttritionPeriod => (ATTRITION_PERIODS as readonly string[]).includes(value);

export function AttritionTab() {
  const id = useId();
  const { fields, set, seeded } = useCalculatorFields({ headcount: '', leavers: '', period: 'monthly' });
  const period: AttritionPeriod = isPeriod(fields.period) ? fields.period : 'monthly';
  const [result, setResult] = useState<AttritionResult | null>(null);
  const [error, setError] = useState<string | null>(null);

  const calculate = (announce: boolean) => {
    const r = calculateAttrition(parseNumber(fields.headcount), parseNumber(fields.leavers), period);
    if (!r) {
      setResult(null);
      setError(ATTRITION_INVALID);
      if (announce) toast({ variant: 'destructive', title: CALCULATOR_TOASTS.invalidTitle, description: ATTRITION_INVALID });
      return;
    }
    setError(null);
    setResult(r);
    if (announce) toast({ title: CALCULATOR_TOASTS.attrition, description: `Annualised attrition is ${formatPercent(r.annualRate, 2)}.` });
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
          <CardTitle>Attrition</CardTitle>
          <CardDescription>Leavers over average headcount, annualised.</CardDescription>
        </CardHeader>
        <CardContent>
          <form className="grid gap-4" onSubmit={onSubmit} noValidate>
            <NumberField id={`${id}-headcount`} label="Average headcount" value={fields.headcount} onChange={set('headcount')} placeholder="e.g. 120" invalid={!!error} errorId={`${id}-error`} />
            <NumberField id={`${id}-leavers`} label="Leavers in the period" value={fields.leavers} onChange={set('leavers')} placeholder="e.g. 3" invalid={!!error} errorId={`${id}-error`} />
            <div className="grid content-start gap-1.5">
              <Label htmlFor={`${id}-period`}>Period</Label>
              <Select value={period} onValueChange={set('period')}>
                <SelectTrigger id={`${id}-period`}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {ATTRITION_PERIODS.map((p) => (
                    <SelectItem key={p} value={p}>
                      {PERIOD_LABELS[p]} (×{PERIOD_FACTOR[p]} to annualise)
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
            <ValidationMessage id={`${id}-error`} message={error} />
            <Button type="submit">Calculate Attrition</Button>
          </form>
        </CardContent>
      </Card>
      <Card aria-live="polite">
        <CardHeader>
          <CardTitle>Result</CardTitle>
          <CardDescription>Leavers ÷ headcount × 100, then ×12 monthly, ×4 quarterly or ×1 yearly.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {result ? (
            <>
              <div className="grid grid-cols-2 gap-3">
                <ResultStat label="Annualised attrition" value={formatPercent(result.annualRate, 2)} emphasis />
                <ResultStat label={`${PERIOD_LABELS[period]} attrition`} value={formatPercent(result.periodRate, 2)} />
              </div>
              <p className="flex flex-wrap items-center gap-2 text-sm">
                Risk: <Badge variant={BAND_VARIANT[result.band]}>{result.band}</Badge>
                <span className="text-muted-foreground">(Low up to 15 %, Moderate 15-25 %, High 25-40 %, Critical over 40 %)</span>
              </p>
              <WhereYouStand value={result.annualRate} range={BENCHMARKS.attrition} />
              <ShareLink
                headline={`${formatPercent(result.annualRate, 2)} annual attrition`}
                card={{
                  v: 1,
                  calculator: 'attrition',
                  inputs: { headcount: parseNumber(fields.headcount), leavers: parseNumber(fields.leavers), period },
                  results: [
                    { label: 'Average headcount', value: fields.headcount },
                    { label: `Leavers (${PERIOD_LABELS[period].toLowerCase()})`, value: fields.leavers },
                    { label: 'Annualised attrition', value: formatPercent(result.annualRate, 2) },
                    { label: 'Risk', value: result.band },
                  ],
                }}
              />
            </>
          ) : (
            <p className="text-sm text-muted-foreground">Enter headcount and leavers, then Calculate.</p>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
