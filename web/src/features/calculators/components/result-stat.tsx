import { cn } from '@wfm/ui';
import type { ReactNode } from 'react';

/** One figure of a result: a label above a large value. */
export function ResultStat({ label, value, emphasis, hint }: { label: string; value: ReactNode; emphasis?: boolean; hint?: string }) {
  return (
    <div className={cn('grid gap-0.5 rounded-md border border-border p-3', emphasis && 'border-primary/50 bg-primary/5')}>
      <span className="text-xs text-muted-foreground">{label}</span>
      <span className={cn('font-semibold tabular-nums', emphasis ? 'text-2xl' : 'text-lg')}>{value}</span>
      {hint && <span className="text-xs text-muted-foreground">{hint}</span>}
    </div>
  );
}
