import type { AdminReport, PostStatus } from '@wfm/contracts/forum';
import { Badge, Button, Card, buttonClasses, toast } from '@wfm/ui';
import { CheckCircle2, ExternalLink } from 'lucide-react';
import { ExpandableText } from '../../../components/expandable-text.tsx';
import { sitePaths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useResolvePost } from '../../../lib/resolve-post.ts';
import { reasonText, reportKindLabel, reportStatus } from '../labels.ts';

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
  const postId = report.post_id;
  const postDeleted = postId !== null && report.title === null;
  const heading = report.kind === 'post' ? (report.title ?? `Post #${postId} (deleted)`) : (report.title ?? 'Help request');

  return (
    <Card className="grid gap-2 p-4" aria-label={`${reportKindLabel(report)} ${report.ticket_reference}`} role="article">
      <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
        <span className="font-mono font-medium text-foreground">{report.ticket_reference}</span>
        <Badge variant="outline">{reportKindLabel(report)}</Badge>
        <Badge variant={reportStatus(report.status) === 'New' ? 'default' : 'secondary'}>{reportStatus(report.status)}</Badge>
        {report.priority && <Badge variant={report.priority === 'Urgent' || report.priority === 'High' ? 'destructive' : 'secondary'}>{report.priority}</Badge>}
        {report.duplicate && <Badge variant="destructive" title="Several other visitors sent the same text within an hour">Duplicate</Badge>}
        {report.category && <span>{report.category}</span>}
        <time className="ml-auto" dateTime={new Date(report.created_at).toISOString()}>
          {formatDateTime(report.created_at)}
        </time>
      </div>
      <h3 className="font-semibold leading-snug">{heading}</h3>
      <ExpandableText text={reasonText(report)} className="text-sm" />
      <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-muted-foreground">
        <span>
          By {report.reporter_name}
          {report.contact_info && <> · Contact: {report.contact_info}</>}
        </span>
        {postId !== null && !postDeleted && (
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
