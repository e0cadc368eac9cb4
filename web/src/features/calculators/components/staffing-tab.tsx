import { Badge, Button, Card, CardContent, CardDescription, CardHeader, CardTitle, toast } from '@wfm/ui';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useCalculatorFields } from '../hooks.ts';
import { BENCHMARKS } from '../lib/benchmarks.ts';
import { formatNumber, formatShare } from '../lib/format.ts';
import { parseNumber } from '../lib/round.ts';
import { calculateStaffing, STAFFING_DEFAULTS, staffingInputError, type StaffingInput, type StaffingResult } from '../lib/staffing.ts';
import { CALCULATOR_TOASTS } from '../messages.ts';
import { NumberField } from './number-field.tsx';
import { ResultStat } from './result-stat.tsx';
import { ShareLink } from './share-link.tsx';
import { ValidationMessage } from './validation-message.tsx';
import { WhereYouStand } from './where-you-stand.tsx';

const DEFAULTS = {
  dailyVolume: '',
  ahtSeconds: '',
  intervalMinutes: String(STAFFING_DEFAULTS.intervalMinutes),
  hoursOpen: String(STAFFING_DEFAULTS.hoursOpen),
  targetSl: String(STAFFING_DEFAULTS.targetSlPercent),
  targetSeconds: String(STAFFING_DEFAULTS.targetSeconds),
  shrinkage: String(STAFFING_DEFAULTS.shrinkagePercent),
  patience: String(STAFFING_DEFAULTS.patienceSeconds),
};

export function StaffingTab() {
  const id = useId();
  const { fields, set, seeded } = useCalculatorFields(DEFAULTS);
  const [result, setResult] = useState<{ input: StaffingInput; output: StaffingResult } | null>(null);
  const [error, setError] = useState<string | null>(null);

  const calculate = (announce: boolean) => {
    const input: StaffingInput = {
      dailyVolume: parseNumber(fields.dailyVolume),
      ahtSeconds: parseNumber(fields.ahtSeconds),
      intervalMinutes: parseNumber(fields.intervalMinutes),
      hoursOpen: parseNumber(fields.hoursOpen),
      targetSlPercent: parseNumber(fields.targetSl),
      targetSeconds: parseNumber(fields.targetSeconds),
      shrinkagePercent: parseNumber(fields.shrinkage),
      patienceSeconds: fields.patience.trim() === '' ? undefined : parseNumber(fields.patience),
    };
    const problem = staffingInputError(input);
    const output = problem ? null : calculateStaffing(input);
    if (problem || !output) {
      setResult(null);
      setError(problem);
      if (announce) toast({ variant: 'destructive', title: CALCULATOR_TOASTS.invalidTitle, description: problem ?? undefined });
      return;
    }
    setError(null);
    setResult({ input, output });
    if (announce) {
      toast({ title: CALCULATOR_TOASTS.staffing, description: `${output.agents} agents (${formatNumber(output.fte, 1)} FTE) needed.` });
    }
  };
  // A card's "Open in calculator" link shows its figures straight away.
  useEffect(() => void (seeded && calculate(false)), []);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    calculate(true);
  };
  const field = (key: keyof typeof DEFAULTS, label: string, extra: { hint?: string; placeholder?: string } = {}) => (
    <NumberField id={`${id}-${key}`} label={label} value={fields[key]} onChange={set(key)} invalid={!!error} errorId={`${id}-error`} {...extra} />
  );

  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle>Staffing (Erlang C and Erlang A)</CardTitle>
          <CardDescription>Agents needed for a service-level target, from daily volume and handle time.</CardDescription>
        </CardHeader>
        <CardContent>
          <form className="grid gap-4" onSubmit={onSubmit} noValidate>
            <div className="grid gap-4 sm:grid-cols-2">
              {field('dailyVolume', 'Daily call volume', { placeholder: 'e.g. 1600' })}
              {field('ahtSeconds', 'Average handle time (seconds)', { placeholder: 'e.g. 180' })}
              {field('intervalMinutes', 'Interval length (minutes)')}
              {field('hoursOpen', 'Hours open per day', { hint: 'Volume is spread evenly over these hours' })}
              {field('targetSl', 'Target service level (%)')}
              {field('targetSeconds', 'Answered within (seconds)')}
              {field('shrinkage', 'Shrinkage (%)')}
              {field('patience', 'Average patience (seconds)', { hint: 'For Erlang A; empty = Erlang C only' })}
            </div>
            <ValidationMessage id={`${id}-error`} message={error} />
            <Button type="submit">Calculate Staffing</Button>
          </form>
        </CardContent>
      </Card>
      <Card aria-live="polite">
        <CardHeader>
          <CardTitle>Result</CardTitle>
          <CardDescription>Erlang C, searching from the offered load up to 50 agents above it.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {result ? <StaffingResultView {...result} /> : <p className="text-sm text-muted-foreground">Enter call volume and handle time, then Calculate.</p>}
        </CardContent>
      </Card>
    </div>
  );
}

function StaffingResultView({ input, output }: { input: StaffingInput; output: StaffingResult }) {
  const a = output.erlangA;
  const sl = Math.round(output.serviceLevel * 1000) / 10;
  return (
    <>
      <p className="text-sm text-muted-foreground" data-testid="staffing-assumptions">
        Assumes {Number(output.intervalsPerDay.toFixed(2))} intervals of {input.intervalMinutes} minutes per day ({input.hoursOpen}{' '}
        hours open), so {formatNumber(output.callsPerInterval, 1)} calls per interval, and a target of {input.targetSlPercent}% in{' '}
        {input.targetSeconds} seconds.
      </p>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <ResultStat label="Required agents" value={output.agents} emphasis />
        <ResultStat label="Required FTE" value={formatNumber(output.fte, 1)} hint={`with ${input.shrinkagePercent}% shrinkage`} />
        <ResultStat label="Offered load" value={`${formatNumber(output.erlangs, 2)} Erlangs`} />
        <ResultStat label="Occupancy" value={formatShare(output.occupancy)} />
        <ResultStat label="Achieved service level" value={formatShare(output.serviceLevel)} />
        <ResultStat
          label="Target met"
          value={output.targetMet ? <Badge variant="success">Yes</Badge> : <Badge variant="destructive">No</Badge>}
          hint={output.targetMet ? undefined : 'Not reached within 50 agents above the load'}
        />
      </div>
      {a && (
        <div className="grid gap-2 rounded-md border border-border p-3" data-testid="erlang-a">
          <p className="text-sm font-medium">Erlang A (callers hang up after {input.patienceSeconds} s on average)</p>
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            <ResultStat label="Required agents" value={a.agents} />
            <ResultStat label="Required FTE" value={formatNumber(a.fte, 1)} />
            <ResultStat label="Abandonment" value={formatShare(a.abandonment)} />
            <ResultStat label="Service level" value={formatShare(a.serviceLevel)} />
          </div>
          <p className="text-sm">
            {output.agents > a.agents
              ? `Erlang C over-staffs by ${output.agents - a.agents} agent${output.agents - a.agents === 1 ? '' : 's'} compared with Erlang A: callers who hang up shorten the queue, so fewer agents reach the same target.`
              : 'Erlang C and Erlang A agree on the number of agents here.'}
          </p>
        </div>
      )}
      <WhereYouStand value={sl} range={BENCHMARKS.serviceLevel} />
      <ShareLink
        headline={`${output.agents} agents for ${formatNumber(input.dailyVolume)} calls a day`}
        card={{
          v: 1,
          calculator: 'staffing',
          inputs: {
            dailyVolume: input.dailyVolume,
            ahtSeconds: input.ahtSeconds,
            intervalMinutes: input.intervalMinutes,
            hoursOpen: input.hoursOpen,
            targetSl: input.targetSlPercent,
            targetSeconds: input.targetSeconds,
            shrinkage: input.shrinkagePercent,
            ...(input.patienceSeconds !== undefined ? { patience: input.patienceSeconds } : {}),
          },
          results: [
            { label: 'Daily volume', value: formatNumber(input.dailyVolume) },
            { label: 'AHT', value: `${input.ahtSeconds} s` },
            { label: 'Target', value: `${input.targetSlPercent}% in ${input.targetSeconds} s` },
            { label: 'Required agents', value: String(output.agents) },
            { label: 'Required FTE', value: formatNumber(output.fte, 1) },
            { label: 'Occupancy', value: formatShare(output.occupancy) },
            { label: 'Achieved service level', value: formatShare(output.serviceLevel) },
            ...(a ? [{ label: 'Erlang A agents', value: String(a.agents) }, { label: 'Abandonment', value: formatShare(a.abandonment) }] : []),
          ],
        }}
      />
    </>
  );
}
