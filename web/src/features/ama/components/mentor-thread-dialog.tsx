import { MENTOR_LIMITS, MENTOR_MESSAGES, MentorMessageBody } from '@wfm/contracts/ama/mentors';
import { Alert, AlertDescription, Button, Checkbox, Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, Label, Skeleton, Textarea, cn, toast } from '@wfm/ui';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { errorToast, serverMessage } from '../../../lib/error-toast.ts';
import { useMentorThread, useSendMentorMessage } from '../api/mentors.ts';

/**
 * The private conversation of one mentor request: the two visitors' messages, oldest first. New
 * messages arrive live (mentor_message to this visitor); writing opens once the mentor accepts.
 * Open while `open` and there is a request.
 */
export function MentorThreadDialog({ open, requestId, onClose }: { open: boolean; requestId: number | null; onClose: () => void }) {
  const id = useId();
  const thread = useMentorThread(requestId);
  const send = useSendMentorMessage(requestId ?? 0);
  const [text, setText] = useState('');
  const [anonymous, setAnonymous] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const end = useRef<HTMLLIElement>(null);
  const count = thread.data?.messages.length ?? 0;

  // A block body: Chromium's scrollIntoView may return a promise, which React would take for a cleanup.
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [count]);

  const request = thread.data?.request;
  const me = request?.role;
  const otherName = me === 'mentor' ? request?.requester_name : request?.mentor_name;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (send.isPending || requestId === null) return;
    const parsed = MentorMessageBody.safeParse({ message: text, isAnonymous: anonymous });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    send.mutate(parsed.data, {
      onSuccess: () => setText(''),
      onError: (err) => toast(errorToast('Message not sent', err, 'Please try again.')),
    });
  };

  return (
    <Dialog open={open && requestId !== null} onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="flex max-h-[90dvh] flex-col sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{otherName ? `Conversation with ${otherName}` : 'Conversation'}</DialogTitle>
          <DialogDescription>Private: only the two of you and the site's staff can read it.</DialogDescription>
        </DialogHeader>
        {thread.isPending ? (
          <div className="grid gap-2" role="status" aria-label="Loading conversation">
            <Skeleton className="h-12 w-3/4" />
            <Skeleton className="ml-auto h-12 w-2/3" />
          </div>
        ) : thread.isError ? (
          <Alert variant="destructive">
            <AlertDescription className="flex flex-wrap items-center gap-3">
              {serverMessage(thread.error) ?? 'Could not load the conversation.'}
              <Button size="sm" variant="outline" onClick={() => void thread.refetch()}>
                Retry
              </Button>
            </AlertDescription>
          </Alert>
        ) : (
          <>
            <div className="rounded-md border border-border bg-muted/30 p-3 text-sm">
              <p className="font-medium">Request from {request!.requester_name}</p>
              <p className="whitespace-pre-wrap break-words">{request!.message}</p>
              <p className="mt-1 text-muted-foreground">
                <span className="font-medium">Goals:</span> {request!.goals}
              </p>
            </div>
            <ol className="grid min-h-24 gap-2 overflow-y-auto" aria-label="Messages" aria-live="polite">
              {thread.data.messages.length === 0 && (
                <li className="py-4 text-center text-sm text-muted-foreground">No messages yet. Say hello!</li>
              )}
              {thread.data.messages.map((m) => {
                const mine = m.sender === me;
                return (
                  <li key={m.id} className={cn('grid max-w-[85%] gap-0.5 rounded-lg px-3 py-2 text-sm', mine ? 'ml-auto bg-primary text-primary-foreground' : 'bg-muted')}>
                    <span className={cn('text-xs', mine ? 'text-primary-foreground/80' : 'text-muted-foreground')}>
                      {mine ? 'You' : m.sender_name}
                      {mine && m.isAnonymous ? ' (as Anonymous)' : ''} · {new Date(m.created_at).toLocaleString()}
                    </span>
                    <span className="whitespace-pre-wrap break-words">{m.message}</span>
                  </li>
                );
              })}
              <li ref={end} aria-hidden="true" />
            </ol>
            {request!.status === 'accepted' ? (
              <form onSubmit={onSubmit} className="grid gap-2" noValidate>
                <Label htmlFor={`${id}-message`} className="sr-only">
                  Your message
                </Label>
                <Textarea
                  id={`${id}-message`}
                  rows={2}
                  value={text}
                  placeholder="Write a message"
                  aria-invalid={Boolean(error)}
                  aria-describedby={error ? `${id}-error` : undefined}
                  onChange={(e) => setText(e.target.value)}
                />
                {error && (
                  <p id={`${id}-error`} className="text-sm text-destructive">
                    {error}
                  </p>
                )}
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <label className="flex items-center gap-2 text-sm">
                    <Checkbox checked={anonymous} onCheckedChange={(v) => setAnonymous(v === true)} />
                    Send as Anonymous
                  </label>
                  <span className="text-xs text-muted-foreground">
                    {text.length}/{MENTOR_LIMITS.message}
                  </span>
                  <Button type="submit" size="sm" disabled={send.isPending}>
                    {send.isPending ? 'Sending...' : 'Send'}
                  </Button>
                </div>
              </form>
            ) : (
              <p className="text-sm text-muted-foreground">
                {request!.status === 'pending' ? MENTOR_MESSAGES.notAccepted : 'This request was declined.'}
              </p>
            )}
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
