import { Badge } from '@wfm/ui';
import type { ReactNode } from 'react';

/** A tab section's heading with its item count and actions on the right. */
export function SectionHeader({
  id,
  title,
  count,
  description,
  actions,
}: {
  id?: string;
  title: string;
  count?: number;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <div className="grid gap-1">
        <h2 id={id} className="flex items-center gap-2 text-lg font-semibold leading-tight">
          {title}
          {count !== undefined && <Badge variant="secondary">{count}</Badge>}
        </h2>
        {description && <p className="text-sm text-muted-foreground">{description}</p>}
      </div>
      {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
    </div>
  );
}
