import { POLL_CATEGORIES, POLL_SORTS, type PollCategory, type PollSort } from '@wfm/contracts/catalog/polls';
import { POLL_CATEGORY_LABELS, POLL_SORT_LABELS } from '@wfm/contracts/catalog/labels';
import { Button, Card, Tabs, TabsContent, TabsList, TabsTrigger } from '@wfm/ui';
import { Plus } from '@wfm/ui/icons';
import { useState } from 'react';
import { ALL_CATEGORIES, CatalogFilters } from '../../../components/catalog-filters.tsx';
import { lazyDialog } from '../../../components/lazy-dialog.tsx';
import { useVisitorToken } from '../../../lib/visitor-token.ts';
import { usePollStats } from '../api/get-poll-stats.ts';
import { usePolls } from '../api/get-polls.ts';
import { useLivePollTallies } from '../api/poll-live.ts';
import { Benchmarks } from './benchmarks.tsx';
import { PollList } from './poll-list.tsx';
import { ResultsInsights } from './results-insights.tsx';

const CreatePollDialog = lazyDialog(async () => (await import('./create-poll-dialog.tsx')).CreatePollDialog);

const CATEGORY_CHOICES = POLL_CATEGORIES.map((value) => ({ value, label: POLL_CATEGORY_LABELS[value] }));
const SORT_CHOICES = POLL_SORTS.map((value) => ({ value, label: POLL_SORT_LABELS[value] }));

const TABS = [
  { value: 'browse', label: 'Browse Polls' },
  { value: 'mine', label: 'My Polls' },
  { value: 'results', label: 'Results & Insights' },
  { value: 'benchmarks', label: 'Benchmarks' },
] as const;
type PollsTab = (typeof TABS)[number]['value'];

function StatsCards() {
  const stats = usePollStats();
  const cards = [
    { label: 'Active Polls', value: stats.data?.activePolls },
    { label: 'Total Votes', value: stats.data?.totalVotes },
  ];
  return (
    <div className="grid grid-cols-2 gap-3" aria-busy={stats.isPending || undefined}>
      {cards.map((card) => (
        <Card key={card.label} className="grid gap-1 p-4">
          <p className="text-sm text-muted-foreground">{card.label}</p>
          <p className="text-2xl font-bold tabular-nums" data-testid={`poll-stat-${card.label.toLowerCase().replace(/\W+/g, '-')}`}>
            {card.value ?? '—'}
          </p>
        </Card>
      ))}
    </div>
  );
}

function BrowsePolls({ onCreate }: { onCreate: () => void }) {
  const [category, setCategory] = useState<string>(ALL_CATEGORIES);
  const [sort, setSort] = useState<PollSort>('newest');
  const polls = usePolls({ category: category === ALL_CATEGORIES ? undefined : (category as PollCategory), sort });
  return (
    <div className="grid gap-4">
      <CatalogFilters
        label="Filter polls"
        category={{ value: category, onChange: setCategory }}
        categories={CATEGORY_CHOICES}
        sort={{ value: sort, onChange: (value) => setSort(value as PollSort) }}
        sorts={SORT_CHOICES}
      />
      <PollList
        query={polls}
        empty={{
          title: 'No polls found',
          body: category === ALL_CATEGORIES ? 'Be the first to ask the community a question.' : 'No polls in this category yet.',
          action: (
            <Button className="mt-2" onClick={onCreate}>
              <Plus aria-hidden="true" />
              Create Poll
            </Button>
          ),
        }}
      />
    </div>
  );
}

function MyPolls() {
  const token = useVisitorToken().data;
  const polls = usePolls({ sort: 'newest', anon_token: token }, Boolean(token));
  if (!token) {
    return (
      <Card className="px-6 py-10 text-center text-sm text-muted-foreground" data-testid="my-polls-no-token">
        No session token found, so there are no polls of yours to show.
      </Card>
    );
  }
  return <PollList query={polls} empty={{ title: 'No polls yet', body: 'Polls you create will appear here.' }} />;
}

/** /polls: stats, the four tabs and the Create Poll dialog. */
export function PollsScreen() {
  const [tab, setTab] = useState<PollsTab>('browse');
  const [dialogOpen, setDialogOpen] = useState(false);
  useLivePollTallies();

  return (
    <section className="grid gap-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="text-2xl font-bold tracking-tight">Polls & Benchmarks</h1>
          <p className="text-muted-foreground">Ask the community, compare answers and read reference ranges.</p>
        </div>
        <Button onClick={() => setDialogOpen(true)} data-replay-click="create-poll">
          <Plus aria-hidden="true" />
          Create Poll
        </Button>
      </div>
      <StatsCards />
      <Tabs value={tab} onValueChange={(value) => setTab(value as PollsTab)} className="grid gap-4">
        <div className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
          <TabsList aria-label="Polls">
            {TABS.map(({ value, label }) => (
              <TabsTrigger key={value} value={value} data-replay-click={`polls-tab-${value}`}>
                {label}
              </TabsTrigger>
            ))}
          </TabsList>
        </div>
        <TabsContent value="browse">
          <BrowsePolls onCreate={() => setDialogOpen(true)} />
        </TabsContent>
        <TabsContent value="mine">
          <MyPolls />
        </TabsContent>
        <TabsContent value="results">
          <ResultsInsights />
        </TabsContent>
        <TabsContent value="benchmarks">
          <Benchmarks />
        </TabsContent>
      </Tabs>
      <CreatePollDialog open={dialogOpen} onOpenChange={setDialogOpen} />
    </section>
  );
}
