import {
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
  Skeleton,
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  Textarea,
  toast,
} from '@wfm/ui';
import { Download, Upload } from '@wfm/ui/icons';
import { lazy, Suspense, useId, useMemo, useState, type ChangeEvent, type FormEvent } from 'react';
import {
  MAX_PLANNER_CSV_BYTES,
  parsePlannerCsv,
  planDay,
  planToCsv,
  sampleDayCsv,
  type PlannedInterval,
  type PlannerSettings,
} from '../lib/day-planner.ts';
import { formatNumber, formatShare } from '../lib/format.ts';
import { parseNumber } from '../lib/round.ts';
import { STAFFING_DEFAULTS, STAFFING_MESSAGES } from '../lib/staffing.ts';
import { CALCULATOR_TOASTS } from '../messages.ts';
import { NumberField } from './number-field.tsx';
import { ValidationMessage } from './validation-message.tsx';

// The chart library is large: load it only when a plan is drawn.
const DemandChart = lazy(() => import('./demand-chart.tsx').then((m) => ({ default: m.DemandChart })));

const MODELS = { 'erlang-c': 'Erlang C', 'erlang-a': 'Erlang A (with abandonment)' } as const;

function settingsError(s: PlannerSettings): string | null {
  if (!(s.intervalMinutes > 0) || s.intervalMinutes > 1440) return STAFFING_MESSAGES.interval;
  if (!(s.defaultAhtSeconds > 0)) return 'Default handle time must be a positive number of seconds.';
  if (!(s.targetSlPercent > 0) || s.targetSlPercent >= 100) return STAFFING_MESSAGES.targetSl;
  if (!(s.targetSeconds >= 0)) return STAFFING_MESSAGES.targetSeconds;
  if (!(s.shrinkagePercent >= 0) || s.shrinkagePercent >= 100) return STAFFING_MESSAGES.shrinkage;
  if (s.model === 'erlang-a' && !(s.patienceSeconds > 0)) return STAFFING_MESSAGES.patience;
  return null;
}

/** Interval volumes in, required agents per interval out, as a chart, a table and a CSV download. */
export function DayPlanner() {
  const id = useId();
  const [csv, setCsv] = useState('');
  const [model, setModel] = useState<PlannerSettings['model']>('erlang-c');
  const [fields, setFields] = useState({
    intervalMinutes: String(STAFFING_DEFAULTS.intervalMinutes),
    defaultAht: '180',
    targetSl: String(STAFFING_DEFAULTS.targetSlPercent),
    targetSeconds: String(STAFFING_DEFAULTS.targetSeconds),
    shrinkage: String(STAFFING_DEFAULTS.shrinkagePercent),
    patience: String(STAFFING_DEFAULTS.patienceSeconds),
  });
  const set = (key: keyof typeof fields) => (value: string) => setFields((f) => ({ ...f, [key]: value }));
  const [plan, setPlan] = useState<PlannedInterval[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > MAX_PLANNER_CSV_BYTES) {
      setError('The CSV is too large (200 KB at most).');
      return;
    }
    setCsv(await file.text());
    setError(null);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const settings: PlannerSettings = {
      intervalMinutes: parseNumber(fields.intervalMinutes),
      defaultAhtSeconds: parseNumber(fields.defaultAht),
      targetSlPercent: parseNumber(fields.targetSl),
      targetSeconds: parseNumber(fields.targetSeconds),
      shrinkagePercent: parseNumber(fields.shrinkage),
      model,
      patienceSeconds: parseNumber(fields.patience),
    };
    const parsed = parsePlannerCsv(csv);
    const problem = parsed.ok ? settingsError(settings) : parsed.message;
    if (problem || !parsed.ok) {
      setPlan(null);
      setError(problem);
      toast({ variant: 'destructive', title: CALCULATOR_TOASTS.invalidTitle, description: problem ?? undefined });
      return;
    }
    setError(null);
    const result = planDay(parsed.rows, settings);
    setPlan(result);
    toast({ title: CALCULATOR_TOASTS.staffing, description: `Planned ${result.length} intervals.` });
  };

  const download = () => {
    if (!plan) return;
    const url = URL.createObjectURL(new Blob([planToCsv(plan)], { type: 'text/csv' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'staffing-plan.csv';
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Day planner</CardTitle>
        <CardDescription>
          Paste or upload a CSV with one line per interval: interval start, calls, and optionally AHT in seconds (e.g.{' '}
          <code>08:00,120,240</code>). A header line is allowed.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <form className="grid gap-4" onSubmit={onSubmit} noValidate>
          <div className="grid content-start gap-1.5">
            <Label htmlFor={`${id}-csv`}>Interval volumes (CSV)</Label>
            <Textarea
              id={`${id}-csv`}
              value={csv}
              onChange={(event) => setCsv(event.target.value)}
              rows={6}
              className="font-mono text-xs"
              placeholder={'interval_start,calls,aht_seconds\n08:00,120,240\n08:30,150,240'}
              aria-invalid={!!error || undefined}
              aria-describedby={error ? `${id}-error` : undefined}
            />
            <div className="flex flex-wrap gap-2">
              <Label
                htmlFor={`${id}-file`}
                className="inline-flex h-8 cursor-pointer items-center gap-1.5 rounded-md border border-border px-3 text-xs font-medium hover:bg-accent focus-within:ring-2 focus-within:ring-ring"
              >
                <Upload className="size-3.5" aria-hidden="true" />
                Upload CSV
                <input id={`${id}-file`} type="file" accept=".csv,text/csv,text/plain" className="sr-only" onChange={onFile} />
              </Label>
              <Button variant="ghost" size="sm" onClick={() => setCsv(sampleDayCsv())}>
                Use a sample day
              </Button>
            </div>
          </div>
          <div className="grid gap-4 sm:grid-cols-3">
            <NumberField id={`${id}-interval`} label="Interval length (minutes)" value={fields.intervalMinutes} onChange={set('intervalMinutes')} />
            <NumberField id={`${id}-aht`} label="Default AHT (seconds)" value={fields.defaultAht} onChange={set('defaultAht')} hint="For lines without AHT" />
            <NumberField id={`${id}-shrinkage`} label="Shrinkage (%)" value={fields.shrinkage} onChange={set('shrinkage')} />
            <NumberField id={`${id}-sl`} label="Target service level (%)" value={fields.targetSl} onChange={set('targetSl')} />
            <NumberField id={`${id}-seconds`} label="Answered within (seconds)" value={fields.targetSeconds} onChange={set('targetSeconds')} />
            <div className="grid content-start gap-1.5">
              <Label htmlFor={`${id}-model`}>Model</Label>
              <Select value={model} onValueChange={(v) => setModel(v as PlannerSettings['model'])}>
                <SelectTrigger id={`${id}-model`}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {Object.entries(MODELS).map(([value, label]) => (
                    <SelectItem key={value} value={value}>
                      {label}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
            {model === 'erlang-a' && (
              <NumberField id={`${id}-patience`} label="Average patience (seconds)" value={fields.patience} onChange={set('patience')} />
            )}
          </div>
          <ValidationMessage id={`${id}-error`} message={error} />
          <Button type="submit" className="justify-self-start">
            Plan the day
          </Button>
        </form>
        {plan && <PlanResult plan={plan} onDownload={download} />}
      </CardContent>
    </Card>
  );
}

function PlanResult({ plan, onDownload }: { plan: PlannedInterval[]; onDownload: () => void }) {
  const summary = useMemo(() => {
    const peak = plan.reduce((best, p) => (p.agents > best.agents ? p : best));
    const calls = plan.reduce((sum, p) => sum + p.calls, 0);
    const missed = plan.filter((p) => !p.targetMet).length;
    return { peak, calls, missed };
  }, [plan]);
  const hasAbandonment = plan.some((p) => p.abandonment !== undefined);
  return (
    <div className="grid gap-4" data-testid="day-plan">
      <p className="text-sm">
        {plan.length} intervals, {formatNumber(summary.calls)} calls. Peak: <strong>{summary.peak.agents} agents</strong> (
        {formatNumber(summary.peak.fte, 1)} FTE) at {summary.peak.start}.
        {summary.missed > 0 && ` ${summary.missed} interval(s) cannot reach the target within 50 agents above the load.`}
      </p>
      <Suspense fallback={<Skeleton className="h-72 w-full" />}>
        <DemandChart plan={plan} />
      </Suspense>
      <div className="flex justify-end">
        <Button variant="outline" size="sm" onClick={onDownload}>
          <Download className="size-4" aria-hidden="true" />
          Download CSV
        </Button>
      </div>
      <div className="max-h-96 overflow-auto rounded-md border border-border">
        <Table>
          <TableCaption>Required agents per interval (the chart's figures)</TableCaption>
          <TableHeader>
            <TableRow>
              <TableHead>Start</TableHead>
              <TableHead className="text-right">Calls</TableHead>
              <TableHead className="text-right">AHT (s)</TableHead>
              <TableHead className="text-right">Erlangs</TableHead>
              <TableHead className="text-right">Agents</TableHead>
              <TableHead className="text-right">FTE</TableHead>
              <TableHead className="text-right">Service level</TableHead>
              {hasAbandonment && <TableHead className="text-right">Abandonment</TableHead>}
            </TableRow>
          </TableHeader>
          <TableBody>
            {plan.map((p, index) => (
              <TableRow key={`${p.start}-${index}`}>
                <TableCell>{p.start}</TableCell>
                <TableCell className="text-right tabular-nums">{formatNumber(p.calls)}</TableCell>
                <TableCell className="text-right tabular-nums">{p.ahtSeconds}</TableCell>
                <TableCell className="text-right tabular-nums">{formatNumber(p.erlangs, 2)}</TableCell>
                <TableCell className="text-right font-medium tabular-nums">{p.agents}</TableCell>
                <TableCell className="text-right tabular-nums">{formatNumber(p.fte, 1)}</TableCell>
                <TableCell className="text-right tabular-nums">{formatShare(p.serviceLevel)}</TableCell>
                {hasAbandonment && (
                  <TableCell className="text-right tabular-nums">{p.abandonment === undefined ? '—' : formatShare(p.abandonment)}</TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </div>
  );
}
