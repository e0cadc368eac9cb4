import type { PollSummary, ProfileQuestion } from '@wfm/contracts/catalog/polls';
import { PROFILE_ANSWER_LABELS, PROFILE_QUESTION_LABELS } from '@wfm/contracts/catalog/labels';
import { Card, Select, SelectContent, SelectItem, SelectTrigger, SelectValue, Skeleton } from '@wfm/ui';
import { useState } from 'react';
import { usePollBreakdown } from '../api/get-poll-breakdown.ts';
import { votesLabel } from '../utils/poll-display.ts';
import { OptionsTable } from './options-table.tsx';

function answerLabel(by: ProfileQuestion, value: string): string {
  return (PROFILE_ANSWER_LABELS[by] as Record<string, string>)[value] ?? value;
}

/**
 * Results per group of a profile question. The server leaves out the counts of groups under the
 * anonymity threshold; those show "Not enough answers yet to show this group".
 */
export function PollBreakdown({ poll }: { poll: PollSummary }) {
  const [by, setBy] = useState<ProfileQuestion | undefined>(poll.profile_questions[0]);
  const breakdown = usePollBreakdown(poll.id, by);
  if (poll.profile_questions.length === 0) return null;

  return (
    <section className="grid gap-3" aria-label="Results by group">
      <div className="flex flex-wrap items-center gap-2">
        <h4 className="text-sm font-semibold">Compare by</h4>
        <Select value={by} onValueChange={(value) => setBy(value as ProfileQuestion)}>
          <SelectTrigger aria-label="Compare by" className="w-52">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {poll.profile_questions.map((question) => (
              <SelectItem key={question} value={question}>
                {PROFILE_QUESTION_LABELS[question]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      {breakdown.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : breakdown.isError ? (
        <p className="text-sm text-destructive" role="alert">
          Results by group could not be loaded. {breakdown.error.message}
        </p>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2">
          {breakdown.data.groups.map((group) => (
            <li key={group.value}>
              <Card className="grid gap-2 p-4" data-testid="breakdown-group">
                <p className="text-sm font-semibold">
                  {answerLabel(breakdown.data.by, group.value)}
                  {group.shown && <span className="font-normal text-muted-foreground"> · {votesLabel(group.total_votes)}</span>}
                </p>
                {group.shown ? (
                  <OptionsTable caption={`${poll.title}: ${answerLabel(breakdown.data.by, group.value)}`} options={group.options} />
                ) : (
                  <p className="text-sm text-muted-foreground">{group.message}</p>
                )}
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
