import { OCCUPANCY_CAP, RISK_LIMITS, SL_MAX, SL_MIN, WAIT_SCALE_SECONDS, WORKDAY_HOURS } from '../lib/simulate.ts';

/** The simulator's formulas in words, so a planner can judge the figures. */
export function HowCalculated() {
  return (
    <details className="rounded-md border border-border p-3 text-sm" data-testid="how-calculated">
      <summary className="cursor-pointer font-medium">How this is calculated</summary>
      <ul className="mt-2 grid list-disc gap-1.5 pl-5 text-muted-foreground">
        <li>Volume, handle time and staff are the baseline changed by their slider percentages (staff rounded to whole agents).</li>
        <li>Workload hours = calls × AHT (minutes) ÷ 60; capacity = staff × {WORKDAY_HOURS}-hour workday.</li>
        <li>Occupancy = workload ÷ capacity, capped at {OCCUPANCY_CAP}%.</li>
        <li>
          Service level = 85 − ½ × (occupancy − 70) above 70% occupancy, minus a further 1 point per point above 85%, kept
          between {SL_MIN} and {SL_MAX}%.
        </li>
        <li>
          Average wait (seconds) = {WAIT_SCALE_SECONDS} × ρ ÷ (1 − ρ) × (AHT ÷ baseline AHT), where ρ is occupancy as a share — the
          queueing shape where waits grow sharply as agents fill up.
        </li>
        <li>Satisfaction = 100 − ½ × (100 − service level) − ¼ × wait seconds, kept between 0 and 100.</li>
        <li>Annual cost = baseline cost × scenario staff ÷ baseline staff.</li>
        <li>
          Risks: occupancy above {RISK_LIMITS.occupancy}%, wait above {RISK_LIMITS.waitSeconds} seconds, satisfaction below{' '}
          {RISK_LIMITS.satisfaction}.
        </li>
      </ul>
    </details>
  );
}
