import { Button, Skeleton } from '@wfm/ui';
import { Briefcase } from '@wfm/ui/icons';
import { JOB_SKELETONS } from '../constants.ts';
import { JOB_TEXTS } from '../messages.ts';

export function JobSkeletons() {
  return (
    <div className="grid gap-4" aria-busy="true" aria-label="Loading jobs">
      {Array.from({ length: JOB_SKELETONS }, (_, i) => (
        <div key={i} data-testid="job-skeleton" className="grid gap-3 rounded-lg border border-border bg-card p-5">
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-4 w-1/2" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-5/6" />
        </div>
      ))}
    </div>
  );
}

export function JobsEmpty({ filtered }: { filtered: boolean }) {
  return (
    <div className="grid justify-items-center gap-2 rounded-lg border border-dashed border-border p-10 text-center">
      <Briefcase className="size-8 text-muted-foreground" aria-hidden="true" />
      <h2 className="text-lg font-semibold">{JOB_TEXTS.emptyTitle}</h2>
      <p className="text-sm text-muted-foreground">{filtered ? JOB_TEXTS.emptyFiltered : JOB_TEXTS.emptyNone}</p>
    </div>
  );
}

export function JobsError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="grid justify-items-center gap-3 rounded-lg border border-destructive/40 p-8 text-center">
      <p className="font-medium">Jobs could not be loaded</p>
      <p className="text-sm text-muted-foreground">{message}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        Retry
      </Button>
    </div>
  );
}
