import type { Tool } from '@wfm/contracts/catalog/tools';
import { Badge, Button, buttonClasses, Card, Skeleton, toast } from '@wfm/ui';
import { ArrowBigUp, ExternalLink, MessagesSquare } from '@wfm/ui/icons';
import { Link } from '../../../lib/router.tsx';
import { ExternalAnchor } from '../../../components/external-anchor.tsx';
import { errorToast } from '../../../lib/error-toast.ts';
import { safeUrl } from '../../../lib/safe-url.ts';
import { useVoteTool } from '../api/vote-tool.ts';
import { TOOL_TOASTS } from '../messages.ts';

function VoteButton({ tool }: { tool: Tool }) {
  const vote = useVoteTool();
  const onClick = () =>
    vote.mutate(tool.id, {
      onSuccess: () => toast(TOOL_TOASTS.voted),
      onError: (error) => toast(errorToast(TOOL_TOASTS.voteFailed.title, error, TOOL_TOASTS.voteFailed.fallback)),
    });
  return (
    <Button
      variant="outline"
      size="sm"
      onClick={onClick}
      disabled={vote.isPending}
      aria-label={`Vote for ${tool.name}, ${tool.votes} ${tool.votes === 1 ? 'vote' : 'votes'}`}
      data-testid="tool-vote"
      data-replay-click={`tool-vote-${tool.id}`}
    >
      <ArrowBigUp aria-hidden="true" />
      <span className="tabular-nums" data-testid="tool-votes">
        {tool.votes}
      </span>
    </Button>
  );
}

/** Name, category, description, submitter, posts linking to it, a vote button and a visit link. */
export function ToolCard({ tool }: { tool: Tool }) {
  const href = safeUrl(tool.url);
  return (
    <Card className="flex h-full flex-col gap-3 p-5" data-testid="tool-card">
      <div className="flex items-start justify-between gap-2">
        <h3 className="min-w-0 break-words text-base font-semibold leading-tight">{tool.name}</h3>
        <Badge variant="secondary" className="shrink-0">
          {tool.category}
        </Badge>
      </div>
      <p className="flex-1 break-words text-sm text-muted-foreground">{tool.short_desc}</p>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
        <span>Submitted by {tool.submitted_by}</span>
        {tool.linked_posts > 0 && (
          <Link
            to={`/?${new URLSearchParams({ q: tool.name })}`}
            className="inline-flex items-center gap-1 underline-offset-4 hover:text-foreground hover:underline"
            data-testid="tool-linked-posts"
          >
            <MessagesSquare className="size-3.5" aria-hidden="true" />
            {tool.linked_posts === 1 ? '1 community post' : `${tool.linked_posts} community posts`}
          </Link>
        )}
      </div>
      <div className="flex items-center justify-between gap-2 border-t border-border pt-3">
        <VoteButton tool={tool} />
        {href ? (
          <ExternalAnchor href={href} className={buttonClasses({ variant: 'ghost', size: 'sm' })} aria-label={`Visit ${tool.name}`}>
            <ExternalLink aria-hidden="true" />
            Visit
          </ExternalAnchor>
        ) : null}
      </div>
    </Card>
  );
}

export function ToolCardSkeleton() {
  return (
    <Card className="grid gap-3 p-5" data-testid="tool-skeleton">
      <div className="flex justify-between gap-2">
        <Skeleton className="h-5 w-2/3" />
        <Skeleton className="h-5 w-16 rounded-full" />
      </div>
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-4 w-4/5" />
      <Skeleton className="h-3 w-1/3" />
      <div className="flex justify-between pt-2">
        <Skeleton className="h-8 w-14" />
        <Skeleton className="h-8 w-16" />
      </div>
    </Card>
  );
}
