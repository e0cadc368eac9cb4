import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { PlannedInterval } from '../lib/day-planner.ts';

/**
 * Demand (offered load in Erlangs) against required agents per interval. The chart is hidden from
 * screen readers; the table beside it carries the same figures.
 */
export function DemandChart({ plan }: { plan: PlannedInterval[] }) {
  const data = plan.map((p) => ({ start: p.start, erlangs: Math.round(p.erlangs * 100) / 100, agents: p.agents }));
  return (
    <div className="h-72 w-full" aria-hidden="true" data-testid="demand-chart">
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="var(--color-border)" />
          <XAxis dataKey="start" tick={{ fontSize: 11, fill: 'var(--color-muted-foreground)' }} interval="preserveStartEnd" />
          <YAxis tick={{ fontSize: 11, fill: 'var(--color-muted-foreground)' }} allowDecimals={false} width={40} />
          <Tooltip contentStyle={{ background: 'var(--color-card)', border: '1px solid var(--color-border)', fontSize: 12 }} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Bar dataKey="agents" name="Required agents" fill="var(--color-primary)" opacity={0.75} isAnimationActive={false} />
          <Line dataKey="erlangs" name="Demand (Erlangs)" stroke="var(--color-destructive)" dot={false} strokeWidth={2} isAnimationActive={false} />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
