import { cn, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@wfm/ui';
import { useId } from 'react';
import { formatAsa, formatShare } from '../lib/format.ts';
import type { SensitivityRow } from '../lib/staffing.ts';

// Narrow padding and wrapping headers so four columns fit a 390 px phone without scrolling.
const HEAD = 'h-auto whitespace-normal px-2 py-2 text-right';
const CELL = 'whitespace-nowrap px-2 text-right tabular-nums';

/**
 * Service level, ASA and occupancy for a few agents fewer and more than the result (the result's
 * row in bold, marked ▸ and announced as required or given). Should the table not fit, it scrolls
 * sideways in its own box, which takes keyboard focus so it can be scrolled without a mouse.
 */
export function SensitivityTable({ rows, centre, centreLabel }: { rows: SensitivityRow[]; centre: number; centreLabel: string }) {
  const headingId = useId();
  return (
    <div className="grid gap-2" data-testid="staffing-sensitivity">
      <h3 id={headingId} className="text-sm font-medium">
        One agent more or fewer
      </h3>
      <div
        role="region"
        aria-labelledby={headingId}
        tabIndex={0}
        className="w-full overflow-x-auto rounded-lg border border-border focus-ring"
      >
        <table className="w-full border-collapse text-sm">
          <caption className="sr-only">Service level, average speed of answer and occupancy by number of agents</caption>
          <TableHeader>
            <TableRow>
              <TableHead className={HEAD}>Agents</TableHead>
              <TableHead className={HEAD}>Service level</TableHead>
              <TableHead className={HEAD}>ASA</TableHead>
              <TableHead className={HEAD}>Occupancy</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((row) => {
              const current = row.agents === centre;
              return (
                <TableRow key={row.agents} aria-current={current ? 'true' : undefined} className={cn(current && 'bg-primary/10 font-semibold')}>
                  <TableCell className={cn(CELL, current && 'border-l-4 border-l-primary')}>
                    {current && <span aria-hidden="true">▸ </span>}
                    {row.agents}
                    {current && <span className="sr-only">({centreLabel})</span>}
                  </TableCell>
                  <TableCell className={CELL}>{formatShare(row.serviceLevel)}</TableCell>
                  <TableCell className={CELL}>{formatAsa(row.asa)}</TableCell>
                  <TableCell className={CELL}>{formatShare(row.occupancy)}</TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </table>
      </div>
      <p className="text-xs text-muted-foreground">ASA: average speed of answer. ∞: fewer agents than the load, so the queue never clears.</p>
    </div>
  );
}
