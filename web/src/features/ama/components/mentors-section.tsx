import { MENTOR_STATUS_LABELS, type MentorApplication, type MentorRequest, type PublicMentor } from '@wfm/contracts/ama/mentors';
import { Alert, AlertDescription, AlertTitle, Badge, Button, Card, Skeleton, toast, type BadgeVariant } from '@wfm/ui';
import { GraduationCap, MessageSquare, UserPlus, Users } from '@wfm/ui/icons';
import { useState } from 'react';
import { lazyDialog } from '../../../components/lazy-dialog.tsx';
import { errorToast, serverMessage } from '../../../lib/error-toast.ts';
import { useDisplayName } from '../../../lib/user-profile.ts';
import { useAnswerMentorRequest, useMentorDirectory, useMyMentorApplication, useMyMentorRequests } from '../api/mentors.ts';
import { useMentorLiveUpdates } from '../api/use-mentor-live-updates.ts';

/** The mentoring dialogs open on a click only: their code loads then (issue 27 item 4). */
const BecomeMentorDialog = lazyDialog(async () => (await import('./become-mentor-dialog.tsx')).BecomeMentorDialog);
const RequestMentorDialog = lazyDialog(async () => (await import('./request-mentor-dialog.tsx')).RequestMentorDialog);
const MentorThreadDialog = lazyDialog(async () => (await import('./mentor-thread-dialog.tsx')).MentorThreadDialog);

const REQUEST_BADGES: Record<MentorRequest['status'], { label: string; variant: BadgeVariant }> = {
  pending: { label: 'Waiting for answer', variant: 'secondary' },
  accepted: { label: 'Accepted', variant: 'success' },
  declined: { label: 'Declined', variant: 'outline' },
};
const APPLICATION_HINTS: Record<MentorApplication['status'], string> = {
  pending: 'Staff are reviewing your application. You will see the decision here.',
  approved: 'You are listed in the directory. Requests from visitors appear under “My mentoring”.',
  rejected: 'Your application was not approved. You may update it and apply again.',
  suspended: 'Your mentor profile is suspended and hidden from the directory.',
};

function MentorCard({ mentor, own, onRequest }: { mentor: PublicMentor; own: boolean; onRequest: () => void }) {
  return (
    <Card className="grid content-start gap-3 p-5" aria-labelledby={`mentor-${mentor.id}-name`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h4 id={`mentor-${mentor.id}-name`} className="text-lg font-semibold">
            {mentor.name}
          </h4>
          <p className="text-sm text-muted-foreground">
            {mentor.years_experience} {mentor.years_experience === 1 ? 'year' : 'years'} in WFM · {mentor.timezone}
          </p>
        </div>
        {own && <Badge variant="secondary">You</Badge>}
      </div>
      <p className="whitespace-pre-wrap break-words text-sm">{mentor.bio}</p>
      {mentor.availability_hours && (
        <p className="text-sm">
          <span className="font-medium">Available:</span> {mentor.availability_hours}
        </p>
      )}
      <ul className="flex flex-wrap gap-1.5" aria-label="Expertise">
        {mentor.expertise_tags.map((tag) => (
          <li key={tag}>
            <Badge variant="outline">{tag}</Badge>
          </li>
        ))}
      </ul>
      {!own && (
        <Button className="justify-self-start" size="sm" onClick={onRequest} aria-label={`Request mentoring from ${mentor.name}`}>
          <UserPlus aria-hidden="true" />
          Request Mentoring
        </Button>
      )}
    </Card>
  );
}

function RequestRow({ request, onOpen }: { request: MentorRequest; onOpen: () => void }) {
  const answer = useAnswerMentorRequest();
  const badge = REQUEST_BADGES[request.status];
  const other = request.role === 'mentor' ? request.requester_name : request.mentor_name;
  const decide = (status: 'accepted' | 'declined') =>
    answer.mutate(
      { id: request.id, status },
      {
        onSuccess: () => toast({ title: status === 'accepted' ? 'Request accepted' : 'Request declined', description: `${other} has been told.` }),
        onError: (error) => toast(errorToast('Could not answer the request', error, 'Please try again.')),
      },
    );
  return (
    <li className="grid gap-2 rounded-md border border-border p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-medium">{request.role === 'mentor' ? `From ${other}` : `To ${other}`}</p>
        <Badge variant={badge.variant}>{badge.label}</Badge>
      </div>
      <p className="line-clamp-3 whitespace-pre-wrap break-words text-sm">{request.message}</p>
      {request.role === 'mentor' && (
        <p className="text-xs text-muted-foreground">
          Goals: {request.goals} · Contact: {request.requester_contact}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {request.role === 'mentor' && request.status === 'pending' && (
          <>
            <Button size="sm" disabled={answer.isPending} onClick={() => decide('accepted')} aria-label={`Accept the request from ${other}`}>
              Accept
            </Button>
            <Button size="sm" variant="outline" disabled={answer.isPending} onClick={() => decide('declined')} aria-label={`Decline the request from ${other}`}>
              Decline
            </Button>
          </>
        )}
        {request.status !== 'declined' && (
          <Button size="sm" variant="outline" onClick={onOpen} aria-label={`Open the conversation with ${other}`}>
            <MessageSquare aria-hidden="true" />
            Conversation{request.message_count > 0 ? ` (${request.message_count})` : ''}
          </Button>
        )}
      </div>
    </li>
  );
}

function DirectorySkeleton() {
  return (
    <div className="grid gap-4 md:grid-cols-2" role="status" aria-label="Loading mentors">
      {[0, 1].map((i) => (
        <Card key={i} className="grid gap-3 p-5">
          <Skeleton className="h-6 w-1/2" />
          <Skeleton className="h-4 w-1/3" />
          <Skeleton className="h-12 w-full" />
        </Card>
      ))}
    </div>
  );
}

/**
 * The Mentors section of /ama (no public mentor screen is specified; docs/decisions.md, Mentors):
 * "Meet the mentors" (approved mentors, filtered by expertise tag), "Become a mentor" (the
 * application and its status) and "My mentoring" (requests received or sent, with their private
 * conversations). Everything refreshes live over the visitor's socket.
 */
export function MentorsSection() {
  useMentorLiveUpdates();
  const [tag, setTag] = useState('');
  const directory = useMentorDirectory(tag);
  const application = useMyMentorApplication();
  const requests = useMyMentorRequests();
  const { username, isLoading: nameLoading } = useDisplayName();
  const [applying, setApplying] = useState(false);
  const [requesting, setRequesting] = useState<PublicMentor | null>(null);
  const [threadId, setThreadId] = useState<number | null>(null);
  const own = application.data;
  const canApply = !own || own.status === 'rejected';
  const received = requests.data?.received ?? [];
  const sent = requests.data?.sent ?? [];

  return (
    <section className="grid gap-6" aria-labelledby="mentors-heading">
      <div className="grid gap-1">
        <h2 id="mentors-heading" className="flex items-center gap-2 text-xl font-semibold">
          <GraduationCap className="size-5" aria-hidden="true" />
          Mentors
        </h2>
        <p className="text-sm text-muted-foreground">Experienced WFM professionals who coach others one to one, privately.</p>
      </div>

      <div className="grid gap-4 lg:grid-cols-[2fr_1fr]">
        <section className="grid content-start gap-4" aria-labelledby="meet-mentors-heading">
          <h3 id="meet-mentors-heading" className="text-lg font-semibold">
            Meet the mentors
          </h3>
          {directory.data && directory.data.tags.length > 0 && (
            <div className="flex flex-wrap gap-1.5" role="group" aria-label="Filter by expertise">
              <Button size="sm" variant={tag === '' ? 'default' : 'outline'} aria-pressed={tag === ''} onClick={() => setTag('')}>
                All
              </Button>
              {directory.data.tags.map((t) => (
                <Button
                  key={t.tag}
                  size="sm"
                  variant={tag.toLowerCase() === t.tag.toLowerCase() ? 'default' : 'outline'}
                  aria-pressed={tag.toLowerCase() === t.tag.toLowerCase()}
                  onClick={() => setTag(tag.toLowerCase() === t.tag.toLowerCase() ? '' : t.tag)}
                >
                  {t.tag} <span className="text-xs opacity-70">{t.count}</span>
                </Button>
              ))}
            </div>
          )}
          {directory.isPending ? (
            <DirectorySkeleton />
          ) : directory.isError ? (
            <Alert variant="destructive">
              <AlertTitle>Failed to load mentors</AlertTitle>
              <AlertDescription className="flex flex-wrap items-center gap-3">
                {serverMessage(directory.error) ?? 'Please try again later.'}
                <Button size="sm" variant="outline" onClick={() => void directory.refetch()}>
                  Retry
                </Button>
              </AlertDescription>
            </Alert>
          ) : directory.data.mentors.length === 0 ? (
            <Card className="flex flex-col items-center gap-2 px-6 py-10 text-center" data-testid="mentors-empty">
              <Users className="size-8 text-muted-foreground" aria-hidden="true" />
              <p className="font-semibold">{tag ? `No mentors for “${tag}” yet` : 'No mentors yet'}</p>
              <p className="text-sm text-muted-foreground">Approved mentors appear here. Why not be the first?</p>
            </Card>
          ) : (
            <div className="grid gap-4 md:grid-cols-2">
              {directory.data.mentors.map((mentor) => (
                <MentorCard key={mentor.id} mentor={mentor} own={own?.id === mentor.id} onRequest={() => setRequesting(mentor)} />
              ))}
            </div>
          )}
        </section>

        <div className="grid content-start gap-4">
          <Card className="grid gap-3 p-5" aria-labelledby="become-mentor-heading">
            <h3 id="become-mentor-heading" className="text-lg font-semibold">
              Become a mentor
            </h3>
            {own && (
              <div className="grid gap-1" data-testid="mentor-application-status">
                <p className="flex flex-wrap items-center gap-2 text-sm">
                  Your application: <Badge variant={own.status === 'approved' ? 'success' : own.status === 'pending' ? 'secondary' : 'outline'}>{MENTOR_STATUS_LABELS[own.status]}</Badge>
                </p>
                <p className="text-sm text-muted-foreground">{APPLICATION_HINTS[own.status]}</p>
              </div>
            )}
            {canApply &&
              (nameLoading || application.isPending ? (
                <Skeleton className="h-9 w-40" />
              ) : username ? (
                <>
                  {!own && <p className="text-sm text-muted-foreground">Share what you know. Staff review every application before it is listed.</p>}
                  <Button className="justify-self-start" onClick={() => setApplying(true)}>
                    {own ? 'Apply Again' : 'Become a Mentor'}
                  </Button>
                </>
              ) : (
                <p className="text-sm text-muted-foreground">Mentors apply under their username. Choose a username first (the welcome prompt offers it), then come back.</p>
              ))}
          </Card>

          {(received.length > 0 || sent.length > 0) && (
            <Card className="grid gap-3 p-5" aria-labelledby="my-mentoring-heading">
              <h3 id="my-mentoring-heading" className="text-lg font-semibold">
                My mentoring
              </h3>
              {received.length > 0 && (
                <section className="grid gap-2" aria-label="Requests you received">
                  <h4 className="text-sm font-medium text-muted-foreground">Requests you received</h4>
                  <ul className="grid gap-2">
                    {received.map((r) => (
                      <RequestRow key={r.id} request={r} onOpen={() => setThreadId(r.id)} />
                    ))}
                  </ul>
                </section>
              )}
              {sent.length > 0 && (
                <section className="grid gap-2" aria-label="Requests you sent">
                  <h4 className="text-sm font-medium text-muted-foreground">Requests you sent</h4>
                  <ul className="grid gap-2">
                    {sent.map((r) => (
                      <RequestRow key={r.id} request={r} onOpen={() => setThreadId(r.id)} />
                    ))}
                  </ul>
                </section>
              )}
            </Card>
          )}
        </div>
      </div>

      {applying && <BecomeMentorDialog open={applying} onOpenChange={setApplying} />}
      <RequestMentorDialog open={requesting !== null} mentor={requesting} onClose={() => setRequesting(null)} />
      <MentorThreadDialog open={threadId !== null} requestId={threadId} onClose={() => setThreadId(null)} />
    </section>
  );
}
