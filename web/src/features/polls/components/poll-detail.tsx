import type { PollDetail as PollDetailData, ProfileAnswers as Answers } from '@wfm/contracts/catalog/polls';
import { Badge, buttonClasses, Card, cn, Skeleton, toast } from '@wfm/ui';
import { ArrowLeft, CheckCircle2, Lock } from '@wfm/ui/icons';
import { useState } from 'react';
import { Link } from '../../../lib/router.tsx';
import { paths } from '../../../config/paths.ts';
import { usePageTitle } from '../../../hooks/use-page-title.ts';
import { usePoll } from '../api/get-poll.ts';
import { useLivePollTallies } from '../api/poll-live.ts';
import { useVotePoll } from '../api/vote-poll.ts';
import { POLL_TOASTS, voteErrorToast } from '../messages.ts';
import { useDateZone } from '../../../hooks/use-hydrated.ts';
import { categoryLabel, closeLabel, statusLabel, votesLabel } from '../utils/poll-display.ts';
import { ProfileAnswers } from './profile-answers.tsx';

/** A poll id in the address must be a positive integer. */
export function parsePollId(raw: string | undefined): number | null {
  if (!raw || !/^[1-9][0-9]*$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) ? id : null;
}

function BackToPolls({ label = 'Back to Polls' }: { label?: string }) {
  return (
    <Link to={paths.polls.getHref()} className={buttonClasses({ variant: 'outline', className: 'justify-self-start' })}>
      <ArrowLeft aria-hidden="true" />
      {label}
    </Link>
  );
}

function Problem({ title, text }: { title: string; text: string }) {
  usePageTitle(title);
  return (
    <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="text-muted-foreground">{text}</p>
      <BackToPolls />
    </Card>
  );
}

function DetailSkeleton() {
  return (
    <Card className="grid gap-4 p-6" role="status" aria-label="Loading poll">
      <Skeleton className="h-5 w-40" />
      <Skeleton className="h-8 w-3/4" />
      <Skeleton className="h-4 w-full" />
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className="h-12 w-full" />
      ))}
    </Card>
  );
}

function Options({ poll }: { poll: PollDetailData }) {
  const vote = useVotePoll(poll.id);
  const [answers, setAnswers] = useState<Answers>({});
  const closed = poll.status === 'closed';
  const readOnly = closed || poll.userVote !== null;

  const choose = (optionId: number) => {
    if (readOnly || vote.isPending) return;
    const profile = Object.keys(answers).length > 0 ? answers : undefined;
    vote.mutate(
      { option_id: optionId, profile },
      { onSuccess: () => toast(POLL_TOASTS.voted), onError: (error) => toast(voteErrorToast(error)) },
    );
  };

  return (
    <div className="grid gap-4">
      {closed && (
        <p className="flex items-center gap-2 rounded-md bg-muted px-3 py-2 text-sm" data-testid="poll-closed-note">
          <Lock className="size-4 shrink-0" aria-hidden="true" />
          This poll is closed. These are the final results.
        </p>
      )}
      {!readOnly && <ProfileAnswers questions={poll.profile_questions} value={answers} onChange={setAnswers} />}
      <ul className="grid gap-2" aria-label="Options">
        {poll.options.map((option) => {
          const mine = poll.userVote === option.id;
          return (
            <li key={option.id}>
              <button
                type="button"
                onClick={() => choose(option.id)}
                disabled={readOnly || vote.isPending}
                aria-pressed={mine}
                aria-label={`${option.text}${mine ? ', your vote' : ''}: ${option.percentage}%, ${votesLabel(option.votes)}`}
                className={cn(
                  'relative grid w-full gap-1 overflow-hidden rounded-md border px-4 py-3 text-left transition-colors',
                  // Utilities, not .focus-ring: a voted option's ring-1 would win over the component class.
                  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                  mine ? 'border-primary ring-1 ring-primary' : 'border-border',
                  !readOnly && 'hover:border-primary hover:bg-accent',
                  readOnly && 'cursor-default',
                )}
                data-testid="poll-option"
                data-replay-click={`poll-option-${option.id}`}
                data-mine={mine || undefined}
              >
                <span
                  className={cn('absolute inset-y-0 left-0 -z-0', mine ? 'bg-primary/20' : 'bg-muted')}
                  style={{ width: `${option.percentage}%` }}
                  aria-hidden="true"
                />
                <span className="relative flex items-center justify-between gap-3">
                  <span className="flex min-w-0 items-center gap-2 break-words font-medium">
                    {mine && <CheckCircle2 className="size-4 shrink-0 text-primary" aria-hidden="true" />}
                    {option.text}
                    {mine && ' '}
                    {mine && <span className="text-xs font-normal text-primary">Your vote</span>}
                  </span>
                  {/* Keeps the option and its share apart in the visible text the accessible name must contain (WCAG 2.5.3). */}
                  {' '}
                  <span className="shrink-0 text-sm tabular-nums">
                    <span className="font-semibold" data-testid="option-percentage">
                      {option.percentage}%
                    </span>{' '}
                    <span className="text-muted-foreground" data-testid="option-votes">
                      ({votesLabel(option.votes)})
                    </span>
                  </span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      {!readOnly && <p className="text-xs text-muted-foreground">Choose an option to vote. You can vote once.</p>}
    </div>
  );
}

function PollView({ poll }: { poll: PollDetailData }) {
  usePageTitle(poll.title);
  const closes = closeLabel(poll, useDateZone());
  const stats = [
    { label: 'Total votes', value: String(poll.total_votes), testId: 'poll-total-votes' },
    { label: 'Options', value: String(poll.options.length), testId: 'poll-options-count' },
    { label: 'Status', value: statusLabel(poll), testId: 'poll-status' },
  ];
  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_16rem] lg:items-start">
      <Card className="grid gap-4 p-5 sm:p-6">
        <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <Badge variant="secondary">{categoryLabel(poll)}</Badge>
          <span>{votesLabel(poll.total_votes)}</span>
          <span aria-hidden="true">·</span>
          <span>by {poll.created_by}</span>
          {closes && (
            <>
              <span aria-hidden="true">·</span>
              <span>{closes}</span>
            </>
          )}
        </div>
        <h1 className="break-words text-2xl font-bold tracking-tight">{poll.title}</h1>
        <p className="whitespace-pre-line break-words text-muted-foreground">{poll.description}</p>
        <Options poll={poll} />
      </Card>
      <Card className="grid gap-3 p-5" aria-labelledby="poll-stats-heading">
        <h2 id="poll-stats-heading" className="font-semibold">
          Poll Statistics
        </h2>
        <dl className="grid gap-2 text-sm">
          {stats.map((stat) => (
            <div key={stat.label} className="flex justify-between gap-2">
              <dt className="text-muted-foreground">{stat.label}</dt>
              <dd className="font-semibold tabular-nums" data-testid={stat.testId}>
                {stat.value}
              </dd>
            </div>
          ))}
        </dl>
      </Card>
    </div>
  );
}

/** /polls/{id}: the poll, its options and results, voting once, tallies moving live. */
export function PollDetailPage({ rawId }: { rawId: string | undefined }) {
  const id = parsePollId(rawId);
  const poll = usePoll(id ?? 0, id !== null);
  useLivePollTallies();

  if (id === null) return <Problem title="Invalid Poll" text="This address does not name a poll." />;
  if (poll.isError) return <Problem title="Poll Not Found" text="The poll you are looking for does not exist or was removed." />;
  return (
    <section className="grid gap-4">
      <BackToPolls />
      {poll.isPending ? <DetailSkeleton /> : <PollView poll={poll.data} />}
    </section>
  );
}
