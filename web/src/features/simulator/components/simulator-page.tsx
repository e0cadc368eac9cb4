import { Badge, Button, Card, CardContent, CardDescription, CardHeader, CardTitle } from '@wfm/ui';
import { AlertTriangle, CheckCircle2, Play, RotateCcw, Share2 } from '@wfm/ui/icons';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from '../../../lib/router.tsx';
import { shareHref } from '../../../lib/calculation-card.ts';
import { paramsFromQuery } from '../lib/params-from-query.ts';
import {
  applyPreset,
  BASELINE,
  DEFAULT_PARAMS,
  PRESETS,
  SIMULATION_DELAY_MS,
  simulate,
  SLIDERS,
  type ScenarioParams,
  type SimulationResult,
  type SliderKey,
} from '../lib/simulate.ts';
import { HowCalculated } from './how-calculated.tsx';
import { ScenarioSlider } from './scenario-slider.tsx';
import { formatDecimal, formatUsd } from '../../../lib/en-us-format.ts';

const money = (v: number) => formatUsd(v, 0);
const signedMoney = (v: number) => `${v > 0 ? '+' : v < 0 ? '−' : ''}${money(Math.abs(v))}`;
const signed = (v: number) => `${v > 0 ? '+' : ''}${v}`;

function Stat({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="grid gap-0.5 rounded-md border border-border p-3">
      <span className="text-xs text-muted-foreground">{label}</span>
      <span className="text-lg font-semibold tabular-nums">{value}</span>
      {hint && <span className="text-xs text-muted-foreground">{hint}</span>}
    </div>
  );
}

/** /simulator: what-if sliders over the baseline, a ~2 s simulation, results with risks. */
export function SimulatorPage() {
  const id = useId();
  const [searchParams] = useSearchParams();
  const [seed] = useState(() => paramsFromQuery(searchParams));
  const [params, setParams] = useState<ScenarioParams>(seed ?? DEFAULT_PARAMS);
  const [result, setResult] = useState<SimulationResult | null>(() => (seed ? simulate(seed) : null));
  const [simulating, setSimulating] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const setParam = (key: SliderKey) => (value: number) => setParams((p) => ({ ...p, [key]: value }));
  const run = () => {
    if (simulating) return;
    setSimulating(true);
    const snapshot = params;
    timer.current = setTimeout(() => {
      setResult(simulate(snapshot));
      setSimulating(false);
    }, SIMULATION_DELAY_MS);
  };
  const reset = () => {
    clearTimeout(timer.current);
    setSimulating(false);
    setParams(DEFAULT_PARAMS);
    setResult(null);
  };

  return (
    <section className="grid w-full gap-5">
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight">Scenario Simulator</h1>
        <p className="text-muted-foreground">What happens to service, waits and cost when volume, handle time or staffing change?</p>
      </div>
      <div className="grid items-start gap-5 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="grid gap-5">
          <Card>
            <CardHeader>
              <CardTitle>Baseline</CardTitle>
              <CardDescription>The current situation every scenario starts from.</CardDescription>
            </CardHeader>
            <CardContent className="grid grid-cols-2 gap-3 sm:grid-cols-5" data-testid="baseline">
              <Stat label="Staff" value={String(BASELINE.staff)} />
              <Stat label="Daily volume" value={formatDecimal(BASELINE.dailyVolume)} />
              <Stat label="AHT" value={`${BASELINE.ahtMinutes} min`} />
              <Stat label="Current SL" value={`${BASELINE.serviceLevel}%`} />
              <Stat label="Annual cost" value={money(BASELINE.annualCost)} />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Scenario parameters</CardTitle>
              <CardDescription>Move the sliders or pick a quick scenario, then run the simulation.</CardDescription>
            </CardHeader>
            <CardContent className="grid gap-5">
              {(Object.keys(SLIDERS) as SliderKey[]).map((key) => (
                <ScenarioSlider key={key} id={`${id}-${key}`} name={key} value={params[key]} onChange={setParam(key)} disabled={simulating} />
              ))}
              <div className="grid gap-2">
                <p className="text-sm font-medium" id={`${id}-presets`}>
                  Quick scenarios
                </p>
                <div className="flex flex-wrap gap-2" role="group" aria-labelledby={`${id}-presets`}>
                  {PRESETS.map((preset) => (
                    <Button
                      key={preset.name}
                      variant="outline"
                      size="sm"
                      disabled={simulating}
                      title={preset.description}
                      onClick={() => setParams((p) => applyPreset(p, preset))}
                      data-replay-click={`scenario-${preset.name}`}
                    >
                      {preset.name}
                    </Button>
                  ))}
                </div>
              </div>
              <div className="flex flex-wrap gap-2">
                <Button onClick={run} disabled={simulating}>
                  <Play className="size-4" aria-hidden="true" />
                  {simulating ? 'Simulating...' : 'Run Simulation'}
                </Button>
                <Button variant="outline" onClick={reset}>
                  <RotateCcw className="size-4" aria-hidden="true" />
                  Reset
                </Button>
              </div>
              <HowCalculated />
            </CardContent>
          </Card>
        </div>
        <Card className="lg:sticky lg:top-4" aria-live="polite" aria-busy={simulating} data-testid="results">
          <CardHeader>
            <CardTitle>Results</CardTitle>
            <CardDescription>{simulating ? 'Simulating the scenario…' : result ? 'Scenario compared with the baseline.' : 'Run a simulation to see results.'}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            {result && !simulating && <ResultView result={result} params={params} />}
          </CardContent>
        </Card>
      </div>
    </section>
  );
}

function ResultView({ result, params }: { result: SimulationResult; params: ScenarioParams }) {
  return (
    <>
      <div className="grid grid-cols-2 gap-3">
        <Stat label="Service level" value={`${result.serviceLevel}%`} hint={`${signed(result.serviceLevelChange)} pts vs baseline`} />
        <Stat label="Occupancy" value={`${result.occupancy}%`} />
        <Stat label="Average wait" value={`${result.waitSeconds} s`} />
        <Stat label="Satisfaction" value={`${result.satisfaction}`} hint="out of 100" />
        <Stat label="Staff" value={String(result.staff)} hint={`${formatDecimal(result.volume)} calls · ${result.ahtMinutes} min AHT`} />
        <Stat label="Annual cost" value={money(result.annualCost)} hint={`${signedMoney(result.costChange)} vs baseline`} />
      </div>
      <p className="flex items-center gap-2 text-sm">
        Target {params.targetSl}%:{' '}
        {result.targetMet ? <Badge variant="success">Met</Badge> : <Badge variant="destructive">Not met</Badge>}
      </p>
      {result.risks.length > 0 ? (
        <ul className="grid gap-2" aria-label="Risks" data-testid="risks">
          {result.risks.map((risk) => (
            <li key={risk.key} className="flex items-start gap-2 rounded-md border border-destructive/40 bg-destructive/10 p-2 text-sm">
              <AlertTriangle className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
              {risk.message}
            </li>
          ))}
        </ul>
      ) : (
        <p className="flex items-center gap-2 text-sm text-muted-foreground" data-testid="no-risks">
          <CheckCircle2 className="size-4 text-success" aria-hidden="true" />
          No risks flagged.
        </p>
      )}
      <Link
        to={shareHref(
          {
            v: 1,
            calculator: 'simulator',
            inputs: { ...params },
            results: [
              { label: 'Volume change', value: `${signed(params.volumeChange)}%` },
              { label: 'AHT change', value: `${signed(params.ahtChange)}%` },
              { label: 'Staff change', value: `${signed(params.staffChange)}%` },
              { label: 'Service level', value: `${result.serviceLevel}%` },
              { label: 'Occupancy', value: `${result.occupancy}%` },
              { label: 'Average wait', value: `${result.waitSeconds} s` },
              { label: 'Annual cost', value: money(result.annualCost) },
              { label: 'Risks', value: result.risks.length ? String(result.risks.length) : 'None' },
            ],
          },
          `${result.serviceLevel}% service level at ${result.occupancy}% occupancy`,
        )}
        className="inline-flex h-8 items-center gap-1.5 justify-self-start rounded-md border border-border px-3 text-xs font-medium hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        <Share2 className="size-4" aria-hidden="true" />
        Share to community
      </Link>
    </>
  );
}
