import { AMA_LIMITS, type Question } from '@wfm/contracts/ama/api';
import { Button, Card, Checkbox, Label, Skeleton, Textarea, toast } from '@wfm/ui';
import { ArrowBigUp, MessageCircleQuestion } from '@wfm/ui/icons';
import { useId, useState, type FormEvent } from 'react';
import { errorToast } from '../../../lib/error-toast.ts';
import { ANONYMOUS } from '@wfm/contracts/shared/common';
import { useDisplayName } from '../../../lib/user-profile.ts';
import { useAskQuestion, useQuestions, useUpvoteQuestion } from '../api/questions.ts';
import { AMA_PAGE_TOASTS } from '../messages.ts';
import { LazyMarkdown } from '../../../components/lazy-markdown.tsx';

function AskForm({ sessionId }: { sessionId: number }) {
  const id = useId();
  const [question, setQuestion] = useState('');
  const [anonymous, setAnonymous] = useState(false);
  const { displayName, isLoading: nameLoading } = useDisplayName();
  const ask = useAskQuestion(sessionId);
  const trimmed = question.trim();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // Until the visitor's name has loaded, a question would go out as Anonymous under their nose.
    if (!trimmed || ask.isPending || nameLoading) return;
    ask.mutate(
      { question: trimmed, author_name: anonymous ? ANONYMOUS : displayName, isAnonymous: anonymous },
      {
        onSuccess: () => {
          toast(AMA_PAGE_TOASTS.questionAsked);
          setQuestion('');
        },
        onError: (error) =>
          toast(errorToast(AMA_PAGE_TOASTS.questionFailed.title, error, AMA_PAGE_TOASTS.questionFailed.fallback)),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} className="grid gap-3">
      <Label htmlFor={`${id}-question`}>Ask the host a question</Label>
      <Textarea
        id={`${id}-question`}
        rows={3}
        maxLength={AMA_LIMITS.question}
        value={question}
        onChange={(event) => setQuestion(event.target.value)}
        placeholder="What would you like to know?"
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <Checkbox id={`${id}-anonymous`} checked={anonymous} onCheckedChange={(value) => setAnonymous(value === true)} />
          <Label htmlFor={`${id}-anonymous`} className="font-normal">
            Ask anonymously {anonymous ? '' : `(as ${displayName})`}
          </Label>
        </div>
        <span className="text-xs text-muted-foreground">
          {question.length}/{AMA_LIMITS.question}
        </span>
      </div>
      <div>
        <Button type="submit" disabled={!trimmed || ask.isPending || nameLoading}>
          {ask.isPending ? 'Submitting...' : 'Ask Question'}
        </Button>
      </div>
    </form>
  );
}

function QuestionItem({ question, sessionId }: { question: Question; sessionId: number }) {
  const upvote = useUpvoteQuestion(sessionId);
  return (
    <li className="flex gap-3 rounded-md border p-3" data-testid="ama-question">
      <Button
        variant="outline"
        size="sm"
        className="h-auto flex-col gap-0 px-2 py-1"
        aria-label={`Upvote question, ${question.upvotes} ${question.upvotes === 1 ? 'upvote' : 'upvotes'}`}
        disabled={upvote.isPending}
        onClick={() =>
          upvote.mutate(question.id, {
            onError: (error) =>
              toast(errorToast(AMA_PAGE_TOASTS.upvoteFailed.title, error, AMA_PAGE_TOASTS.upvoteFailed.fallback)),
          })
        }
      >
        <ArrowBigUp aria-hidden="true" />
        <span className="text-xs">{question.upvotes}</span>
      </Button>
      <div className="grid min-w-0 flex-1 gap-1">
        <p className="whitespace-pre-line break-words">{question.question}</p>
        <p className="text-xs text-muted-foreground">
          Asked by {question.isAnonymous ? ANONYMOUS : question.author_name}
        </p>
        {question.answer && (
          <div className="mt-1 rounded-md bg-muted/60 p-2 text-sm" data-testid="ama-answer">
            <span className="font-semibold">Answer: </span>
            <LazyMarkdown className="break-words">{question.answer}</LazyMarkdown>
          </div>
        )}
      </div>
    </li>
  );
}

/** The session's questions, most upvoted first, with their answers; asking while it is open. */
export function QuestionList({ sessionId, canAsk }: { sessionId: number; canAsk: boolean }) {
  const questions = useQuestions(sessionId);
  const sorted = [...(questions.data ?? [])].sort((a, b) => b.upvotes - a.upvotes || a.created_at - b.created_at);

  return (
    <Card className="grid gap-4 p-5" aria-labelledby="ama-questions-heading">
      <h2 id="ama-questions-heading" className="flex items-center gap-2 text-lg font-semibold">
        <MessageCircleQuestion className="size-5" aria-hidden="true" />
        Questions
      </h2>
      {canAsk && <AskForm sessionId={sessionId} />}
      {questions.isPending ? (
        <div className="grid gap-2" role="status" aria-label="Loading questions">
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-16 w-full" />
        </div>
      ) : questions.isError ? (
        <p className="text-sm text-destructive">Failed to load questions.</p>
      ) : sorted.length === 0 ? (
        <p className="text-sm text-muted-foreground">No questions yet.{canAsk ? ' Be the first to ask.' : ''}</p>
      ) : (
        <ul className="grid gap-2">
          {sorted.map((question) => (
            <QuestionItem key={question.id} question={question} sessionId={sessionId} />
          ))}
        </ul>
      )}
    </Card>
  );
}
