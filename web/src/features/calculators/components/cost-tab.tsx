import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, toast } from '@wfm/ui';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useCalculatorFields } from '../hooks.ts';
import { calculateCost, COST_INVALID, DEFAULT_BENEFITS_PERCENT, DEFAULT_OVERHEAD_PERCENT, type CostResult } from '../lib/cost.ts';
import { formatMoney } from '../lib/format.ts';
import { parseNumber } from '../lib/round.ts';
import { CALCULATOR_TOASTS } from '../messages.ts';
import { NumberField } from './number-field.tsx';
import { ResultStat } from './result-stat.tsx';
import { ShareLink } from './share-link.tsx';
import { ValidationMessage } from './validation-message.tsx';

/** An empty percentage field means the placeholder default (25 % benefits, 15 % overhead). */
const percentOr = (text: string, fallback: number) => (text.trim() === '' ? fallback : parseNumber(text));

export function CostTab() {
  const id = useId();
  const { fields, set, seeded } = useCalculatorFields({ salary: '', agents: '', benefits: '', overhead: '' });
  const [result, setResult] = useState<CostResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const benefits = percentOr(fields.benefits, DEFAULT_BENEFITS_PERCENT);
  const overhead = percentOr(fields.overhead, DEFAULT_OVERHEAD_PERCENT);

  const calculate = (announce: boolean) => {
    const r = calculateCost(parseNumber(fields.salary), parseNumber(fields.agents), benefits, overhead);
    if (!r) {
      setResult(null);
      setError(COST_INVALID);
      if (announce) toast({ variant: 'destructive', title: CALCULATOR_TOASTS.invalidTitle, description: COST_INVALID });
      return;
    }
    setError(null);
    setResult(r);
    if (announce) toast({ title: CALCULATOR_TOASTS.cost, description: `Total annual cost is ${formatMoney(r.annualTotal)}.` });
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
          <CardTitle>Cost</CardTitle>
          <CardDescription>Fully loaded agent cost with benefits and overhead.</CardDescription>
        </CardHeader>
        <CardContent>
          <form className="grid gap-4" onSubmit={onSubmit} noValidate>
            <NumberField id={`${id}-salary`} label="Annual salary per agent ($)" value={fields.salary} onChange={set('salary')} placeholder="e.g. 40000" invalid={!!error} errorId={`${id}-error`} />
            <NumberField id={`${id}-agents`} label="Number of agents" value={fields.agents} onChange={set('agents')} placeholder="e.g. 50" invalid={!!error} errorId={`${id}-error`} />
            <div className="grid gap-4 sm:grid-cols-2">
              <NumberField id={`${id}-benefits`} label="Benefits (%)" value={fields.benefits} onChange={set('benefits')} placeholder={String(DEFAULT_BENEFITS_PERCENT)} hint="Empty = 25 %" />
              <NumberField id={`${id}-overhead`} label="Overhead (%)" value={fields.overhead} onChange={set('overhead')} placeholder={String(DEFAULT_OVERHEAD_PERCENT)} hint="Empty = 15 %" />
            </div>
            <ValidationMessage id={`${id}-error`} message={error} />
            <Button type="submit">Calculate Cost</Button>
          </form>
        </CardContent>
      </Card>
      <Card aria-live="polite">
        <CardHeader>
          <CardTitle>Result</CardTitle>
          <CardDescription>salary × (1 + benefits) × (1 + overhead); hourly over 52 × 40 hours; monthly over 12.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {result ? (
            <>
              <div className="grid grid-cols-2 gap-3">
                <ResultStat label="Total annual cost" value={formatMoney(result.annualTotal)} emphasis />
                <ResultStat label="Total monthly cost" value={formatMoney(result.monthlyTotal)} />
                <ResultStat label="Annual cost per agent" value={formatMoney(result.annualPerAgent)} />
                <ResultStat label="Monthly cost per agent" value={formatMoney(result.monthlyPerAgent)} />
                <ResultStat label="Hourly cost per agent" value={formatMoney(result.hourlyPerAgent)} />
              </div>
              <ShareLink
                headline={`${formatMoney(result.annualTotal)} a year for ${fields.agents} agents`}
                card={{
                  v: 1,
                  calculator: 'cost',
                  inputs: { salary: parseNumber(fields.salary), agents: parseNumber(fields.agents), benefits, overhead },
                  results: [
                    { label: 'Salary', value: formatMoney(parseNumber(fields.salary)) },
                    { label: 'Agents', value: fields.agents },
                    { label: 'Benefits / overhead', value: `${benefits}% / ${overhead}%` },
                    { label: 'Annual cost per agent', value: formatMoney(result.annualPerAgent) },
                    { label: 'Hourly cost per agent', value: formatMoney(result.hourlyPerAgent) },
                    { label: 'Total annual cost', value: formatMoney(result.annualTotal) },
                  ],
                }}
              />
            </>
          ) : (
            <p className="text-sm text-muted-foreground">Enter salary and agent count, then Calculate.</p>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
