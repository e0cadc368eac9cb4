import { HIDDEN_BADGES, type AdminReport, type PostStatus } from '@wfm/contracts/forum';
import { Badge, Button, Card, Collapsible, CollapsibleContent, CollapsibleTrigger, buttonClasses, toast } from '@wfm/ui';
import { CheckCircle2, ChevronDown, Eye, EyeOff, ExternalLink } from '@wfm/ui/icons';
import { useState } from 'react';
import { useDecideReport } from '../api/decide-report.ts';
import { useSetHidden } from '../api/hide-content.ts';
import { DecisionForm } from './decision-form.tsx';
import { ExpandableText } from '../../../components/expandable-text.tsx';
import { sitePaths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useResolvePost } from '../../../lib/resolve-post.ts';
import { reasonText, reportKindLabel, reportStatus } from '../labels.ts';
import { SuspendAuthorButton } from '../../../components/suspend-author-button.tsx';
import type { SuspendableContent } from '../../../lib/suspend-author.ts';

/**
 * One report or help request. A report about a post links to it (new window) and, while the post
 * is open, offers Resolve. `postStatus` is undefined when the post is not among the loaded posts.
 */
export function ReportCard({
  report,
  postStatus,
  canResolve,
}: {
  report: AdminReport;
  postStatus: PostStatus | undefined;
  canResolve: boolean;
}) {
  const resolve = useResolvePost();
  const decide = useDecideReport();
  const setHidden = useSetHidden();
  const [deciding, setDeciding] = useState(false);
  const contentId = report.kind === 'comment' ? report.comment_id : report.kind === 'post' ? report.post_id : null;
  const toggleHidden = () => {
    if (contentId === null || report.kind === 'help') return;
    const hide = report.content_hidden === null;
    const noun = report.kind === 'post' ? 'Post' : 'Comment';
    setHidden.mutate(
      { kind: report.kind, id: contentId, hide },
      {
        onSuccess: () =>
          toast({ title: hide ? `${noun} hidden` : `${noun} shown again`, description: hide ? 'Only its author and staff see it now.' : 'Everyone sees it again.' }),
        onError: (error) =>
          toast({ variant: 'destructive', title: `Failed to ${hide ? 'hide' : 'unhide'}`, description: errorMessage(error, 'Please try again') }),
      },
    );
  };
  const postId = report.post_id;
  const postDeleted = postId !== null && report.title === null;
  const heading =
    report.kind === 'post'
      ? (report.title ?? `Post #${postId} (deleted)`)
      : report.kind === 'comment'
        ? `Comment #${report.comment_id} on ${report.title ?? `post #${postId} (deleted)`}`
        : (report.title ?? 'Help request');
  const isNew = reportStatus(report.status) === 'New';
  // The author of reported content that is still there can be suspended from the report itself.
  const suspendable: SuspendableContent | null =
    report.content === null
      ? null
      : report.kind === 'post' && postId !== null
        ? { kind: 'post', id: postId }
        : report.kind === 'comment' && report.comment_id !== null
          ? { kind: 'comment', id: report.comment_id }
          : null;
  const close = (status: 'Reviewed' | 'Action taken' | 'Dismissed', action: 'none' | 'delete', done: string) =>
    decide.mutate(
      { id: report.id, status, action },
      {
        onSuccess: () => toast({ title: done, description: `${report.ticket_reference} is now ${status}.` }),
        onError: (error) =>
          toast({ variant: 'destructive', title: 'Failed to update report', description: errorMessage(error, 'Please try again') }),
      },
    );

  return (
    <Card className="grid gap-2 p-4" aria-label={`${reportKindLabel(report)} ${report.ticket_reference}`} role="article">
      <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
        <span className="font-mono font-medium text-foreground">{report.ticket_reference}</span>
        <Badge variant="outline">{reportKindLabel(report)}</Badge>
        <Badge variant={reportStatus(report.status) === 'New' ? 'default' : 'secondary'}>{reportStatus(report.status)}</Badge>
        {report.priority && <Badge variant={report.priority === 'Urgent' || report.priority === 'High' ? 'destructive' : 'secondary'}>{report.priority}</Badge>}
        {report.duplicate && <Badge variant="destructive" title="Several other visitors sent the same text within an hour">Duplicate</Badge>}
        {report.content_hidden && (
          <Badge variant="destructive" title="Hidden from everyone but its author and staff">
            {HIDDEN_BADGES[report.content_hidden]}
          </Badge>
        )}
        {report.category && <span>{report.category}</span>}
        <time className="ml-auto" dateTime={new Date(report.created_at).toISOString()}>
          {formatDateTime(report.created_at)}
        </time>
      </div>
      <h3 className="font-semibold leading-snug">{heading}</h3>
      <ExpandableText text={reasonText(report)} className="text-sm" />
      {report.kind !== 'help' &&
        (report.content === null ? (
          <p className="text-sm italic text-muted-foreground">The reported {report.kind} is gone.</p>
        ) : (
          <blockquote className="border-l-2 pl-3 text-sm text-muted-foreground" aria-label="Reported content">
            <ExpandableText text={report.content} className="text-sm" />
          </blockquote>
        ))}
      {report.author_recent_reports > 0 && (
        <p className="text-xs font-medium text-destructive">
          Its author drew {report.author_recent_reports} other report{report.author_recent_reports === 1 ? '' : 's'} in the last 30 days
        </p>
      )}
      {report.decided_by !== null && report.decided_at !== null && (
        <p className="text-xs text-muted-foreground">
          {reportStatus(report.status)} by {report.decided_by} on {formatDateTime(report.decided_at)}
        </p>
      )}
      {isNew && canResolve && (
        <div className="flex flex-wrap gap-2" role="group" aria-label="Decide this report">
          <Button size="sm" variant="outline" disabled={decide.isPending} onClick={() => close('Reviewed', 'none', 'Report reviewed')}>
            Mark reviewed
          </Button>
          <Button size="sm" variant="outline" disabled={decide.isPending} onClick={() => close('Dismissed', 'none', 'Report dismissed')}>
            Dismiss
          </Button>
          {report.kind === 'help' ? (
            <Button size="sm" disabled={decide.isPending} onClick={() => close('Action taken', 'none', 'Action taken')}>
              Action taken
            </Button>
          ) : (
            report.content !== null && (
              <Button
                size="sm"
                variant="destructive"
                disabled={decide.isPending}
                onClick={() => close('Action taken', 'delete', `${report.kind === 'post' ? 'Post' : 'Comment'} deleted`)}
              >
                Delete {report.kind} (action taken)
              </Button>
            )
          )}
        </div>
      )}
      {canResolve && suspendable && (
        <div className="flex">
          <SuspendAuthorButton content={suspendable} title={heading} labelled />
        </div>
      )}
      {isNew && canResolve && report.kind !== 'help' && report.content !== null && (
        <Collapsible open={deciding} onOpenChange={setDeciding}>
          <CollapsibleTrigger className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
            <ChevronDown aria-hidden="true" className={deciding ? 'rotate-180 transition-transform' : 'transition-transform'} />
            Decide with hide or suspension…
          </CollapsibleTrigger>
          <CollapsibleContent className="pt-2">
            <DecisionForm report={report} onDone={() => setDeciding(false)} />
          </CollapsibleContent>
        </Collapsible>
      )}
      {canResolve && report.kind !== 'help' && report.content !== null && (
        <div>
          <Button size="sm" variant="outline" disabled={setHidden.isPending} onClick={toggleHidden}>
            {report.content_hidden === null ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
            {report.content_hidden === null ? `Hide ${report.kind}` : `Unhide ${report.kind}`}
          </Button>
        </div>
      )}
      <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-muted-foreground">
        <span>
          By {report.reporter_name}
          {report.contact_info && <> · Contact: {report.contact_info}</>}
        </span>
        {report.kind === 'post' && postId !== null && !postDeleted && (
          <div className="flex flex-wrap items-center gap-2">
            <a
              href={sitePaths.post(postId)}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClasses({ variant: 'outline', size: 'sm' })}
            >
              <ExternalLink aria-hidden="true" />
              View post
            </a>
            {postStatus === 'resolved' ? (
              <Badge variant="success">
                <CheckCircle2 className="mr-1 size-3" aria-hidden="true" />
                Post resolved
              </Badge>
            ) : (
              canResolve && (
                <Button
                  size="sm"
                  disabled={resolve.isPending}
                  onClick={() =>
                    resolve.mutate(postId, {
                      onSuccess: () => toast({ title: 'Post resolved', description: `“${heading}” is marked resolved.` }),
                      onError: (error) =>
                        toast({
                          variant: 'destructive',
                          title: 'Failed to resolve post',
                          description: errorMessage(error, 'Please try again'),
                        }),
                    })
                  }
                >
                  <CheckCircle2 aria-hidden="true" />
                  {resolve.isPending ? 'Resolving...' : 'Resolve post'}
                </Button>
              )
            )}
          </div>
        )}
      </div>
    </Card>
  );
}
