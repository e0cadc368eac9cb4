import {
  Badge,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  Label,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  toast,
} from '@wfm/ui';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useCalculatorFields } from '../hooks.ts';
import { BENCHMARKS } from '../lib/benchmarks.ts';
import { formatAsa, formatNumber, formatShare } from '../lib/format.ts';
import { parseNumber } from '../lib/round.ts';
import {
  calculateStaffing,
  STAFFING_DEFAULTS,
  staffingInputError,
  type StaffingInput,
  type StaffingMode,
  type StaffingResult,
} from '../lib/staffing.ts';
import { CALCULATOR_TOASTS } from '../messages.ts';
import { NumberField } from './number-field.tsx';
import { ResultStat } from './result-stat.tsx';
import { SensitivityTable } from './sensitivity-table.tsx';
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
  mode: 'required',
  agents: '',
  maxOccupancy: '',
  concurrency: String(STAFFING_DEFAULTS.concurrency),
};

const MODES: Record<StaffingMode, string> = {
  required: 'Agents for the target',
  agents: 'Service from given agents',
};
const modeOf = (text: string): StaffingMode => (text === 'agents' ? 'agents' : 'required');
/** An optional field: empty text means "not given". */
const optional = (text: string) => (text.trim() === '' ? undefined : parseNumber(text));

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
      patienceSeconds: optional(fields.patience),
      mode: modeOf(fields.mode),
      agents: modeOf(fields.mode) === 'agents' ? parseNumber(fields.agents) : undefined,
      maxOccupancyPercent: optional(fields.maxOccupancy),
      concurrency: optional(fields.concurrency),
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
      const description =
        output.mode === 'agents'
          ? `${output.agents} agents answer ${formatShare(output.serviceLevel)} within ${input.targetSeconds} seconds.`
          : `${output.agents} agents (${formatNumber(output.fte, 1)} FTE) needed.`;
      toast({ title: CALCULATOR_TOASTS.staffing, description });
    }
  };
  // A card's "Open in calculator" link shows its figures straight away.
  useEffect(() => void (seeded && calculate(false)), []);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    calculate(true);
  };
  const mode = modeOf(fields.mode);
  const field = (key: keyof typeof DEFAULTS, label: string, extra: { hint?: string; placeholder?: string; step?: string } = {}) => (
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
              <div className="grid min-w-0 content-start gap-1.5">
                <Label htmlFor={`${id}-mode`}>Calculate</Label>
                <Select value={mode} onValueChange={set('mode')}>
                  <SelectTrigger id={`${id}-mode`}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {Object.entries(MODES).map(([value, label]) => (
                      <SelectItem key={value} value={value}>
                        {label}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              </div>
              {mode === 'agents' && field('agents', 'Agents available', { placeholder: 'e.g. 14', step: '1', hint: 'On the phones (or chats) in the interval' })}
              {field('dailyVolume', 'Daily call volume', { placeholder: 'e.g. 1600' })}
              {field('ahtSeconds', 'Average handle time (seconds)', { placeholder: 'e.g. 180' })}
              {field('intervalMinutes', 'Interval length (minutes)')}
              {field('hoursOpen', 'Hours open per day', { hint: 'Volume is spread evenly over these hours' })}
              {field('targetSl', 'Target service level (%)')}
              {field('targetSeconds', 'Answered within (seconds)')}
              {field('shrinkage', 'Shrinkage (%)')}
              {field('patience', 'Average patience (seconds)', { hint: 'For Erlang A; empty = Erlang C only' })}
              {field('maxOccupancy', 'Maximum occupancy (%)', {
                placeholder: 'e.g. 85',
                hint: mode === 'agents' ? 'Optional; flags occupancy above it' : 'Optional; adds agents when Erlang C runs hotter',
              })}
              {field('concurrency', 'Chats per agent at once', { step: '1', hint: '1 for calls; e.g. 3 for chat' })}
            </div>
            <ValidationMessage id={`${id}-error`} message={error} />
            <Button type="submit">Calculate Staffing</Button>
          </form>
        </CardContent>
      </Card>
      <Card aria-live="polite">
        <CardHeader>
          <CardTitle>Result</CardTitle>
          <CardDescription>
            {result?.output.mode === 'agents'
              ? 'Erlang C for the agents you gave.'
              : 'Erlang C, searching from the offered load up to 50 agents above it.'}
          </CardDescription>
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
  const given = output.mode === 'agents';
  const chats = output.concurrency > 1;
  const cap = input.maxOccupancyPercent;
  const slAgents = output.serviceLevelAgents ?? output.agents;
  let agentsHint: string | undefined;
  if (output.raisedByOccupancyCap) agentsHint = `Raised from ${slAgents} by the ${cap}% occupancy cap`;
  else if (!given && cap !== undefined) agentsHint = `Occupancy stays within ${cap}%`;
  return (
    <>
      <p className="text-sm text-muted-foreground" data-testid="staffing-assumptions">
        Assumes {Number(output.intervalsPerDay.toFixed(2))} intervals of {input.intervalMinutes} minutes per day ({input.hoursOpen}{' '}
        hours open), so {formatNumber(output.callsPerInterval, 1)} calls per interval, and a target of {input.targetSlPercent}% in{' '}
        {input.targetSeconds} seconds.
        {chats && ` Each agent handles up to ${output.concurrency} chats at once, so ${output.agents} agents are ${output.servers} chat slots.`}
      </p>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3" data-testid="staffing-figures">
        <ResultStat label={given ? 'Agents' : 'Required agents'} value={output.agents} emphasis hint={agentsHint} />
        <ResultStat label={given ? 'FTE' : 'Required FTE'} value={formatNumber(output.fte, 1)} hint={`with ${input.shrinkagePercent}% shrinkage`} />
        <ResultStat label="Offered load" value={`${formatNumber(output.erlangs, 2)} Erlangs`} />
        <ResultStat
          label="Occupancy"
          value={formatShare(output.occupancy)}
          hint={output.overOccupancyCap ? `Above the ${cap}% cap` : chats ? 'Share of chat slots busy' : undefined}
        />
        <ResultStat label="Achieved service level" value={formatShare(output.serviceLevel)} />
        <ResultStat label="Average speed of answer" value={formatAsa(output.asa)} />
        <ResultStat label="Answered immediately" value={formatShare(output.answeredImmediately)} />
        <ResultStat
          label="Target met"
          value={output.targetMet ? <Badge variant="success">Yes</Badge> : <Badge variant="destructive">No</Badge>}
          hint={output.targetMet || given ? undefined : 'Not reached within 50 agents above the load'}
        />
      </div>
      {a && (
        <div className="grid gap-2 rounded-md border border-border p-3" data-testid="erlang-a">
          <p className="text-sm font-medium">Erlang A (callers hang up after {input.patienceSeconds} s on average)</p>
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            <ResultStat label={given ? 'Agents' : 'Required agents'} value={a.agents} />
            <ResultStat label={given ? 'FTE' : 'Required FTE'} value={formatNumber(a.fte, 1)} />
            <ResultStat label="Abandonment" value={formatShare(a.abandonment)} />
            <ResultStat label="Service level" value={formatShare(a.serviceLevel)} />
          </div>
          {!given && (
            <p className="text-sm">
              {slAgents > a.agents
                ? `Erlang C over-staffs by ${slAgents - a.agents} agent${slAgents - a.agents === 1 ? '' : 's'} compared with Erlang A: callers who hang up shorten the queue, so fewer agents reach the same target.`
                : 'Erlang C and Erlang A agree on the number of agents here.'}
            </p>
          )}
        </div>
      )}
      <SensitivityTable rows={output.sensitivity} centre={output.agents} centreLabel={given ? 'given' : 'required'} />
      <WhereYouStand value={sl} range={BENCHMARKS.serviceLevel} />
      <ShareLink
        headline={
          given
            ? `${output.agents} agents answer ${formatShare(output.serviceLevel)} in ${input.targetSeconds} s`
            : `${output.agents} agents for ${formatNumber(input.dailyVolume)} calls a day`
        }
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
            ...(given ? { mode: 'agents', agents: output.agents } : {}),
            ...(cap !== undefined ? { maxOccupancy: cap } : {}),
            ...(chats ? { concurrency: output.concurrency } : {}),
          },
          results: [
            { label: 'Daily volume', value: formatNumber(input.dailyVolume) },
            { label: 'AHT', value: `${input.ahtSeconds} s` },
            { label: 'Target', value: `${input.targetSlPercent}% in ${input.targetSeconds} s` },
            ...(chats ? [{ label: 'Chats per agent at once', value: String(output.concurrency) }] : []),
            { label: given ? 'Agents' : 'Required agents', value: String(output.agents) },
            { label: given ? 'FTE' : 'Required FTE', value: formatNumber(output.fte, 1) },
            { label: 'Occupancy', value: formatShare(output.occupancy) },
            { label: 'Achieved service level', value: formatShare(output.serviceLevel) },
            { label: 'Average speed of answer', value: formatAsa(output.asa) },
            { label: 'Answered immediately', value: formatShare(output.answeredImmediately) },
            ...(a ? [{ label: 'Erlang A agents', value: String(a.agents) }, { label: 'Abandonment', value: formatShare(a.abandonment) }] : []),
          ],
        }}
      />
    </>
  );
}
