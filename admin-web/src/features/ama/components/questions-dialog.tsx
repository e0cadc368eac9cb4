import { ANONYMOUS } from '@wfm/contracts/shared';
import { AMA_LIMITS, type Question, type StaffSession } from '@wfm/contracts/ama';
import { Badge, Button, Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, Label, Textarea, toast } from '@wfm/ui';
import { useState } from 'react';
import { EmptyState } from '../../../components/query-state.tsx';
import { ResourceState } from '../../../components/resource-table.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useAnswerQuestion, useSessionQuestions } from '../api/questions.ts';
import { SuspendAuthorButton } from '../../../components/suspend-author-button.tsx';

function AnswerForm({ question, sessionId }: { question: Question; sessionId: number }) {
  const [answer, setAnswer] = useState(question.answer ?? '');
  const save = useAnswerQuestion(sessionId);
  const id = `answer-${question.id}`;
  return (
    <form
      className="grid gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (!answer.trim() || save.isPending) return;
        save.mutate(
          { id: question.id, answer: answer.trim() },
          {
            onSuccess: () => toast({ title: 'Answer saved', description: 'The visitor sees it on the session page.' }),
            onError: (error) =>
              toast({ variant: 'destructive', title: 'Update failed', description: errorMessage(error, 'Please try again') }),
          },
        );
      }}
    >
      <Label htmlFor={id} className="sr-only">
        Answer to “{question.question}”
      </Label>
      <Textarea id={id} rows={2} maxLength={AMA_LIMITS.answer} value={answer} onChange={(e) => setAnswer(e.target.value)} placeholder="Write the answer" />
      <div className="flex items-center justify-between gap-2">
        <span className="text-xs text-muted-foreground">
          {answer.length}/{AMA_LIMITS.answer}
        </span>
        <Button type="submit" size="sm" disabled={!answer.trim() || save.isPending}>
          {save.isPending ? 'Saving...' : question.answer ? 'Update Answer' : 'Answer'}
        </Button>
      </div>
    </form>
  );
}

/** A session's questions, most upvoted first, each with its answer form. */
export function QuestionsDialog({ session, onClose }: { session: StaffSession; onClose: () => void }) {
  const questions = useSessionQuestions(session.id);
  const rows = questions.data ? [...questions.data].sort((a, b) => b.upvotes - a.upvotes || a.created_at - b.created_at) : undefined;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Questions</DialogTitle>
          <DialogDescription>{session.title}</DialogDescription>
        </DialogHeader>
        <ResourceState
          query={questions}
          rows={rows}
          loadingLabel="Loading questions"
          errorTitle="Failed to load questions"
          empty={<EmptyState title="No questions yet" />}
        >
          {(list) => (
            <ul className="grid gap-3">
              {list.map((question) => (
                <li key={question.id} className="grid gap-2 rounded-md border p-3" aria-label={question.question}>
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <p className="min-w-0 flex-1 whitespace-pre-line break-words font-medium">{question.question}</p>
                    <Badge variant="secondary">{question.upvotes} upvotes</Badge>
                    <SuspendAuthorButton content={{ kind: 'question', id: question.id }} title={question.question} />
                  </div>
                  <p className="text-xs text-muted-foreground">{question.isAnonymous ? ANONYMOUS : question.author_name}</p>
                  <AnswerForm question={question} sessionId={session.id} />
                </li>
              ))}
            </ul>
          )}
        </ResourceState>
      </DialogContent>
    </Dialog>
  );
}
