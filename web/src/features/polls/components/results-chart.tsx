import { resultsChartHeight } from './results-chart-height.ts';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export type ChartRow = { label: string; value: number };

/**
 * A horizontal bar chart. It only draws what the table next to it states (the table is what
 * screen readers read), so the drawing itself is hidden from them.
 */
export function ResultsChart({ rows, unit, max }: { rows: readonly ChartRow[]; unit: string; max?: number }) {
  const height = resultsChartHeight(rows.length);
  return (
    <div aria-hidden="true" className="w-full text-xs" style={{ height }} data-testid="results-chart">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={rows as ChartRow[]} layout="vertical" margin={{ top: 4, right: 24, bottom: 4, left: 4 }} accessibilityLayer={false}>
          <CartesianGrid horizontal={false} stroke="var(--border)" />
          <XAxis type="number" domain={[0, max ?? 'auto']} unit={unit} stroke="var(--muted-foreground)" allowDecimals={false} />
          <YAxis
            type="category"
            dataKey="label"
            width={130}
            stroke="var(--muted-foreground)"
            tickFormatter={(label: string) => (label.length > 18 ? `${label.slice(0, 17)}…` : label)}
          />
          <Tooltip
            cursor={{ fill: 'var(--muted)' }}
            contentStyle={{ background: 'var(--card)', border: '1px solid var(--border)', borderRadius: 6 }}
            formatter={(value) => [`${String(value)}${unit}`, '']}
          />
          <Bar dataKey="value" fill="var(--primary)" radius={[0, 4, 4, 0]} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
