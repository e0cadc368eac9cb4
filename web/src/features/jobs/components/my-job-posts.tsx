import { Button, toast } from '@wfm/ui';
import { useState } from 'react';
import type { Job } from '@wfm/contracts/jobs/api';
import { lazyDialog } from '../../../components/lazy-dialog.tsx';
import { errorToast, serverMessage } from '../../../lib/error-toast.ts';
import { useMyJobs } from '../api/get-my-jobs.ts';
import { useWithdrawJob } from '../api/withdraw-job.ts';
import { JOB_TEXTS, JOB_TOASTS } from '../messages.ts';
import { JobCard } from './job-card.tsx';
import { JobSkeletons, JobsError } from './job-list-states.tsx';

const ConfirmDialog = lazyDialog(async () => (await import('@wfm/ui/confirm-dialog')).ConfirmDialog);

/** The visitor's own postings in every status, each with Withdraw (after a confirmation). */
export function MyJobPosts({ active }: { active: boolean }) {
  const mine = useMyJobs(active);
  const withdraw = useWithdrawJob();
  const [pending, setPending] = useState<Job | null>(null);

  if (mine.waitingForSession || mine.isPending) return <JobSkeletons />;
  if (mine.isError) return <JobsError message={serverMessage(mine.error) ?? 'Please try again.'} onRetry={() => void mine.refetch()} />;
  if (mine.data.length === 0) {
    return <p className="rounded-lg border border-dashed border-border p-8 text-center text-sm text-muted-foreground">{JOB_TEXTS.myPostsEmpty}</p>;
  }

  const confirmWithdraw = () => {
    if (!pending) return;
    withdraw.mutate(pending.id, {
      onSuccess: () => {
        toast({ title: JOB_TOASTS.withdrawn.title, description: pending.title });
        setPending(null);
      },
      onError: (error) => toast(errorToast(JOB_TOASTS.withdrawFailed.title, error, JOB_TOASTS.withdrawFailed.fallback)),
    });
  };

  return (
    <div className="grid gap-4" data-testid="my-job-posts">
      {mine.data.map((job) => (
        <JobCard
          key={job.id}
          job={job}
          actions={
            <Button variant="outline" size="sm" onClick={() => setPending(job)}>
              {JOB_TEXTS.withdraw}
            </Button>
          }
        />
      ))}
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title="Withdraw this job post?"
        description={`"${pending?.title ?? ''}" will be removed for good. This action cannot be undone.`}
        confirmLabel="Withdraw"
        busy={withdraw.isPending}
        busyLabel="Withdrawing..."
        destructive
        onConfirm={confirmWithdraw}
      />
    </div>
  );
}
