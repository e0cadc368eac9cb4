import { useQueryClient } from '@tanstack/react-query';
import { Button, Tabs, TabsContent, TabsList, TabsTrigger } from '@wfm/ui';
import { Plus } from '@wfm/ui/icons';
import { useState } from 'react';
import { lazyDialog } from '../../../components/lazy-dialog.tsx';
import { useDebouncedValue } from '../../../hooks/use-debounced-value.ts';
import { serverMessage } from '../../../lib/error-toast.ts';
import { useRealtimeEvent } from '../../../lib/realtime-context.tsx';
import { useJobs, type JobFilters as ListFilters } from '../api/get-jobs.ts';
import { jobKeys } from '../api/job-keys.ts';
import { SEARCH_DEBOUNCE_MS } from '../constants.ts';
import { JOB_TEXTS } from '../messages.ts';
import { JobCard } from './job-card.tsx';
import { ALL, isFiltered, JobFilters, NO_JOB_FILTERS, type JobFilterState } from './job-filters.tsx';
import { JobSkeletons, JobsEmpty, JobsError } from './job-list-states.tsx';
import { MyJobPosts } from './my-job-posts.tsx';

const PostJobDialog = lazyDialog(async () => (await import('./post-job-dialog.tsx')).PostJobDialog);

type BoardTab = 'all' | 'mine';

function toListFilters(f: JobFilterState, search: string): ListFilters {
  return {
    ...(search.trim() ? { q: search.trim() } : {}),
    ...(f.category !== ALL ? { category: f.category } : {}),
    ...(f.jobType !== ALL ? { job_type: f.jobType } : {}),
    ...(f.showsPay ? { shows_pay: true } : {}),
  };
}

function JobResults({ filters, filtered }: { filters: ListFilters; filtered: boolean }) {
  const jobs = useJobs(filters);
  if (jobs.isPending) return <JobSkeletons />;
  if (jobs.isError) return <JobsError message={serverMessage(jobs.error) ?? 'Please try again.'} onRetry={() => void jobs.refetch()} />;
  if (jobs.data.length === 0) return <JobsEmpty filtered={filtered} />;
  return (
    <div className="grid gap-4" aria-busy={jobs.isFetching || undefined}>
      {jobs.data.map((job) => (
        <JobCard key={job.id} job={job} />
      ))}
    </div>
  );
}

/** /jobs: approved jobs with search and filters, posting, and the visitor's own posts. */
export function JobBoard() {
  const [filters, setFilters] = useState<JobFilterState>(NO_JOB_FILTERS);
  const [tab, setTab] = useState<BoardTab>('all');
  const [posting, setPosting] = useState(false);
  const search = useDebouncedValue(filters.search, SEARCH_DEBOUNCE_MS);
  const queryClient = useQueryClient();

  // A job staff approve appears without a reload (and its poster sees it Active).
  useRealtimeEvent('job_approved', () => void queryClient.invalidateQueries({ queryKey: jobKeys.all }));

  return (
    <section className="grid gap-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="text-2xl font-bold tracking-tight">{JOB_TEXTS.title}</h1>
          <p className="text-muted-foreground">{JOB_TEXTS.intro}</p>
        </div>
        <Button onClick={() => setPosting(true)} data-replay-click="post-job">
          <Plus aria-hidden="true" />
          {JOB_TEXTS.postJob}
        </Button>
      </div>

      <Tabs value={tab} onValueChange={(value) => setTab(value as BoardTab)} className="grid gap-4">
        <TabsList aria-label="Job lists" className="w-full sm:w-fit">
          <TabsTrigger value="all">All jobs</TabsTrigger>
          <TabsTrigger value="mine">My job posts</TabsTrigger>
        </TabsList>
        <TabsContent value="all" className="grid gap-4">
          <JobFilters value={filters} onChange={setFilters} />
          <JobResults filters={toListFilters(filters, search)} filtered={isFiltered({ ...filters, search })} />
        </TabsContent>
        <TabsContent value="mine">
          <MyJobPosts active={tab === 'mine'} />
        </TabsContent>
      </Tabs>

      <PostJobDialog open={posting} onOpenChange={setPosting} onPosted={() => setTab('mine')} />
    </section>
  );
}
