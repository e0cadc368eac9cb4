import { Alert, AlertDescription, Button, Skeleton } from '@wfm/ui';
import { AlertCircle, Inbox } from '@wfm/ui/icons';
import type { ReactNode } from 'react';
import { errorMessage } from '../lib/api-client.ts';

/** Placeholder rows while a list loads. */
export function ListSkeleton({ rows = 3, label }: { rows?: number; label: string }) {
  return (
    <div className="grid gap-3" role="status" aria-label={label}>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className="h-20 w-full" />
      ))}
    </div>
  );
}

/** A list that could not be loaded: what failed, the server's reason, and a retry. */
export function LoadError({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  return (
    <Alert variant="destructive" className="items-center">
      <AlertCircle aria-hidden="true" />
      <AlertDescription className="flex flex-1 flex-wrap items-center justify-between gap-2">
        <span>
          <strong className="font-semibold">{title}</strong>
          {errorMessage(error, '') && ` — ${errorMessage(error, '')}`}
        </span>
        <Button size="sm" variant="outline" onClick={onRetry}>
          Retry
        </Button>
      </AlertDescription>
    </Alert>
  );
}

/** An empty list: says so plainly. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="grid place-items-center gap-2 rounded-lg border border-dashed border-border px-6 py-10 text-center">
      <Inbox className="size-8 text-muted-foreground" aria-hidden="true" />
      <p className="font-medium">{title}</p>
      {children && <div className="max-w-md text-sm text-muted-foreground">{children}</div>}
    </div>
  );
}
