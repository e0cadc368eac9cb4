import { Card, Skeleton } from '@wfm/ui';
import { ScrollText } from '@wfm/ui/icons';
import { ANONYMOUS } from '@wfm/contracts/shared/common';
import { useTranscript } from '../api/get-transcript.ts';
import { LazyMarkdown } from '../../../components/lazy-markdown.tsx';

/** After a completed session: its answered questions ranked by upvotes (beyond the spec). */
export function Transcript({ sessionId }: { sessionId: number }) {
  const transcript = useTranscript(sessionId, true);
  return (
    <Card className="grid gap-4 p-5" aria-labelledby="ama-transcript-heading" data-testid="ama-transcript">
      <h2 id="ama-transcript-heading" className="flex items-center gap-2 text-lg font-semibold">
        <ScrollText className="size-5" aria-hidden="true" />
        Transcript
      </h2>
      {transcript.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : transcript.isError ? (
        <p className="text-sm text-destructive">The transcript could not be loaded.</p>
      ) : transcript.data.questions.length === 0 ? (
        <p className="text-sm text-muted-foreground">No questions were answered in this session.</p>
      ) : (
        <ol className="grid gap-4">
          {transcript.data.questions.map((question, index) => (
            <li key={question.id} className="grid gap-1">
              <p className="font-medium">
                {index + 1}. {question.question}
              </p>
              <p className="text-xs text-muted-foreground">
                {question.isAnonymous ? ANONYMOUS : question.author_name} · {question.upvotes} upvotes
              </p>
              <LazyMarkdown className="border-l-2 pl-3 text-sm">{question.answer ?? ''}</LazyMarkdown>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
