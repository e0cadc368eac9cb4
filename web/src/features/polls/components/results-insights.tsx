import type { PollSummary } from '@wfm/contracts/catalog/polls';
import { Card, Select, SelectContent, SelectItem, SelectTrigger, SelectValue, Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '@wfm/ui';
import { BarChart3 } from '@wfm/ui/icons';
import { lazy, Suspense, useState, type ComponentProps } from 'react';
import { usePolls } from '../api/get-polls.ts';
import { categoryLabel, statusLabel, votesLabel } from '../utils/poll-display.ts';
import { OptionsTable } from './options-table.tsx';
import { PollBreakdown } from './poll-breakdown.tsx';
import { PollList } from './poll-list.tsx';
import { resultsChartHeight } from './results-chart-height.ts';

/**
 * The charts library (about 100 KB compressed) is fetched when a chart is first shown, not with the
 * page (issue 27 item 4); the chart is decoration beside its table (aria-hidden), and its place is
 * kept meanwhile.
 */
const LazyResultsChart = lazy(async () => ({ default: (await import('./results-chart.tsx')).ResultsChart }));

function ResultsChart(props: ComponentProps<typeof LazyResultsChart>) {
  return (
    <Suspense fallback={<div aria-hidden="true" className="w-full" style={{ height: resultsChartHeight(props.rows.length) }} />}>
      <LazyResultsChart {...props} />
    </Suspense>
  );
}

/** How many of the most answered polls the overview compares. */
const OVERVIEW_POLLS = 8;

function leading(poll: PollSummary): string {
  if (poll.total_votes === 0) return '—';
  const top = poll.options.reduce((best, option) => (option.votes > best.votes ? option : best));
  return `${top.text} (${top.percentage}%)`;
}

function Overview({ polls }: { polls: PollSummary[] }) {
  const top = polls.slice(0, OVERVIEW_POLLS);
  return (
    <Card className="grid gap-3 p-5">
      <figure className="grid gap-3">
        <figcaption className="font-semibold">Most answered polls</figcaption>
        <ResultsChart rows={top.map((poll) => ({ label: poll.title, value: poll.total_votes }))} unit="" />
        <Table>
          <TableCaption className="sr-only">Most answered polls: votes and leading option</TableCaption>
          <TableHeader>
            <TableRow>
              <TableHead>Poll</TableHead>
              <TableHead className="text-right">Votes</TableHead>
              <TableHead className="hidden sm:table-cell">Leading option</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {top.map((poll) => (
              <TableRow key={poll.id}>
                <TableCell className="break-words">{poll.title}</TableCell>
                <TableCell className="text-right tabular-nums">{poll.total_votes}</TableCell>
                <TableCell className="hidden break-words sm:table-cell">{leading(poll)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </figure>
    </Card>
  );
}

function PollResults({ poll }: { poll: PollSummary }) {
  return (
    <Card className="grid gap-4 p-5" data-testid="poll-results">
      <figure className="grid gap-3">
        <figcaption className="grid gap-1">
          <span className="font-semibold">{poll.title}</span>
          <span className="text-xs text-muted-foreground">
            {categoryLabel(poll)} · {statusLabel(poll)} · {votesLabel(poll.total_votes)}
          </span>
        </figcaption>
        <ResultsChart rows={poll.options.map((option) => ({ label: option.text, value: option.percentage }))} unit="%" max={100} />
        <OptionsTable caption={`Results of “${poll.title}”`} options={poll.options} />
      </figure>
      <PollBreakdown key={poll.id} poll={poll} />
    </Card>
  );
}

/** Results & Insights: the most answered polls compared, then one poll's results with its groups. */
export function ResultsInsights() {
  const polls = usePolls({ sort: 'popular' });
  const [selected, setSelected] = useState<number | undefined>();

  if (!polls.data || polls.data.length === 0) {
    return <PollList query={polls} empty={{ title: 'No results yet', body: 'Results appear here once polls have been created.' }} />;
  }
  const poll = polls.data.find((p) => p.id === selected) ?? polls.data[0]!;

  return (
    <div className="grid gap-4">
      <Overview polls={polls.data} />
      <div className="flex flex-wrap items-center gap-2">
        <BarChart3 className="size-4 text-muted-foreground" aria-hidden="true" />
        <span className="text-sm font-medium" id="results-poll-label">
          Poll
        </span>
        <Select value={String(poll.id)} onValueChange={(value) => setSelected(Number(value))}>
          <SelectTrigger aria-labelledby="results-poll-label" className="min-w-0 flex-1 sm:max-w-md">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {polls.data.map((p) => (
              <SelectItem key={p.id} value={String(p.id)}>
                {p.title}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <PollResults poll={poll} />
    </div>
  );
}
