import { AMA_TOASTS, type MyQuestion } from '@wfm/contracts/ama/api';
import { Alert, AlertDescription, AlertTitle, Button, Card, Skeleton } from '@wfm/ui';
import { ArrowBigUp, CircleUserRound } from '@wfm/ui/icons';
import { useId } from 'react';
import { Link } from '../../../lib/router.tsx';
import { paths } from '../../../config/paths.ts';
import { serverMessage } from '../../../lib/error-toast.ts';
import { formatRelativeTime } from '../../../lib/relative-time.ts';
import { useVisitorToken } from '../../../lib/visitor-token.ts';
import { useMyQuestions } from '../api/get-my-questions.ts';
import { LazyMarkdown } from '../../../components/lazy-markdown.tsx';

function upvotesText(count: number): string {
  return `${count} ${count === 1 ? 'upvote' : 'upvotes'}`;
}

function MyQuestionItem({ question, showSession }: { question: MyQuestion; showSession: boolean }) {
  return (
    <li className="grid gap-2 rounded-md border p-3" data-testid="my-question">
      <div className="flex items-start gap-3">
        <p className="min-w-0 flex-1 whitespace-pre-line break-words">{question.question}</p>
        <span
          className="flex shrink-0 items-center gap-1 rounded-md border px-2 py-0.5 text-xs tabular-nums text-muted-foreground"
          data-testid="my-question-upvotes"
        >
          <ArrowBigUp className="size-4" aria-hidden="true" />
          {upvotesText(question.upvotes)}
        </span>
      </div>
      <p className="text-xs text-muted-foreground">
        {showSession && (
          <>
            <Link
              to={paths.amaSession.getHref(question.session_id)}
              className="font-medium text-foreground underline underline-offset-4 hover:text-primary"
            >
              {question.session_title}
            </Link>
            {' · '}
          </>
        )}
        Asked {formatRelativeTime(question.created_at)}
        {question.isAnonymous ? ' anonymously' : ` as ${question.author_name}`}
      </p>
      {question.answer ? (
        <div className="rounded-md bg-muted/60 p-2 text-sm" data-testid="my-question-answer">
          <span className="font-semibold">Answer: </span>
          <LazyMarkdown className="break-words">{question.answer}</LazyMarkdown>
        </div>
      ) : (
        <p className="text-sm text-muted-foreground" data-testid="my-question-unanswered">
          Not answered yet.
        </p>
      )}
    </li>
  );
}

/**
 * "My Questions" (spec 3 §3, the visitor's my-questions query): what this visitor asked, with
 * the answers and upvotes, latest first. On /ama every session's; on a session page (`sessionId`)
 * only that session's. Loading, empty and error ("Failed to fetch your questions", §8) states.
 */
export function MyQuestions({ sessionId }: { sessionId?: number }) {
  const headingId = useId();
  const session = useVisitorToken();
  const questions = useMyQuestions(session.data);
  const list = sessionId === undefined ? questions.data : questions.data?.filter((q) => q.session_id === sessionId);
  const failed = session.isError || questions.isError;

  return (
    <section aria-labelledby={headingId}>
      <Card className="grid gap-4 p-5" data-testid="my-questions">
        <div className="grid gap-1">
          <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold">
            <CircleUserRound className="size-5" aria-hidden="true" />
            My Questions
          </h2>
          <p className="text-sm text-muted-foreground">
            {sessionId === undefined
              ? 'The questions you asked in AMA sessions, with the hosts’ answers.'
              : 'The questions you asked in this session, with the host’s answers.'}
          </p>
        </div>
        {failed ? (
          <Alert variant="destructive">
            <div className="grid gap-1">
              <AlertTitle>{AMA_TOASTS.questionsFetchFailedShown}</AlertTitle>
              <AlertDescription className="flex flex-wrap items-center gap-3">
                {serverMessage(questions.error ?? session.error) ?? 'Please try again later.'}
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => void (session.isError ? session.refetch() : questions.refetch())}
                >
                  Retry
                </Button>
              </AlertDescription>
            </div>
          </Alert>
        ) : list === undefined ? (
          <div className="grid gap-2" role="status" aria-label="Loading your questions">
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-16 w-full" />
          </div>
        ) : list.length === 0 ? (
          <p className="text-sm text-muted-foreground" data-testid="my-questions-empty">
            {sessionId === undefined
              ? 'You have not asked any questions yet. Open a session to ask its host.'
              : 'You have not asked a question in this session yet.'}
          </p>
        ) : (
          <ul className="grid gap-2">
            {list.map((question) => (
              <MyQuestionItem key={question.id} question={question} showSession={sessionId === undefined} />
            ))}
          </ul>
        )}
      </Card>
    </section>
  );
}
